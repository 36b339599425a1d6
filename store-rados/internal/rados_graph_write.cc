// RadosGraph: AddElements and BulkImport (gaffer-compat.md §9.10): every
// element validated and encoded before anything is sent, then one class
// call per bounded batch per tablet (cls/batch_format.h).
#include <cerrno>
#include <chrono>
#include <thread>

#include "cls/batch_format.h"
#include "graph-core/clock.h"
#include "keypackages/key_format.h"
#include "store-rados/internal/rados_graph.h"
#include "store-rados/rados_kv_iterator.h"

namespace quarry::internal {

struct RadosGraph::TabletEntries {
  std::vector<cls::BatchEntry> entries;
};

namespace {

// Resends of one batch after a transient error (same id: never counted
// twice), while the round is younger than quarry.rados.op.timeout.s: an op
// that timed out is not sent again, so a write to an unavailable tablet
// fails within the timeout instead of a multiple of it.
constexpr int kMaxAttempts = 4;

bool Transient(int r) { return r == -ETIMEDOUT || r == -EAGAIN || r == -EBUSY || r == -ENOTCONN; }

// Cuts one tablet's entries into encoded batches within the class's bounds.
Status CutBatches(std::vector<cls::BatchEntry>* entries, std::vector<std::string>* out) {
  const size_t budget = cls::kMaxBatchBytes - cls::EncodedBatchHeaderBytes();
  cls::Batch batch;
  size_t bytes = 0;
  auto flush = [&]() -> Status {
    if (batch.entries.empty()) return Status::OK();
    batch.id = cls::NewBatchId(NowMillis());
    out->emplace_back();
    QUARRY_RETURN_IF_ERROR(cls::EncodeBatch(batch, &out->back()));
    batch.entries.clear();
    bytes = 0;
    return Status::OK();
  };
  for (cls::BatchEntry& e : *entries) {
    size_t size = cls::EncodedEntryBytes(e.key.size(), e.value.size());
    if (bytes + size > budget || batch.entries.size() == cls::kMaxBatchEntries) {
      QUARRY_RETURN_IF_ERROR(flush());
    }
    bytes += size;
    batch.entries.push_back(std::move(e));
  }
  return flush();
}

// One class call in flight.
struct Call {
  uint32_t tablet = 0;
  const std::string* batch = nullptr;
  librados::ObjectWriteOperation op;
  librados::bufferlist out;
  int rval = 0;
  librados::AioCompletion* done = nullptr;
};

// Sends one batch per listed tablet at once and waits for all; the result
// per call (0 or -errno).
std::vector<int> SendRound(librados::IoCtx& io, const TabletMap& map,
                           const std::vector<std::pair<uint32_t, const std::string*>>& round) {
  std::vector<std::unique_ptr<Call>> calls;
  for (const auto& [tablet, batch] : round) {
    auto call = std::make_unique<Call>();
    call->tablet = tablet;
    librados::bufferlist in;
    in.append(batch->data(), batch->size());
    call->op.exec(cls::kClassName, cls::kApplyMethod, in, &call->out, &call->rval);
    call->done = librados::Rados::aio_create_completion();
    int r = io.aio_operate(map.TabletObject(tablet), call->done, &call->op,
                           librados::OPERATION_RETURNVEC);
    if (r < 0) call->rval = r;
    calls.push_back(std::move(call));
  }
  std::vector<int> results;
  for (auto& call : calls) {
    call->done->wait_for_complete();
    int r = call->done->get_return_value();
    call->done->release();
    results.push_back(r < 0 ? r : call->rval);
  }
  return results;
}

}  // namespace

Status RadosGraph::AddElements(std::span<const Element> elements, const AddElementsOptions& options,
                               AddElementsResult* result) {
  QUARRY_RETURN_IF_ERROR(CheckWritable("AddElements"));
  AddElementsResult local;
  if (result == nullptr) result = &local;
  std::shared_lock<std::shared_mutex> lock(write_mu_);
  *result = AddElementsResult();
  std::vector<TabletEntries> tablets;
  Status s = Encode(elements, options, result, &tablets);
  if (s.ok()) s = SendBatches(&tablets);
  NoteWrite();  // After the write: a count taken meanwhile is not kept.
  if (!s.ok()) *result = AddElementsResult();
  return s;
}

// Bulk import on RADOS is batched class writes: the same path.
Status RadosGraph::BulkImport(std::span<const Element> elements, const AddElementsOptions& options,
                              AddElementsResult* result) {
  QUARRY_RETURN_IF_ERROR(CheckWritable("BulkImport"));
  return AddElements(elements, options, result);
}

Status RadosGraph::Encode(std::span<const Element> elements, const AddElementsOptions& options,
                          AddElementsResult* result, std::vector<TabletEntries>* out) {
  const int64_t timestamp = NowMillis();
  struct Cell {
    const RadosGroup* group;
    KeyValue kv;
  };
  std::vector<Cell> cells;
  std::vector<KeyValue> kvs;
  uint64_t distinct = 0;
  for (size_t i = 0; i < elements.size(); ++i) {
    if (SkipsUnknownGroup(*schema_, elements[i], options)) {
      ++result->skipped;
      continue;
    }
    Status s = CheckElement(i, elements[i], options.validate);
    if (!s.ok() && options.skip_invalid_elements) {
      ++result->skipped;
      continue;
    }
    QUARRY_RETURN_IF_ERROR(s);
    kvs.clear();
    s = package_->Encode(elements[i], timestamp, &kvs);
    if (!s.ok()) {
      return InvalidArgumentError("element " + std::to_string(i) + " (group '" +
                                  elements[i].group() + "'): " + s.message());
    }
    const RadosGroup* group = this->group(elements[i].group());
    for (KeyValue& kv : kvs) cells.push_back({group, std::move(kv)});
    distinct += group->distinct ? kvs.size() : 0;
    ++result->added;
  }
  uint64_t next_id = 0;
  if (distinct > 0) {
    QUARRY_ASSIGN_OR_RETURN(next_id, ids_->Reserve(distinct));
  }
  out->assign(tablets_.tablets(), TabletEntries());
  for (Cell& c : cells) {
    cls::BatchEntry entry;
    entry.kind = c.group->distinct ? cls::BatchEntryKind::kPut : cls::BatchEntryKind::kAggregate;
    uint32_t tablet = tablets_.TabletOf(c.kv.key);
    if (c.group->distinct) AppendInsertId(next_id++, &c.kv.key);
    entry.key = c.group->prefix + c.kv.key;
    entry.value = std::move(c.kv.value);
    (*out)[tablet].entries.push_back(std::move(entry));
  }
  return Status::OK();
}

Status RadosGraph::SendBatches(std::vector<TabletEntries>* tablets) {
  std::vector<std::vector<std::string>> batches(tablets->size());
  size_t rounds = 0;
  for (size_t t = 0; t < tablets->size(); ++t) {
    QUARRY_RETURN_IF_ERROR(CutBatches(&(*tablets)[t].entries, &batches[t]));
    rounds = std::max(rounds, batches[t].size());
  }
  // Round r sends batch r of every tablet: tablets in parallel, one
  // tablet's batches in order (First/Last see the request's order).
  for (size_t r = 0; r < rounds; ++r) {
    std::vector<std::pair<uint32_t, const std::string*>> round;
    for (size_t t = 0; t < batches.size(); ++t) {
      if (r < batches[t].size()) round.emplace_back(static_cast<uint32_t>(t), &batches[t][r]);
    }
    const auto round_start = std::chrono::steady_clock::now();
    for (int attempt = 1; !round.empty(); ++attempt) {
      std::vector<int> results = SendRound(io(), tablets_, round);
      const bool out_of_time =
          rados_.op_timeout_s > 0 && std::chrono::steady_clock::now() - round_start >=
                                         std::chrono::seconds(rados_.op_timeout_s);
      std::vector<std::pair<uint32_t, const std::string*>> again;
      for (size_t i = 0; i < round.size(); ++i) {
        if (results[i] >= 0) continue;
        if (!Transient(results[i]) || attempt == kMaxAttempts || out_of_time) {
          return FromRados(results[i],
                           "applying a batch to " + tablets_.TabletObject(round[i].first));
        }
        again.push_back(round[i]);
      }
      round = std::move(again);
    }
  }
  return Status::OK();
}

}  // namespace quarry::internal
