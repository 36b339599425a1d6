#include "store-rocks/internal/shard_map.h"

#include <algorithm>

#include "iterators/key_range_ops.h"
#include "keypackages/key_format.h"

namespace quarry::internal {

ShardMap::ShardMap(const std::vector<std::string>& split_points, size_t instances)
    : instances_(std::max<size_t>(instances, 1)) {
  for (const std::string& p : split_points) boundaries_.push_back(Boundary(p));
  std::sort(boundaries_.begin(), boundaries_.end());
  boundaries_.erase(std::unique(boundaries_.begin(), boundaries_.end()), boundaries_.end());
}

std::string ShardMap::Boundary(std::string_view split_point) {
  std::string_view prefix = RowPrefix(split_point);
  return std::string(prefix.empty() ? split_point : prefix);
}

size_t ShardMap::ShardOf(std::string_view key) const {
  auto it = std::upper_bound(boundaries_.begin(), boundaries_.end(), key,
                             [](std::string_view k, const std::string& b) { return k < b; });
  return static_cast<size_t>(it - boundaries_.begin());
}

KeyRange ShardMap::Range(size_t shard) const {
  KeyRange r = KeyRange::All();
  if (shard > 0) r.start = boundaries_[shard - 1];
  if (shard < boundaries_.size()) r.end = boundaries_[shard];
  return r;
}

std::vector<std::vector<KeyRange>> ShardMap::Cut(const std::vector<KeyRange>& ranges) const {
  std::vector<std::vector<KeyRange>> out(shards());
  for (const KeyRange& r : ranges) {
    if (r.IsEmpty()) continue;
    size_t first = ShardOf(r.start);
    size_t last = r.has_end() ? ShardOf(r.end) : shards() - 1;
    for (size_t s = first; s <= last; ++s) {
      KeyRange part = IntersectRanges(r, Range(s));
      if (!part.IsEmpty()) out[s].push_back(std::move(part));
    }
  }
  return out;
}

}  // namespace quarry::internal
