// RadosGraph: DeleteElements and DeleteAllElements.
//
// What is deleted is what store-rocks deletes (rocks_graph_delete.cc): every
// stored cell of each element's aggregation key, under each of its rows
// (both rows of an edge), whatever the visibility and every insert of a
// non-aggregated group. A row's cells all lie in one tablet (the tablet is
// chosen by the row prefix), so they are found with one omap listing whose
// filter prefix is the cell prefix.
//
// Whole or not at all. One tablet's removals are one OSD write op (atomic,
// replicated before it is acknowledged). A delete spanning tablets goes
// behind a write-ahead record, as store-rocks' multi-instance delete does:
//   1. omap key quarry.delete_pending.<id> on the metadata object = every
//      (tablet, omap key) to remove;
//   2. each tablet's removals, in parallel;
//   3. the record removed.
// A client that dies after 1 leaves the record; the next Open of the graph
// (any client) applies it again (removing a removed key is a no-op) and
// removes it.
//
// DeleteAllElements calls the object class's "clear" on every tablet (each
// one atomic; the batch records stay so a resent batch is still recognised),
// behind the same kind of record (the tablet list is implicit: all).
//
// Concurrency. Within one process, writes wait while a delete runs (mu_).
// Other processes writing to the same graph are not held off: a key they
// add to a row while a delete of that row runs may or may not be removed,
// as with any two racing writers on RADOS.
#include <cerrno>

#include "cls/batch_format.h"
#include "graph-core/clock.h"
#include "keypackages/key_format.h"
#include "keypackages/key_range.h"
#include "store-rados/internal/rados_graph.h"
#include "store-rados/rados_kv_iterator.h"

