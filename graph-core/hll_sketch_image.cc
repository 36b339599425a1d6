// HllSketch::Serialize / Deserialize: DataSketches' compact sketch images.
//
// Every image starts with 8 bytes: preamble ints (2 LIST, 3 SET, 10 HLL),
// serial version 1, family 7, lg_k, lg_arr, flags (4 empty, 8 compact,
// 16 out of order), the LIST count (HLL: cur_min), and the mode byte (bits
// 0-1 LIST/SET/HLL, bits 2-3 the target HLL_4/6/8). A SET adds its count as
// a u32 at 8; an HLL adds hip, kxq0, kxq1 (f64 at 8, 16, 24), the registers
// at cur_min (u32 at 32), the aux count (u32 at 36) and its registers at 40.
// Coupons are u32, all little-endian.
#include <cmath>
#include <cstring>

#include "graph-core/hll_sketch.h"

namespace quarry {
namespace {

constexpr uint8_t kListPreInts = 2, kSetPreInts = 3, kHllPreInts = 10;
constexpr uint8_t kSerialVersion = 1, kFamily = 7;
constexpr uint8_t kEmptyFlag = 4, kCompactFlag = 8, kOutOfOrderFlag = 16;
constexpr uint8_t kLegacyVersion = 1;  // Quarry's own format before DataSketches images
constexpr uint8_t kTargetHll4 = 0, kTargetHll8 = 2;
constexpr size_t kListStart = 8, kSetStart = 12, kHllStart = 40;

void PutU32(std::string* out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out->push_back(static_cast<char>(v >> (8 * i)));
}
void PutF64(std::string* out, double d) {
  uint64_t v;
  std::memcpy(&v, &d, sizeof v);
  for (int i = 0; i < 8; ++i) out->push_back(static_cast<char>(v >> (8 * i)));
}
uint32_t GetU32(std::string_view b, size_t at) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i)
    v |= static_cast<uint32_t>(static_cast<uint8_t>(b[at + i])) << (8 * i);
  return v;
}
double GetF64(std::string_view b, size_t at) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i)
    v |= static_cast<uint64_t>(static_cast<uint8_t>(b[at + i])) << (8 * i);
  double d;
  std::memcpy(&d, &v, sizeof d);
  return d;
}
uint8_t Byte(std::string_view b, size_t at) { return static_cast<uint8_t>(b[at]); }

Status Corrupt(const std::string& what) { return DataLossError("HllSketch image: " + what); }

}  // namespace

class HllSketchImage {
 public:
  static std::string Write(const HllSketch& s);
  static Result<HllSketch> Read(std::string_view b);

 private:
  static Result<HllSketch> ReadCoupons(std::string_view b, int lg_k);
  static Result<HllSketch> ReadHll(std::string_view b, int lg_k);
  static Status ReadRegisters(std::string_view b, int lg_k, std::vector<uint8_t>* out);
  static Result<HllSketch> ReadLegacy(std::string_view b);
};

std::string HllSketchImage::Write(const HllSketch& s) {
  using Mode = HllSketch::Mode;
  const bool hll = s.mode_ == Mode::kHll;
  uint8_t flags = kCompactFlag;
  if (s.empty()) flags |= kEmptyFlag;
  if (s.out_of_order_) flags |= kOutOfOrderFlag;
  const uint8_t target = hll ? kTargetHll8 : kTargetHll4;
  std::string out;
  out.reserve(hll ? kHllStart + s.registers_.size() : kSetStart + 4 * s.coupon_count_);
  out.push_back(static_cast<char>(hll                     ? kHllPreInts
                                  : s.mode_ == Mode::kSet ? kSetPreInts
                                                          : kListPreInts));
  out.push_back(static_cast<char>(kSerialVersion));
  out.push_back(static_cast<char>(kFamily));
  out.push_back(static_cast<char>(s.lg_k_));
  out.push_back(static_cast<char>(hll ? 0 : s.lg_arr_));
  out.push_back(static_cast<char>(flags));
  out.push_back(static_cast<char>(s.mode_ == Mode::kList ? s.coupon_count_ : 0));
  out.push_back(static_cast<char>(static_cast<uint8_t>(s.mode_) | (target << 2)));
  if (hll) {
    PutF64(&out, s.hip_accum_);
    PutF64(&out, s.kxq0_);
    PutF64(&out, s.kxq1_);
    PutU32(&out, s.zeros_);
    PutU32(&out, 0);
    out.append(reinterpret_cast<const char*>(s.registers_.data()), s.registers_.size());
    return out;
  }
  if (s.mode_ == Mode::kSet) PutU32(&out, s.coupon_count_);
  for (uint32_t c : s.coupons_) {
    if (c != 0) PutU32(&out, c);
  }
  return out;
}

