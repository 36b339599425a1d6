#include "graph-core/hll_sketch.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace quarry {
namespace {

// 64-bit FNV-1a followed by a murmur3 finaliser: fast and well mixed.
uint64_t HashItem(std::string_view item) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : item) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

constexpr uint8_t kFormatVersion = 1;

}  // namespace

HllSketch::HllSketch(int lg_k)
    : lg_k_(std::clamp(lg_k, kMinLgK, kMaxLgK)), registers_(size_t{1} << lg_k_, 0) {}

void HllSketch::Update(std::string_view item) {
  uint64_t h = HashItem(item);
  size_t index = h >> (64 - lg_k_);
  uint64_t rest = (h << lg_k_) | (uint64_t{1} << (lg_k_ - 1));  // sentinel bounds the rank
  auto rank = static_cast<uint8_t>(std::countl_zero(rest) + 1);
  registers_[index] = std::max(registers_[index], rank);
}

HllSketch HllSketch::Downsampled(int lg_k) const {
  HllSketch out(lg_k);
  const int shift = lg_k_ - lg_k;
  for (size_t i = 0; i < registers_.size(); ++i) {
    if (registers_[i] == 0) continue;
    size_t index = i >> shift;
    size_t dropped = i & ((size_t{1} << shift) - 1);
    // The dropped index bits lead the rank bits at the lower precision.
    uint8_t rank = dropped == 0
                       ? static_cast<uint8_t>(registers_[i] + shift)
                       : static_cast<uint8_t>(std::countl_zero(dropped) - (64 - shift) + 1);
    out.registers_[index] = std::max(out.registers_[index], rank);
  }
  return out;
}

void HllSketch::Merge(const HllSketch& other) {
  if (other.lg_k_ < lg_k_) *this = Downsampled(other.lg_k_);
  const HllSketch* src = &other;
  HllSketch folded(kMinLgK);
  if (other.lg_k_ > lg_k_) {
    folded = other.Downsampled(lg_k_);
    src = &folded;
  }
  for (size_t i = 0; i < registers_.size(); ++i) {
    registers_[i] = std::max(registers_[i], src->registers_[i]);
  }
}

double HllSketch::Estimate() const {
  const double m = static_cast<double>(registers_.size());
  double sum = 0;
  size_t zeros = 0;
  for (uint8_t r : registers_) {
    sum += std::ldexp(1.0, -r);
    if (r == 0) ++zeros;
  }
  double alpha = 0.7213 / (1 + 1.079 / m);
  double estimate = alpha * m * m / sum;
  if (estimate <= 2.5 * m && zeros > 0) {
    estimate = m * std::log(m / static_cast<double>(zeros));  // linear counting
  }
  return estimate;
}

std::string HllSketch::Serialize() const {
  std::string out;
  out.reserve(2 + registers_.size());
  out.push_back(static_cast<char>(kFormatVersion));
  out.push_back(static_cast<char>(lg_k_));
  out.append(reinterpret_cast<const char*>(registers_.data()), registers_.size());
  return out;
}

Result<HllSketch> HllSketch::Deserialize(std::string_view bytes) {
  if (bytes.size() < 2 || static_cast<uint8_t>(bytes[0]) != kFormatVersion) {
    return DataLossError("HllSketch: bad header");
  }
  int lg_k = static_cast<uint8_t>(bytes[1]);
  if (lg_k < kMinLgK || lg_k > kMaxLgK || bytes.size() != 2 + (size_t{1} << lg_k)) {
    return DataLossError("HllSketch: bad lg_k or length");
  }
  HllSketch sketch(lg_k);
  for (size_t i = 0; i < sketch.registers_.size(); ++i) {
    uint8_t r = static_cast<uint8_t>(bytes[2 + i]);
    if (r > 64 - lg_k + 1) return DataLossError("HllSketch: register out of range");
    sketch.registers_[i] = r;
  }
  return sketch;
}

}  // namespace quarry
