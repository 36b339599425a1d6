// HllSketch: a HyperLogLog cardinality sketch that behaves as DataSketches'
// HllSketch (the class behind Gaffer's HllSketch property type); Quarry also
// stores clearspring's HyperLogLogPlus property type in it.
//
// As in DataSketches, each item becomes a 32-bit coupon (26 address bits and
// a 6-bit rank from MurmurHash3 x64 128, seed 9001), and a sketch moves
// through three modes as it fills:
//   LIST  up to 7 coupons, kept in arrival order;
//   SET   an open-addressing hash set of coupons (only when lg_k >= 8), grown
//         while it is at most 3/4 full, up to 2^(lg_k-3) slots;
//   HLL   2^lg_k registers, each the highest rank seen at its address.
// Coupon modes estimate almost exactly (one item gives 1.0); an HLL built by
// updates alone uses the HIP estimate; after a union it is "out of order" and
// uses the register estimate (HyperLogLog with linear counting; DataSketches'
// composite estimator differs in the last digits there).
//
// Serialize() writes DataSketches' compact image: byte-identical to Java's
// toCompactByteArray() in the coupon modes, and an HLL_8 image once in HLL
// mode. Deserialize() reads LIST, SET and HLL_4, HLL_6 and HLL_8 images (what
// Java sends once a sketch is past its coupons: HLL_4 by default), and Quarry's own
// earlier format (u8 1 | u8 lg_k | registers), which it opens as an
// out-of-order HLL: those registers came from a different hash, so a union of
// old and new sketches over the same items can count them twice.
//
// Thread safety: const methods are safe to call concurrently; mutation needs
// external synchronisation (Values hold sketches as shared_ptr<const>).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"

namespace quarry {

class HllSketch {
 public:
  static constexpr int kMinLgK = 4;
  static constexpr int kMaxLgK = 21;
  static constexpr int kDefaultLgK = 10;  // Gaffer's default logK.

  enum class Mode : uint8_t { kList = 0, kSet = 1, kHll = 2 };

  // REQUIRES: kMinLgK <= lg_k <= kMaxLgK (clamped otherwise).
  explicit HllSketch(int lg_k = kDefaultLgK);

  int lg_k() const { return lg_k_; }
  Mode mode() const { return mode_; }
  bool empty() const;

  // DataSketches' update(byte[]) / update(String): the item's bytes (UTF-8
  // for text). An empty item is ignored, as there.
  void Update(std::string_view item);
  // update(long) (Java's int and long alike) and update(double) (-0.0 and
  // every NaN canonicalised first).
  void UpdateLong(int64_t item);
  void UpdateDouble(double item);

  // Gaffer's HllSketchAggregator: a DataSketches Union with lgMaxK = this
  // sketch's lg_k, updated with this sketch and then `other`. Coupons from a
  // coupon-mode side are inserted one by one; two HLLs keep the larger rank
  // per register, folded down to the smaller lg_k.
  void Merge(const HllSketch& other);

  // The estimated number of distinct items (DataSketches' getEstimate()).
  double Estimate() const;

  // DataSketches' compact image (see above).
  std::string Serialize() const;
  // DataLoss naming what is wrong if `bytes` is not an image described above.
  static Result<HllSketch> Deserialize(std::string_view bytes);

  // The sketch's content independent of layout: lg_k, mode, the coupons in
  // ascending order, or the registers, order flag and HIP estimate. A SET's
  // image lists coupons in hash-table order, which can change when an image
  // is read back (DataSketches rebuilds the table too), so equality, ordering
  // and hashing of sketch Values use this form, not the image.
  std::string CanonicalForm() const;

  friend bool operator==(const HllSketch& a, const HllSketch& b) {
    return a.CanonicalForm() == b.CanonicalForm();
  }

 private:
  void CouponUpdate(uint32_t coupon);
  void ListUpdate(uint32_t coupon);
  void SetUpdate(uint32_t coupon);
  void HllUpdate(uint32_t coupon);
  // Inserts into the hash set; returns false if it was already there.
  bool SetInsert(uint32_t coupon);
  void PromoteToSet();
  void PromoteToHll();
  // Recomputes kxq0_/kxq1_/zeros_ from the registers (after a union).
  void RecountRegisters();
  // An HLL copy of this HLL with lg_k `target` (registers folded by address).
  HllSketch FoldedTo(int target) const;
  void MergeHll(const HllSketch& other);
  double RegisterEstimate() const;
  std::vector<uint32_t> CouponsInOrder() const;

  int lg_k_;
  Mode mode_ = Mode::kList;
  bool out_of_order_ = false;
  // LIST: 8 slots filled from the front; SET: 2^lg_arr slots. 0 = empty.
  std::vector<uint32_t> coupons_;
  uint32_t coupon_count_ = 0;
  int lg_arr_ = 3;
  // HLL mode.
  std::vector<uint8_t> registers_;
  double hip_accum_ = 0;
  double kxq0_ = 0;  // sum of 2^-rank over registers with rank < 32
  double kxq1_ = 0;  // ... and rank >= 32
  uint32_t zeros_ = 0;

  friend class HllSketchImage;
};

}  // namespace quarry
