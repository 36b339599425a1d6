#include "store-rados/tablet_map.h"

#include "keypackages/key_format.h"

namespace quarry {

uint64_t Fnv1a64(std::string_view bytes) {
  uint64_t hash = 14695981039346656037ull;
  for (char c : bytes) {
    hash ^= static_cast<uint8_t>(c);
    hash *= 1099511628211ull;
  }
  return hash;
}

uint32_t TabletMap::TabletOf(std::string_view key) const {
  return static_cast<uint32_t>(Fnv1a64(RowPrefix(key)) & (tablets_ - 1));
}

int64_t TabletMap::TabletOfRange(const KeyRange& range) const {
  if (tablets_ == 1) return 0;
  std::string_view prefix = RowPrefix(range.start);
  if (prefix.empty() || !range.has_end()) return -1;
  std::string successor = PrefixSuccessor(prefix);
  if (successor.empty() || range.end > successor) return -1;
  if (range.end == successor && range.end_inclusive) return -1;
  return TabletOf(range.start);
}

}  // namespace quarry
