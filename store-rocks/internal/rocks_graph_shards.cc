// RocksGraph: split points (set, computed from a sample, merged) and the
// re-homing of keys when they change the instance a shard lives in.
//
// Re-homing (several data directories only). Every key lives in exactly one
// instance: the one its shard is placed in. A split point change renumbers
// shards, so keys may have to move. Under shard_mu_ held exclusively (no
// writes, no scan starting):
//   1. the new split points and quarry.rehome_pending are written (synced);
//   2. each instance's keys are read in order; each key the new shards place
//      elsewhere is Put into its new instance with the value read (an
//      aggregated key's merged value; a non-aggregated insert's own value,
//      under its own key, insert id included), then deleted from the old one, a chunk
//      at a time, target first;
//   3. quarry.rehome_pending is deleted.
// A crash at any point leaves every key in its old or its new instance (or
// briefly both, with equal values); Open sees quarry.rehome_pending and
// redoes step 2, whose Put replaces such a copy, so no value is lost or
// counted twice.
#include <rocksdb/write_batch.h>

#include <algorithm>

#include "store-rocks/internal/rocks_graph.h"
#include "store-rocks/metadata_format.h"

namespace quarry::internal {
namespace {

constexpr size_t kMovesPerChunk = 4096;

Status NormaliseSplitPoints(std::vector<std::string>* points) {
  std::sort(points->begin(), points->end());
  points->erase(std::unique(points->begin(), points->end()), points->end());
  if (!points->empty() && points->front().empty()) {
    return InvalidArgumentError("split points: the empty key cannot be a split point");
  }
  return Status::OK();
}

}  // namespace

ShardMap RocksGraph::shard_map() const {
  std::shared_lock<std::shared_mutex> lock(shard_mu_);
  return shards_;
}

ShardMap RocksGraph::TakeSnapshots(Snapshots* snapshots) const {
  std::shared_lock<std::shared_mutex> lock(shard_mu_);
  snapshots->dbs_.reserve(dbs_.size());
  snapshots->list_.reserve(dbs_.size());
  for (const auto& db : dbs_) {
    snapshots->dbs_.push_back(db->db());
    // branch service (issue 19): a secondary supports no snapshots; its view
    // is fixed while open, so reads are consistent without one.
    snapshots->list_.push_back(
        secondary_root_.empty() ? db->iterator_pool()->LatestSnapshot(db->db()) : nullptr);
  }
  return shards_;
}

Status RocksGraph::LoadShards(const std::map<std::string, std::string>& meta) {
  auto splits = meta.find(std::string(kMetaSplitPoints));
  if (splits != meta.end()) {
    QUARRY_ASSIGN_OR_RETURN(split_points_, DecodeSplitPoints(splits->second));
  }
  shards_ = ShardMap(split_points_, dbs_.size());
  if (meta.count(std::string(kMetaRehomePending)) == 0) return Status::OK();
  QUARRY_RETURN_IF_ERROR(Rehome());
  return FromRocks(
      dbs_[0]->db()->Delete(rocksdb::WriteOptions(), dbs_[0]->metadata(), kMetaRehomePending),
      "clearing quarry.rehome_pending");
}

Status RocksGraph::SetSplitPoints(std::vector<std::string> split_points) {
  QUARRY_RETURN_IF_ERROR(NormaliseSplitPoints(&split_points));
  std::unique_lock<std::shared_mutex> lock(shard_mu_);
  return ChangeSplitPoints(std::move(split_points));
}

// Removes the split points strictly between `start` and `end` (an empty end
// is unbounded), making the shards between them one.
Status RocksGraph::MergeShards(const std::string& start, const std::string& end) {
  std::unique_lock<std::shared_mutex> lock(shard_mu_);
  std::vector<std::string> kept;
  for (const std::string& p : split_points_) {
    bool inside = p > start && (end.empty() || p < end);
    if (!inside) kept.push_back(p);
  }
  return ChangeSplitPoints(std::move(kept));
}

Status RocksGraph::ChangeSplitPoints(std::vector<std::string> points) {
  ShardMap next(points, dbs_.size());
  bool moves = dbs_.size() > 1 && next.boundaries() != shards_.boundaries();
  rocksdb::WriteBatch batch;
  QUARRY_RETURN_IF_ERROR(FromRocks(
      batch.Put(dbs_[0]->metadata(), kMetaSplitPoints, EncodeSplitPoints(points)), "split points"));
  if (moves) {
    QUARRY_RETURN_IF_ERROR(
        FromRocks(batch.Put(dbs_[0]->metadata(), kMetaRehomePending, "1"), "split points"));
  }
  rocksdb::WriteOptions sync;
  sync.sync = true;
  QUARRY_RETURN_IF_ERROR(FromRocks(dbs_[0]->db()->Write(sync, &batch), "writing the split points"));
  split_points_ = std::move(points);
  shards_ = std::move(next);
  if (!moves) return Status::OK();
  QUARRY_RETURN_IF_ERROR(Rehome());
  return FromRocks(dbs_[0]->db()->Delete(sync, dbs_[0]->metadata(), kMetaRehomePending),
                   "clearing quarry.rehome_pending");
}

Status RocksGraph::Rehome() {
  for (size_t i = 0; i < dbs_.size(); ++i) {
    for (const auto& [name, state] : groups_) QUARRY_RETURN_IF_ERROR(RehomeGroup(state, i));
  }
  return Status::OK();
}

// Moves `group`'s keys in instance `from` that shards_ places elsewhere.
Status RocksGraph::RehomeGroup(const GroupState& group, size_t from) {
  const size_t n = dbs_.size();
  std::vector<rocksdb::WriteBatch> puts(n);
  rocksdb::WriteBatch deletes;
  size_t pending = 0;
  auto flush = [&]() -> Status {
    for (size_t i = 0; i < n; ++i) {
      if (puts[i].Count() == 0) continue;
      QUARRY_RETURN_IF_ERROR(FromRocks(dbs_[i]->db()->Write(dbs_[i]->write_options(), &puts[i]),
                                       "moving keys to " + dbs_[i]->path()));
      puts[i].Clear();
    }
    QUARRY_RETURN_IF_ERROR(FromRocks(dbs_[from]->db()->Write(dbs_[from]->write_options(), &deletes),
                                     "moving keys from " + dbs_[from]->path()));
    deletes.Clear();
    pending = 0;
    return Status::OK();
  };
  rocksdb::ReadOptions read;
  read.fill_cache = false;
  std::unique_ptr<rocksdb::Iterator> it(dbs_[from]->db()->NewIterator(read, group.cfs[from]));
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    std::string_view stored(it->key().data(), it->key().size());
    // By the element's key, so that all its inserts stay in one shard.
    size_t to = shards_.InstanceOf(WithoutInsertId(stored));
    if (to == from) continue;
    QUARRY_RETURN_IF_ERROR(FromRocks(puts[to].Put(group.cfs[to], it->key(), it->value()), "move"));
    QUARRY_RETURN_IF_ERROR(FromRocks(deletes.Delete(group.cfs[from], it->key()), "move"));
    if (++pending == kMovesPerChunk) QUARRY_RETURN_IF_ERROR(flush());
  }
  QUARRY_RETURN_IF_ERROR(FromRocks(it->status(), "reading " + dbs_[from]->path()));
  return pending == 0 ? Status::OK() : flush();
}

Result<std::vector<std::string>> RocksGraph::SplitPointsFromSample(std::span<const Element> sample,
                                                                   int shards) const {
  if (shards < 1) return InvalidArgumentError("shards must be at least 1");
  std::vector<std::string> keys;
  std::vector<KeyValue> kvs;
  for (size_t i = 0; i < sample.size(); ++i) {
    kvs.clear();
    Status s = package_->Encode(sample[i], 0, &kvs);
    if (!s.ok())
      return InvalidArgumentError("sample element " + std::to_string(i) + ": " + s.message());
    for (KeyValue& kv : kvs) keys.push_back(std::move(kv.key));
  }
  std::sort(keys.begin(), keys.end());
  std::vector<std::string> points;
  for (int i = 1; i < shards && !keys.empty(); ++i) {
    const std::string& k = keys[keys.size() * i / shards];
    if (points.empty() || points.back() != k) points.push_back(k);
  }
  return points;
}

}  // namespace quarry::internal
