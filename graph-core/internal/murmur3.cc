#include "graph-core/internal/murmur3.h"

#include <bit>

namespace quarry::internal {
namespace {

constexpr uint64_t kC1 = 0x87c37b91114253d5ULL;
constexpr uint64_t kC2 = 0x4cf5ad432745937fULL;

uint64_t LittleEndian64(const unsigned char* p, size_t n) {
  uint64_t v = 0;
  for (size_t i = 0; i < n; ++i) v |= static_cast<uint64_t>(p[i]) << (8 * i);
  return v;
}

uint64_t Finalise(uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdULL;
  k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53ULL;
  k ^= k >> 33;
  return k;
}

uint64_t MixK1(uint64_t k1) { return std::rotl(k1 * kC1, 31) * kC2; }
uint64_t MixK2(uint64_t k2) { return std::rotl(k2 * kC2, 33) * kC1; }

}  // namespace

Hash128 Murmur3X64_128(std::string_view bytes, uint64_t seed) {
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  const size_t len = bytes.size();
  uint64_t h1 = seed;
  uint64_t h2 = seed;
  const size_t blocks = len / 16;
  for (size_t i = 0; i < blocks; ++i) {
    h1 ^= MixK1(LittleEndian64(data + 16 * i, 8));
    h1 = std::rotl(h1, 27) + h2;
    h1 = h1 * 5 + 0x52dce729;
    h2 ^= MixK2(LittleEndian64(data + 16 * i + 8, 8));
    h2 = std::rotl(h2, 31) + h1;
    h2 = h2 * 5 + 0x38495ab5;
  }
  const unsigned char* tail = data + 16 * blocks;
  const size_t rest = len & 15;
  if (rest > 8) h2 ^= MixK2(LittleEndian64(tail + 8, rest - 8));
  if (rest > 0) h1 ^= MixK1(LittleEndian64(tail, rest < 8 ? rest : 8));
  h1 ^= len;
  h2 ^= len;
  h1 += h2;
  h2 += h1;
  h1 = Finalise(h1);
  h2 = Finalise(h2);
  h1 += h2;
  h2 += h1;
  return {h1, h2};
}

}  // namespace quarry::internal
