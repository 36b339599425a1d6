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
// replicated before it is acknowledged). A DeleteElements spanning tablets
// goes behind a write-ahead record, as store-rocks' multi-instance delete
// does:
//   1. omap key quarry.delete_pending.<id> on the metadata object = every
//      (tablet, omap key, value read) to remove;
//   2. each tablet's removals, in parallel;
//   3. the record removed.
// A client that dies after 1 leaves the record; the next Open of the graph
// (any client) finishes it with guarded deletes (internal/guarded_remove.h):
// a key is removed only if its value is still the one the delete read, so
// a key that other clients re-wrote since (a RADOS graph may have many
// writers, which do not reopen it) is kept.
//
// DeleteAllElements calls the object class's "clear" on every tablet (each
// one atomic; the batch records stay so a resent batch is still
// recognised). It takes no record: replaying a clear later would also
// remove what other clients wrote since. A DeleteAllElements that failed or
// whose client died may have cleared some tablets only; it is idempotent,
// so running it again finishes it.
//
// Concurrency. Within one process, writes wait while a delete runs
// (write_mu_). Other processes writing to the same graph are not held off:
// a key they add to a row while a delete of that row runs may or may not be
// removed, as with any two racing writers on RADOS.
#include <cerrno>

#include "cls/batch_format.h"
#include "graph-core/clock.h"
#include "keypackages/key_format.h"
#include "keypackages/key_range.h"
#include "store-rados/internal/guarded_remove.h"
#include "store-rados/internal/rados_graph.h"
#include "store-rados/rados_kv_iterator.h"

namespace quarry::internal {
namespace {

constexpr char kDeletePendingPrefix[] = "quarry.delete_pending.";
constexpr size_t kListPage = 1024;

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

// The record's value: per cell its tablet (u32), then the lengths (u32)
// and bytes of its omap key and of the value the delete read.
std::string EncodeDeletes(const std::vector<TabletCells>& by_tablet) {
  std::string out;
  for (uint32_t t = 0; t < by_tablet.size(); ++t) {
    for (const auto& [key, value] : by_tablet[t]) {
      PutU32(t, &out);
      PutU32(static_cast<uint32_t>(key.size()), &out);
      out += key;
      PutU32(static_cast<uint32_t>(value.size()), &out);
      out += value;
    }
  }
  return out;
}

Result<std::vector<TabletCells>> DecodeDeletes(std::string_view in, uint32_t tablets) {
  std::vector<TabletCells> by_tablet(tablets);
  auto field = [&in](std::string* out) {
    uint32_t length = 0;
    if (!GetU32(&in, &length) || in.size() < length) return false;
    out->assign(in.substr(0, length));
    in.remove_prefix(length);
    return true;
  };
  std::string key, value;
  while (!in.empty()) {
    uint32_t tablet = 0;
    if (!GetU32(&in, &tablet) || tablet >= tablets || !field(&key) || !field(&value)) {
      return DataLossError("a quarry.delete_pending record is malformed");
    }
    by_tablet[tablet][key] = value;
  }
  return by_tablet;
}

// Every omap key of `oid` starting with `prefix`, with its value.
Status ListCells(librados::IoCtx& io, const std::string& oid, const std::string& prefix,
                 TabletCells* out) {
  std::string after;
  for (bool more = true; more;) {
    std::map<std::string, librados::bufferlist> page;
    QUARRY_RETURN_IF_ERROR(FromRados(io.omap_get_vals2(oid, after, prefix, kListPage, &page, &more),
                                     "listing the cells to delete in " + oid));
    if (page.empty()) break;
    for (auto& [key, value] : page) (*out)[key] = value.to_str();
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
                                         std::vector<TabletCells>* by_tablet) const {
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
      QUARRY_RETURN_IF_ERROR(ListCells(io(), tablets_.TabletObject(tablet), g->prefix + prefix,
                                       &(*by_tablet)[tablet]));
    }
  }
  return Status::OK();
}

Status RadosGraph::ApplyDeletes(const std::vector<TabletCells>& by_tablet) {
  size_t touched = 0;
  for (const TabletCells& cells : by_tablet) touched += cells.empty() ? 0 : 1;
  if (touched == 0) return Status::OK();
  const std::string record = kDeletePendingPrefix + cls::NewBatchId(NowMillis());
  if (touched > 1) {
    std::map<std::string, librados::bufferlist> entry;
    entry[record] = BufferOf(EncodeDeletes(by_tablet));
    QUARRY_RETURN_IF_ERROR(FromRados(io().omap_set(tablets_.MetaObject(), entry),
                                     "writing the delete's record to " + tablets_.MetaObject()));
  }
  std::vector<std::unique_ptr<librados::ObjectWriteOperation>> ops(tablets_.tablets());
  for (uint32_t t = 0; t < tablets_.tablets(); ++t) {
    if (by_tablet[t].empty()) continue;
    std::set<std::string> keys;
    for (const auto& [key, value] : by_tablet[t]) keys.insert(key);
    ops[t] = std::make_unique<librados::ObjectWriteOperation>();
    ops[t]->omap_rm_keys(keys);
  }
  Status removed = RunTabletOps(io(), tablets_, &ops, "deleting elements");
  NoteWrite();  // After the removals: a count taken meanwhile is not kept.
  QUARRY_RETURN_IF_ERROR(removed);
  if (touched == 1) return Status::OK();
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
    QUARRY_ASSIGN_OR_RETURN(std::vector<TabletCells> by_tablet,
                            DecodeDeletes(value.to_str(), tablets_.tablets()));
    for (uint32_t t = 0; t < by_tablet.size(); ++t) {
      if (by_tablet[t].empty()) continue;
      std::vector<GuardedCell> cells;
      for (auto& [omap_key, read] : by_tablet[t]) cells.push_back({omap_key, read});
      QUARRY_RETURN_IF_ERROR(GuardedRemove(io(), tablets_.TabletObject(t), cells)
                                 .status()
                                 .WithContext("finishing an interrupted delete"));
    }
    QUARRY_RETURN_IF_ERROR(FromRados(io().omap_rm_keys(tablets_.MetaObject(), {key}),
                                     "removing " + key + " from " + tablets_.MetaObject()));
  }
  return Status::OK();
}

Status RadosGraph::DeleteElements(std::span<const Element> elements) {
  QUARRY_RETURN_IF_ERROR(CheckWritable("DeleteElements"));
  std::unique_lock<std::shared_mutex> lock(write_mu_);
  std::vector<TabletCells> by_tablet;
  QUARRY_RETURN_IF_ERROR(CollectElementDeletes(elements, &by_tablet));
  return ApplyDeletes(by_tablet);
}

Status RadosGraph::DeleteAllElements() {
  QUARRY_RETURN_IF_ERROR(CheckWritable("DeleteAllElements"));
  std::unique_lock<std::shared_mutex> lock(write_mu_);
  std::vector<std::unique_ptr<librados::ObjectWriteOperation>> ops(tablets_.tablets());
  for (auto& op : ops) {
    op = std::make_unique<librados::ObjectWriteOperation>();
    librados::bufferlist in;
    op->exec(cls::kClassName, cls::kClearMethod, in);
  }
  Status cleared = RunTabletOps(io(), tablets_, &ops, "deleting every element");
  NoteWrite();
  return cleared;
}

}  // namespace quarry::internal
