// RocksGraph: DeleteElements and DeleteAllElements, whole or not at all.
//
// What is deleted. An element names one aggregation key per row it is stored
// under: `row 00 group 00 qualifier 00` (keypackages/key_format.h) followed
// by the visibility and, in non-aggregated groups, the insert id. Every
// stored key with that prefix is a cell of the element (any visibility, any
// insert), so DeleteElements deletes each key found under the prefix of each
// of the element's rows (both rows of an edge). DeleteAllElements deletes,
// per group column family and instance, the range from its first to just
// past its last key. Both hold shard_mu_ exclusively: no write, split point
// change or scan start interleaves, so the keys found are the keys deleted,
// and every scan's snapshots are from before or after the whole delete.
//
// Atomicity. Within one RocksDB instance a WriteBatch is atomic, so a delete
// touching one instance (every graph with one data directory) is one batch.
// A delete spanning several instances cannot be one batch, so it goes behind
// a write-ahead record, as re-homing does (rocks_graph_shards.cc):
//   1. quarry.delete_pending = every cell and range delete, written to
//      instance 0's metadata, synced;
//   2. each other instance's deletes, one synced batch each;
//   3. instance 0's deletes and the removal of quarry.delete_pending, one
//      synced batch.
// A crash before 1 is durable leaves nothing deleted; after it, Open finds
// the record and applies every delete again (a delete of a deleted key or
// range is a no-op, and nothing was written since: the crash ended the
// process holding the graph), then removes the record. So a delete is
// applied whole or not at all. A record spanning many elements is large
// (their keys): deletes are expected to be far rarer and smaller than adds.
#include <rocksdb/write_batch.h>

#include "graph-core/clock.h"
#include "keypackages/key_format.h"
#include "keypackages/key_range.h"
#include "store-rocks/internal/rocks_graph.h"
#include "store-rocks/metadata_format.h"