namespace quarry::internal {
namespace {

constexpr char kDeletePendingPrefix[] = "quarry.delete_pending.";
constexpr char kDeleteAllMarker[] = "all";
constexpr size_t kListPage = 1024;

librados::bufferlist Bytes(std::string_view s) {
  librados::bufferlist bl;
  bl.append(s.data(), s.size());
  return bl;
}

void PutU32(uint32_t v, std::string* dst) {
  for (int shift = 24; shift >= 0; shift -= 8) dst->push_back(static_cast<char>(v >> shift));
}

bool GetU32(std::string_view* in, uint32_t* v) {
  if (in->size() < 4) return false;
  *v = 0;
  for (int i = 0; i < 4; ++i) *v = (*v << 8) | static_cast<uint8_t>((*in)[i]);
  in->remove_prefix(4);
  return true;
}

// The record's value: per key its tablet (u32), length (u32) and bytes.
std::string EncodeDeletes(const std::vector<std::set<std::string>>& by_tablet) {
  std::string out;
  for (uint32_t t = 0; t < by_tablet.size(); ++t) {
    for (const std::string& key : by_tablet[t]) {
      PutU32(t, &out);
      PutU32(static_cast<uint32_t>(key.size()), &out);
      out += key;
    }
  }
  return out;
}

Result<std::vector<std::set<std::string>>> DecodeDeletes(std::string_view in, uint32_t tablets) {
  std::vector<std::set<std::string>> by_tablet(tablets);
  while (!in.empty()) {
    uint32_t tablet = 0, length = 0;
    if (!GetU32(&in, &tablet) || !GetU32(&in, &length) || tablet >= tablets || in.size() < length) {
      return DataLossError("a quarry.delete_pending record is malformed");
    }
    by_tablet[tablet].emplace(in.substr(0, length));
    in.remove_prefix(length);
  }
  return by_tablet;
}

// Every omap key of `oid` starting with `prefix`.
Status ListKeys(librados::IoCtx& io, const std::string& oid, const std::string& prefix,
                std::set<std::string>* out) {
  std::string after;
  for (bool more = true; more;) {
    std::map<std::string, librados::bufferlist> page;
    QUARRY_RETURN_IF_ERROR(FromRados(io.omap_get_vals2(oid, after, prefix, kListPage, &page, &more),
                                     "listing the cells to delete in " + oid));
    if (page.empty()) break;
    for (auto& [key, value] : page) out->insert(key);
    after = page.rbegin()->first;
  }
  return Status::OK();
}

// Runs one write op per tablet that has one, in parallel; the first error.
Status RunTabletOps(librados::IoCtx& io, const TabletMap& map,
                    std::vector<std::unique_ptr<librados::ObjectWriteOperation>>* ops,
                    const std::string& what) {
  std::vector<std::pair<uint32_t, librados::AioCompletion*>> done;
  int first_error = 0;
  std::string failed;
  for (uint32_t t = 0; t < ops->size(); ++t) {
    if ((*ops)[t] == nullptr) continue;
    librados::AioCompletion* c = librados::Rados::aio_create_completion();
    int r = io.aio_operate(map.TabletObject(t), c, (*ops)[t].get());
    if (r < 0) {
      c->release();
      if (first_error == 0) first_error = r, failed = map.TabletObject(t);
      continue;
    }
    done.emplace_back(t, c);
  }
  for (auto& [t, c] : done) {
    c->wait_for_complete();
    int r = c->get_return_value();
    c->release();
    if (r < 0 && first_error == 0) first_error = r, failed = map.TabletObject(t);
  }
  return FromRados(first_error, what + " in " + failed);
}

}  // namespace

Status RadosGraph::CollectElementDeletes(std::span<const Element> elements,
                                         std::vector<std::set<std::string>>* by_tablet) const {
  by_tablet->assign(tablets_.tablets(), {});
  std::vector<KeyValue> kvs;
  for (size_t i = 0; i < elements.size(); ++i) {
    const Element& e = elements[i];
    const RadosGroup* g = group(e.group());
    const std::string where = "element " + std::to_string(i) + " (group '" + e.group() + "')";
    if (g == nullptr || g->def->kind() != e.kind()) {
      return InvalidArgumentError(where + ": no " + (e.is_entity() ? "entity" : "edge") +
                                  " group of that name in the schema");
    }
    kvs.clear();
    Status s = package_->Encode(e, 0, &kvs);
    if (!s.ok()) return InvalidArgumentError(where + ": " + s.message());
    for (const KeyValue& kv : kvs) {
      QUARRY_ASSIGN_OR_RETURN(KeyParts parts, SplitKey(kv.key));
      // The cell prefix: the key without its visibility (ends with 00).
      std::string prefix = kv.key.substr(0, kv.key.size() - parts.visibility.size());
      const uint32_t tablet = tablets_.TabletOf(kv.key);
      QUARRY_RETURN_IF_ERROR(
          ListKeys(io(), tablets_.TabletObject(tablet), g->prefix + prefix, &(*by_tablet)[tablet]));
    }
  }
  return Status::OK();
}

Status RadosGraph::ApplyDeletes(const std::vector<std::set<std::string>>& by_tablet, bool all) {
  size_t touched = 0;
  for (const auto& keys : by_tablet) touched += keys.empty() ? 0 : 1;
  if (!all && touched == 0) return Status::OK();
  const std::string record = kDeletePendingPrefix + cls::NewBatchId(NowMillis());
  const bool logged = all || touched > 1;
  if (logged) {
    std::map<std::string, librados::bufferlist> entry;
    entry[record] = Bytes(all ? std::string(kDeleteAllMarker) : EncodeDeletes(by_tablet));
    QUARRY_RETURN_IF_ERROR(FromRados(io().omap_set(tablets_.MetaObject(), entry),
                                     "writing the delete's record to " + tablets_.MetaObject()));
  }
  std::vector<std::unique_ptr<librados::ObjectWriteOperation>> ops(tablets_.tablets());
  for (uint32_t t = 0; t < tablets_.tablets(); ++t) {
    if (!all && by_tablet[t].empty()) continue;
    ops[t] = std::make_unique<librados::ObjectWriteOperation>();
    if (all) {
      librados::bufferlist in;
      ops[t]->exec(cls::kClassName, cls::kClearMethod, in);
    } else {
      ops[t]->omap_rm_keys(by_tablet[t]);
    }
  }
  QUARRY_RETURN_IF_ERROR(RunTabletOps(io(), tablets_, &ops, "deleting elements"));
  if (!logged) return Status::OK();
  return FromRados(io().omap_rm_keys(tablets_.MetaObject(), {record}),
                   "removing the delete's record from " + tablets_.MetaObject());
}

Status RadosGraph::FinishPendingDeletes() {
  std::map<std::string, librados::bufferlist> records;
  bool more = false;
  QUARRY_RETURN_IF_ERROR(
      FromRados(io().omap_get_vals2(tablets_.MetaObject(), "", kDeletePendingPrefix, kListPage,
                                    &records, &more),
                "reading " + tablets_.MetaObject()));
  for (auto& [key, value] : records) {
    const std::string text = value.to_str();
    const bool all = text == kDeleteAllMarker;
    std::vector<std::set<std::string>> by_tablet(tablets_.tablets());
    if (!all) {
      QUARRY_ASSIGN_OR_RETURN(by_tablet, DecodeDeletes(text, tablets_.tablets()));
    }
    QUARRY_RETURN_IF_ERROR(
        ApplyDeletes(by_tablet, all).WithContext("finishing an interrupted delete"));
    QUARRY_RETURN_IF_ERROR(FromRados(io().omap_rm_keys(tablets_.MetaObject(), {key}),
                                     "removing " + key + " from " + tablets_.MetaObject()));
  }
  return Status::OK();
}

Status RadosGraph::DeleteElements(std::span<const Element> elements) {
  std::unique_lock<std::shared_mutex> lock(write_mu_);
  std::vector<std::set<std::string>> by_tablet;
  QUARRY_RETURN_IF_ERROR(CollectElementDeletes(elements, &by_tablet));
  return ApplyDeletes(by_tablet, /*all=*/false);
}

Status RadosGraph::DeleteAllElements() {
  std::unique_lock<std::shared_mutex> lock(write_mu_);
  return ApplyDeletes({}, /*all=*/true);
}

}  // namespace quarry::internal
