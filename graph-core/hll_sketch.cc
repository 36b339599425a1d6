#include "graph-core/hll_sketch.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

#include "graph-core/internal/hll_coupon_estimate.h"
#include "graph-core/internal/murmur3.h"

namespace quarry {
namespace {

constexpr uint64_t kUpdateSeed = 9001;  // DataSketches' DEFAULT_UPDATE_SEED
constexpr uint32_t kAddressMask = (1u << 26) - 1;
constexpr int kLgListSlots = 3;
constexpr int kLgInitialSetSlots = 5;

uint32_t CouponOf(std::string_view bytes) {
  const internal::Hash128 h = internal::Murmur3X64_128(bytes, kUpdateSeed);
  const int zeros = std::countl_zero(h.h2);
  const uint32_t rank = static_cast<uint32_t>(std::min(zeros, 62) + 1);
  return (rank << 26) | static_cast<uint32_t>(h.h1 & kAddressMask);
}

uint32_t RankOf(uint32_t coupon) { return coupon >> 26; }

// Open addressing as DataSketches probes: start at the coupon's low bits,
// stride by its higher address bits (odd, so every slot is reached).
// Returns the slot holding `coupon`, or the empty slot where it belongs.
size_t FindSlot(const std::vector<uint32_t>& table, int lg_arr, uint32_t coupon) {
  const size_t mask = table.size() - 1;
  size_t probe = coupon & mask;
  const size_t stride = ((coupon & kAddressMask) >> lg_arr) | 1;
  while (table[probe] != 0 && table[probe] != coupon) probe = (probe + stride) & mask;
  return probe;
}

double InversePowerOf2(int e) { return std::ldexp(1.0, -e); }

}  // namespace

HllSketch::HllSketch(int lg_k)
    : lg_k_(std::clamp(lg_k, kMinLgK, kMaxLgK)), coupons_(size_t{1} << kLgListSlots, 0) {}

bool HllSketch::empty() const { return mode_ != Mode::kHll && coupon_count_ == 0; }

void HllSketch::Update(std::string_view item) {
  if (!item.empty()) CouponUpdate(CouponOf(item));
}

void HllSketch::UpdateLong(int64_t item) {
  char bytes[8];
  const auto bits = static_cast<uint64_t>(item);
  for (int i = 0; i < 8; ++i) bytes[i] = static_cast<char>(bits >> (8 * i));
  CouponUpdate(CouponOf(std::string_view(bytes, 8)));
}

void HllSketch::UpdateDouble(double item) {
  if (item == 0.0) item = 0.0;            // -0.0 as 0.0
  uint64_t bits = 0x7ff8000000000000ULL;  // Java's canonical NaN
  if (!std::isnan(item)) std::memcpy(&bits, &item, sizeof bits);
  UpdateLong(static_cast<int64_t>(bits));
}

void HllSketch::CouponUpdate(uint32_t coupon) {
  switch (mode_) {
    case Mode::kList:
      return ListUpdate(coupon);
    case Mode::kSet:
      return SetUpdate(coupon);
    case Mode::kHll:
      return HllUpdate(coupon);
  }
}

void HllSketch::ListUpdate(uint32_t coupon) {
  for (uint32_t& slot : coupons_) {
    if (slot == coupon) return;
    if (slot != 0) continue;
    slot = coupon;
    if (++coupon_count_ < coupons_.size()) return;
    return lg_k_ < 8 ? PromoteToHll() : PromoteToSet();
  }
}

bool HllSketch::SetInsert(uint32_t coupon) {
  const size_t slot = FindSlot(coupons_, lg_arr_, coupon);
  if (coupons_[slot] == coupon) return false;
  coupons_[slot] = coupon;
  return true;
}

void HllSketch::SetUpdate(uint32_t coupon) {
  if (!SetInsert(coupon)) return;
  ++coupon_count_;
  if (4 * uint64_t{coupon_count_} <= 3 * coupons_.size()) return;
  if (lg_arr_ == lg_k_ - 3) return PromoteToHll();
  std::vector<uint32_t> old = std::move(coupons_);
  coupons_.assign(old.size() * 2, 0);
  ++lg_arr_;
  for (uint32_t c : old) {
    if (c != 0) SetInsert(c);
  }
}

void HllSketch::PromoteToSet() {
  std::vector<uint32_t> list = std::move(coupons_);
  coupons_.assign(size_t{1} << kLgInitialSetSlots, 0);
  lg_arr_ = kLgInitialSetSlots;
  mode_ = Mode::kSet;
  coupon_count_ = 0;
  for (uint32_t c : list) SetUpdate(c);
  out_of_order_ = true;
}

void HllSketch::PromoteToHll() {
  const double estimate = Estimate();  // the coupons' estimate seeds HIP
  std::vector<uint32_t> coupons = std::move(coupons_);
  coupons_.clear();
  coupons_.shrink_to_fit();
  mode_ = Mode::kHll;
  registers_.assign(size_t{1} << lg_k_, 0);
  kxq0_ = static_cast<double>(registers_.size());
  kxq1_ = 0;
  zeros_ = static_cast<uint32_t>(registers_.size());
  for (uint32_t c : coupons) {
    if (c != 0) HllUpdate(c);
  }
  hip_accum_ = estimate;
  out_of_order_ = false;
  coupon_count_ = 0;
  lg_arr_ = 0;
}

void HllSketch::HllUpdate(uint32_t coupon) {
  const size_t slot = (coupon & kAddressMask) & (registers_.size() - 1);
  const uint8_t old_rank = registers_[slot];
  const auto rank = static_cast<uint8_t>(RankOf(coupon));
  if (rank <= old_rank) return;
  // HIP: the chance this update changed the sketch was kxq/k; add its inverse.
  hip_accum_ += static_cast<double>(registers_.size()) / (kxq0_ + kxq1_);
  (old_rank < 32 ? kxq0_ : kxq1_) -= InversePowerOf2(old_rank);
  (rank < 32 ? kxq0_ : kxq1_) += InversePowerOf2(rank);
  if (old_rank == 0) --zeros_;
  registers_[slot] = rank;
}

void HllSketch::RecountRegisters() {
  kxq0_ = kxq1_ = 0;
  zeros_ = 0;
  for (uint8_t r : registers_) {
    (r < 32 ? kxq0_ : kxq1_) += InversePowerOf2(r);
    if (r == 0) ++zeros_;
  }
}

std::vector<uint32_t> HllSketch::CouponsInOrder() const {
  std::vector<uint32_t> out;
  out.reserve(coupon_count_);
  for (uint32_t c : coupons_) {
    if (c != 0) out.push_back(c);
  }
  return out;
}

HllSketch HllSketch::FoldedTo(int target) const {
  HllSketch out(target);
  out.mode_ = Mode::kHll;
  out.coupons_.clear();
  out.registers_.assign(size_t{1} << out.lg_k_, 0);
  const size_t mask = out.registers_.size() - 1;
  for (size_t i = 0; i < registers_.size(); ++i) {
    out.registers_[i & mask] = std::max(out.registers_[i & mask], registers_[i]);
  }
  out.RecountRegisters();
  out.hip_accum_ = hip_accum_;
  out.out_of_order_ = out_of_order_;
  return out;
}

void HllSketch::MergeHll(const HllSketch& other) {
  // A larger sketch folds onto ours by address, as FoldedTo does.
  const size_t mask = registers_.size() - 1;
  for (size_t i = 0; i < other.registers_.size(); ++i) {
    registers_[i & mask] = std::max(registers_[i & mask], other.registers_[i]);
  }
  RecountRegisters();
  out_of_order_ = true;
}

void HllSketch::Merge(const HllSketch& other) {
  if (other.empty()) return;
  if (other.mode_ != Mode::kHll) {
    if (empty() && other.lg_k_ == lg_k_) {
      *this = other;
      return;
    }
    for (uint32_t c : other.CouponsInOrder()) CouponUpdate(c);
    return;
  }
  if (empty()) {
    *this = other.lg_k_ > lg_k_ ? other.FoldedTo(lg_k_) : other;
    return;
  }
  if (mode_ != Mode::kHll) {
    // Union order swaps: the HLL side becomes the gadget, these coupons go in.
    const std::vector<uint32_t> mine = CouponsInOrder();
    *this = other.lg_k_ > lg_k_ ? other.FoldedTo(lg_k_) : other;
    for (uint32_t c : mine) HllUpdate(c);
    out_of_order_ = true;
    return;
  }
  if (other.lg_k_ < lg_k_) *this = FoldedTo(other.lg_k_);
  MergeHll(other);
}

std::string HllSketch::CanonicalForm() const {
  std::string out;
  out.push_back(static_cast<char>(lg_k_));
  out.push_back(static_cast<char>(mode_));
  if (mode_ != Mode::kHll) {
    std::vector<uint32_t> coupons = CouponsInOrder();
    std::sort(coupons.begin(), coupons.end());
    for (uint32_t c : coupons) out.append(reinterpret_cast<const char*>(&c), sizeof c);
    return out;
  }
  out.push_back(out_of_order_ ? 1 : 0);
  out.append(reinterpret_cast<const char*>(&hip_accum_), sizeof hip_accum_);
  out.append(reinterpret_cast<const char*>(registers_.data()), registers_.size());
  return out;
}

double HllSketch::RegisterEstimate() const {
  // Summed afresh, in register order, so that a sketch and its image read
  // back estimate the same to the last bit.
  const double m = static_cast<double>(registers_.size());
  double sum = 0;
  for (uint8_t r : registers_) sum += InversePowerOf2(r);
  const double alpha = 0.7213 / (1 + 1.079 / m);
  const double estimate = alpha * m * m / sum;
  if (estimate <= 2.5 * m && zeros_ > 0) return m * std::log(m / zeros_);  // linear counting
  return estimate;
}

double HllSketch::Estimate() const {
  if (mode_ != Mode::kHll) return internal::CouponEstimate(coupon_count_);
  return out_of_order_ ? RegisterEstimate() : hip_accum_;
}

}  // namespace quarry