namespace quarry::internal {
namespace {

rocksdb::Slice S(std::string_view s) { return rocksdb::Slice(s.data(), s.size()); }

rocksdb::WriteOptions Synced() {
  rocksdb::WriteOptions options;
  options.sync = true;
  return options;
}

// The prefix every cell of `key`'s aggregation key starts with: the key
// without its visibility (it ends with the 00 before the visibility).
Result<std::string> CellPrefix(const std::string& key) {
  QUARRY_ASSIGN_OR_RETURN(KeyParts parts, SplitKey(key));
  return key.substr(0, key.size() - parts.visibility.size());
}

}  // namespace

Status RocksGraph::CollectElementDeletes(std::span<const Element> elements,
                                         std::vector<DeleteOp>* ops) const {
  std::vector<KeyValue> kvs;
  for (size_t i = 0; i < elements.size(); ++i) {
    const Element& e = elements[i];
    const GroupState* state = group(e.group());
    std::string where = "element " + std::to_string(i) + " (group '" + e.group() + "')";
    if (state == nullptr || state->def->kind() != e.kind()) {
      return InvalidArgumentError(where + ": no " + (e.is_entity() ? "entity" : "edge") +
                                  " group of that name in the schema");
    }
    kvs.clear();
    Status s = package_->Encode(e, 0, &kvs);
    if (!s.ok()) return InvalidArgumentError(where + ": " + s.message());
    for (const KeyValue& kv : kvs) {
      QUARRY_ASSIGN_OR_RETURN(std::string prefix, CellPrefix(kv.key));
      const size_t instance = dbs_.size() == 1 ? 0 : shards_.InstanceOf(kv.key);
      const std::string end = PrefixSuccessor(prefix);
      rocksdb::ReadOptions read;
      rocksdb::Slice upper(end);
      read.iterate_upper_bound = &upper;
      read.total_order_seek = true;
      std::unique_ptr<rocksdb::Iterator> it(
          dbs_[instance]->db()->NewIterator(read, state->cfs[instance]));
      for (it->Seek(S(prefix)); it->Valid(); it->Next()) {
        ops->push_back({instance, e.group(), it->key().ToString(), ""});
      }
      QUARRY_RETURN_IF_ERROR(FromRocks(it->status(), "finding the cells of " + where));
    }
  }
  return Status::OK();
}

Status RocksGraph::DeleteElements(std::span<const Element> elements) {
  std::unique_lock<std::shared_mutex> lock(shard_mu_);
  std::vector<DeleteOp> ops;
  QUARRY_RETURN_IF_ERROR(CollectElementDeletes(elements, &ops));
  return ApplyDeletes(ops);
}

Status RocksGraph::DeleteAllElements() {
  std::unique_lock<std::shared_mutex> lock(shard_mu_);
  std::vector<DeleteOp> ops;
  for (const auto& [name, state] : groups_) {
    for (size_t i = 0; i < dbs_.size(); ++i) {
      rocksdb::ReadOptions read;
      read.total_order_seek = true;
      std::unique_ptr<rocksdb::Iterator> it(dbs_[i]->db()->NewIterator(read, state.cfs[i]));
      it->SeekToFirst();
      if (!it->Valid()) {
        QUARRY_RETURN_IF_ERROR(FromRocks(it->status(), "reading group '" + name + "'"));
        continue;
      }
      std::string first = it->key().ToString();
      it->SeekToLast();
      QUARRY_RETURN_IF_ERROR(FromRocks(it->status(), "reading group '" + name + "'"));
      // The smallest key above the last one: the range covers every key.
      std::string past_last = it->key().ToString() + '\x00';
      ops.push_back({i, name, std::move(first), std::move(past_last)});
    }
  }
  QUARRY_RETURN_IF_ERROR(ApplyDeletes(ops));
  // Reclaim the space now, as Accumulo's table deletion does (best effort:
  // the data is already gone).
  for (const auto& [name, state] : groups_) {
    for (size_t i = 0; i < dbs_.size(); ++i) {
      dbs_[i]
          ->db()
          ->CompactRange(rocksdb::CompactRangeOptions(), state.cfs[i], nullptr, nullptr)
          .PermitUncheckedError();
    }
  }
  return Status::OK();
}

Status RocksGraph::ApplyDeletes(const std::vector<DeleteOp>& ops) {
  std::vector<rocksdb::WriteBatch> batches(dbs_.size());
  std::vector<std::string> flat;
  std::vector<InstanceColumnFamily> ranged;  // Where range deletes go.
  for (const DeleteOp& op : ops) {
    const GroupState* state = group(op.group);
    if (state == nullptr || op.instance >= dbs_.size()) {
      return DataLossError("delete names unknown group '" + op.group + "' or instance " +
                           std::to_string(op.instance));
    }
    rocksdb::ColumnFamilyHandle* cf = state->cfs[op.instance];
    rocksdb::WriteBatch& batch = batches[op.instance];
    rocksdb::Status s = op.end.empty() ? batch.Delete(cf, S(op.begin))
                                       : batch.DeleteRange(cf, S(op.begin), S(op.end));
    QUARRY_RETURN_IF_ERROR(FromRocks(s, "building the delete batch"));
    if (!op.end.empty()) ranged.push_back({op.instance, cf});
    // quarry.delete_pending: per delete its instance (decimal), group,
    // begin and end, in the split points' length-prefixed list encoding.
    flat.insert(flat.end(), {std::to_string(op.instance), op.group, op.begin, op.end});
  }
  QUARRY_RETURN_IF_ERROR(FlushForRangeDeletes(ranged));
  const Status written = WriteDeletes(&batches, flat);
  // Also after a failed write: a tombstone may be in a memtable already.
  const Status flushed = FlushForRangeDeletes(ranged);
  QUARRY_RETURN_IF_ERROR(written);
  return flushed;
}

// RocksDB 7.8 keeps one insert hint per memtable for its point entries and
// its range tombstones alike (the groups' insert hint, rocks_instance.cc):
// a range delete written into a memtable whose hint point writes set, or a
// point write into one whose hint a range delete set, follows a position in
// the other skip list (an assertion in Debian's build, a corrupt memtable
// without it). So each column family a range delete touches is flushed
// before it (a fresh memtable has no hint) and after it (no point write
// joins the tombstone's memtable); shard_mu_ is held exclusively, so nothing
// writes in between, and a crash in between replays the tombstone alone into
// its memtable. Later RocksDB releases keep hints for point entries only.
Status RocksGraph::FlushForRangeDeletes(const std::vector<InstanceColumnFamily>& ranged) {
  rocksdb::FlushOptions options;
  options.allow_write_stall = true;
  for (const auto& [instance, cf] : ranged) {
    QUARRY_RETURN_IF_ERROR(FromRocks(dbs_[instance]->db()->Flush(options, cf),
                                     "flushing " + cf->GetName() + " around a range delete"));
  }
  return Status::OK();
}

Status RocksGraph::WriteDeletes(std::vector<rocksdb::WriteBatch>* deletes,
                                const std::vector<std::string>& flat) {
  std::vector<rocksdb::WriteBatch>& batches = *deletes;
  size_t touched = 0;
  for (const auto& b : batches) touched += b.Count() > 0 ? 1 : 0;
  if (touched == 0) return Status::OK();
  if (touched == 1) {
    for (size_t i = 0; i < batches.size(); ++i) {
      if (batches[i].Count() == 0) continue;
      return FromRocks(dbs_[i]->db()->Write(dbs_[i]->write_options(), &batches[i]),
                       "deleting elements");
    }
  }
  RocksInstance& first = *dbs_[0];
  QUARRY_RETURN_IF_ERROR(FromRocks(
      first.db()->Put(Synced(), first.metadata(), S(kMetaDeletePending), EncodeSplitPoints(flat)),
      "writing quarry.delete_pending"));
  for (size_t i = 1; i < batches.size(); ++i) {
    if (batches[i].Count() == 0) continue;
    QUARRY_RETURN_IF_ERROR(
        FromRocks(dbs_[i]->db()->Write(Synced(), &batches[i]), "deleting elements"));
    if (delete_fault_for_testing_) QUARRY_RETURN_IF_ERROR(delete_fault_for_testing_(i));
  }
  QUARRY_RETURN_IF_ERROR(FromRocks(batches[0].Delete(first.metadata(), S(kMetaDeletePending)),
                                   "building the delete batch"));
  return FromRocks(first.db()->Write(Synced(), &batches[0]), "deleting elements");
}

Status RocksGraph::FinishPendingDelete(const std::map<std::string, std::string>& meta) {
  auto pending = meta.find(std::string(kMetaDeletePending));
  if (pending == meta.end()) return Status::OK();
  Result<std::vector<std::string>> flat = DecodeSplitPoints(pending->second);
  if (!flat.ok() || flat->size() % 4 != 0) {
    return DataLossError("quarry.delete_pending is malformed");
  }
  std::vector<DeleteOp> ops;
  for (size_t i = 0; i < flat->size(); i += 4) {
    QUARRY_ASSIGN_OR_RETURN(uint64_t instance, ParseMetaNumber(kMetaDeletePending, (*flat)[i]));
    ops.push_back({static_cast<size_t>(instance), (*flat)[i + 1], (*flat)[i + 2], (*flat)[i + 3]});
  }
  // Every delete is idempotent; applying them removes the record with
  // instance 0's share (or below, had they touched one instance only).
  QUARRY_RETURN_IF_ERROR(ApplyDeletes(ops).WithContext("finishing an interrupted delete"));
  RocksInstance& first = *dbs_[0];
  return FromRocks(first.db()->Delete(Synced(), first.metadata(), S(kMetaDeletePending)),
                   "clearing quarry.delete_pending");
}

}  // namespace quarry::internal