Result<HllSketch> HllSketchImage::Read(std::string_view b) {
  if (b.size() >= 2 && Byte(b, 0) == kLegacyVersion) return ReadLegacy(b);
  if (b.size() < 8) return Corrupt(std::to_string(b.size()) + " bytes is shorter than a preamble");
  if (Byte(b, 1) != kSerialVersion || Byte(b, 2) != kFamily) {
    return Corrupt("not an HLL sketch (serial version " + std::to_string(Byte(b, 1)) + ", family " +
                   std::to_string(Byte(b, 2)) + ")");
  }
  const int lg_k = Byte(b, 3);
  if (lg_k < HllSketch::kMinLgK || lg_k > HllSketch::kMaxLgK) {
    return Corrupt("lg_k " + std::to_string(lg_k) + " is outside [4, 21]");
  }
  const uint8_t pre_ints = Byte(b, 0);
  const int mode = Byte(b, 7) & 3;
  if (pre_ints == kHllPreInts && mode == 2) return ReadHll(b, lg_k);
  if ((pre_ints == kListPreInts && mode == 0) || (pre_ints == kSetPreInts && mode == 1)) {
    return ReadCoupons(b, lg_k);
  }
  return Corrupt("preamble of " + std::to_string(pre_ints) + " ints does not match mode " +
                 std::to_string(mode));
}

Result<HllSketch> HllSketchImage::ReadCoupons(std::string_view b, int lg_k) {
  const bool set = Byte(b, 0) == kSetPreInts;
  if (set && lg_k < 8) return Corrupt("a SET image needs lg_k >= 8");
  const size_t start = set ? kSetStart : kListStart;
  if (b.size() < start) return Corrupt("truncated preamble");
  const bool empty = Byte(b, 5) & kEmptyFlag;
  const bool compact = Byte(b, 5) & kCompactFlag;
  const uint32_t count = empty ? 0 : set ? GetU32(b, 8) : Byte(b, 6);
  const uint64_t slots = compact || empty ? count : uint64_t{1} << Byte(b, 4);
  if (!compact && Byte(b, 4) > 26) return Corrupt("lg_arr " + std::to_string(Byte(b, 4)));
  if (b.size() != start + 4 * slots) {
    return Corrupt(std::to_string(b.size()) + " bytes where " + std::to_string(start + 4 * slots) +
                   " hold " + std::to_string(slots) + " coupons");
  }
  HllSketch s(lg_k);
  if (set) {
    s.mode_ = HllSketch::Mode::kSet;
    s.lg_arr_ = 5;
    s.coupons_.assign(32, 0);
  }
  uint32_t seen = 0;
  for (uint64_t i = 0; i < slots; ++i) {
    const uint32_t c = GetU32(b, start + 4 * i);
    if (c == 0 && !compact) continue;
    if ((c >> 26) == 0) return Corrupt("coupon " + std::to_string(i) + " has rank 0");
    ++seen;
    s.CouponUpdate(c);
  }
  if (seen != count) {
    return Corrupt("count says " + std::to_string(count) + " coupons, found " +
                   std::to_string(seen));
  }
  if (set && s.mode_ == HllSketch::Mode::kSet) s.out_of_order_ = true;
  return s;
}

