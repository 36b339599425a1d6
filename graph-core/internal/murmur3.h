// MurmurHash3 x64 128 (Austin Appleby's public-domain design), the hash that
// DataSketches' HllSketch feeds every item through. Quarry needs the same
// 128 bits so that a sketch built here holds the coupons a Java Gaffer would
// store for the same items (gaffer-compat.md §1.6).
#pragma once

#include <cstdint>
#include <string_view>

namespace quarry::internal {

struct Hash128 {
  uint64_t h1 = 0;
  uint64_t h2 = 0;
};

// The 128-bit hash of `bytes` (read little-endian, as the reference does).
Hash128 Murmur3X64_128(std::string_view bytes, uint64_t seed);

}  // namespace quarry::internal
