// ShardMap: a graph's shards — contiguous key ranges cut at its persisted
// split points (Accumulo's tablets) — and their placement over the graph's
// RocksDB instances (one per data directory).
//
// Boundaries. A split point may be any non-empty byte string (an escaped
// key, as SplitPointsFromSample returns, or a shorter prefix). Shards are
// cut at each split point's boundary: the row prefix `V 00` of the split
// point (keypackages/key_format.h RowPrefix) if it holds a 00 byte, else the
// split point itself. Every key stored under one first vertex therefore lies
// in one shard, so no query-time aggregation unit (row and group) and no
// row is ever cut, and scanning shard by shard yields exactly what one scan
// over the whole range yields. Split points with equal boundaries make one
// cut. Shard s is [boundary s-1, boundary s): shard 0 starts at the first
// key, the last shard is unbounded.
//
// Placement: shard s lives in instance s % instances.
//
// Keys with an insert id (keypackages/key_format.h) fall in the shard of the
// key without it: boundaries are keys without ids, and `K 00 01 03 id` sorts
// on the same side of any of them as K does.
//
// Thread safety: immutable after construction.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "keypackages/key_range.h"

namespace quarry::internal {

class ShardMap {
 public:
  // One shard, one instance.
  ShardMap() = default;
  // REQUIRES: no split point is empty; instances >= 1.
  ShardMap(const std::vector<std::string>& split_points, size_t instances);

  // Where shards are cut for `split_point` (see above).
  static std::string Boundary(std::string_view split_point);

  size_t shards() const { return boundaries_.size() + 1; }
  size_t instances() const { return instances_; }
  const std::vector<std::string>& boundaries() const { return boundaries_; }

  // The shard holding `key`.
  size_t ShardOf(std::string_view key) const;
  // The instance holding `shard` / `key`.
  size_t InstanceOfShard(size_t shard) const { return shard % instances_; }
  size_t InstanceOf(std::string_view key) const { return InstanceOfShard(ShardOf(key)); }
  // Shard `shard`'s key range.
  KeyRange Range(size_t shard) const;

  // `ranges` cut at the boundaries: element s holds the non-empty parts of
  // the ranges that lie in shard s, in the order of `ranges`. Size shards().
  std::vector<std::vector<KeyRange>> Cut(const std::vector<KeyRange>& ranges) const;

 private:
  std::vector<std::string> boundaries_;  // Sorted, distinct, non-empty.
  size_t instances_ = 1;
};

}  // namespace quarry::internal