// The k registers of an HLL_4, HLL_6 or HLL_8 image (byte layouts as
// DataSketches' Hll4Array/Hll6Array/Hll8Array), checked against its length.
// HLL_4 keeps register - cur_min in a nibble (even slots low), 15 meaning
// "look in the aux list": u32 pairs rank << 26 | slot after the nibbles,
// aux_count of them in a compact image, a 4 << lg_arr byte table otherwise.
Status HllSketchImage::ReadRegisters(std::string_view b, int lg_k, std::vector<uint8_t>* out) {
  const int target = (Byte(b, 7) >> 2) & 3;
  const size_t k = size_t{1} << lg_k;
  const size_t array = target == kTargetHll8 ? k : target == 1 ? (k * 3 / 4) + 1 : k / 2;
  size_t aux = 0;
  if (target == kTargetHll4) {
    aux = (Byte(b, 5) & kCompactFlag) ? 4 * size_t{GetU32(b, 36)} : size_t{4} << (Byte(b, 4) & 31);
  }
  if (target == 3 || b.size() != kHllStart + array + aux) {
    return Corrupt(std::to_string(b.size()) + " bytes do not hold an HLL image of target " +
                   std::to_string(target) + " and lg_k " + std::to_string(lg_k));
  }
  out->assign(k, 0);
  const std::string_view bytes = b.substr(kHllStart);
  const uint8_t cur_min = Byte(b, 6);
  for (size_t i = 0; i < k; ++i) {
    if (target == kTargetHll8) {
      (*out)[i] = Byte(bytes, i);
    } else if (target == 1) {
      const size_t bit = i * 6;
      const unsigned two = Byte(bytes, bit / 8) | (unsigned{Byte(bytes, bit / 8 + 1)} << 8);
      (*out)[i] = (two >> (bit % 8)) & 63;
    } else {
      const uint8_t nibble = (i & 1) ? Byte(bytes, i / 2) >> 4 : Byte(bytes, i / 2) & 15;
      (*out)[i] = nibble == 15 ? 255 : static_cast<uint8_t>(nibble + cur_min);
    }
  }
  for (size_t at = array; at < array + aux; at += 4) {
    const uint32_t pair = GetU32(bytes, at);
    if (pair == 0) continue;
    const uint32_t slot = pair & ((1u << 26) - 1);
    if (slot >= k || (*out)[slot] != 255)
      return Corrupt("aux entry for slot " + std::to_string(slot));
    (*out)[slot] = static_cast<uint8_t>(pair >> 26);
  }
  for (size_t i = 0; i < k; ++i) {
    if ((*out)[i] > 63) {
      return Corrupt("register " + std::to_string(i) + " holds " + std::to_string((*out)[i]) +
                     ((*out)[i] == 255 ? " (an aux token with no aux entry)" : ""));
    }
  }
  return Status::OK();
}

Result<HllSketch> HllSketchImage::ReadHll(std::string_view b, int lg_k) {
  HllSketch s(lg_k);
  s.mode_ = HllSketch::Mode::kHll;
  s.coupons_.clear();
  s.lg_arr_ = 0;
  QUARRY_RETURN_IF_ERROR(ReadRegisters(b, lg_k, &s.registers_));
  s.RecountRegisters();
  // HIP goes on from the image's own kxq sums, as a Java heapify does.
  s.hip_accum_ = GetF64(b, 8);
  s.kxq0_ = GetF64(b, 16);
  s.kxq1_ = GetF64(b, 24);
  if (!(s.kxq0_ + s.kxq1_ > 0) || !std::isfinite(s.hip_accum_)) {
    return Corrupt("HIP fields out of range");
  }
  s.out_of_order_ = Byte(b, 5) & kOutOfOrderFlag;
  return s;
}

Result<HllSketch> HllSketchImage::ReadLegacy(std::string_view b) {
  const int lg_k = Byte(b, 1);
  if (lg_k < HllSketch::kMinLgK || lg_k > HllSketch::kMaxLgK ||
      b.size() != 2 + (size_t{1} << lg_k)) {
    return Corrupt("bad lg_k or length in a version 1 sketch");
  }
  HllSketch s(lg_k);
  s.mode_ = HllSketch::Mode::kHll;
  s.coupons_.clear();
  s.lg_arr_ = 0;
  s.registers_.assign(b.begin() + 2, b.end());
  for (uint8_t r : s.registers_) {
    if (r > 64 - lg_k + 1) return Corrupt("register out of range in a version 1 sketch");
  }
  s.RecountRegisters();
  s.out_of_order_ = true;
  s.hip_accum_ = s.RegisterEstimate();
  return s;
}

std::string HllSketch::Serialize() const { return HllSketchImage::Write(*this); }

Result<HllSketch> HllSketch::Deserialize(std::string_view bytes) {
  return HllSketchImage::Read(bytes);
}

}  // namespace quarry
