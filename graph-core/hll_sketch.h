// HllSketch: a HyperLogLog cardinality sketch, the native form of Gaffer's
// HllSketch (DataSketches) and HyperLogLogPlus (clearspring) property types.
//
// Quarry keeps its own byte format (see Serialize) rather than the Java
// libraries' formats: sketches are only ever read back by Quarry.
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

  // REQUIRES: kMinLgK <= lg_k <= kMaxLgK.
  explicit HllSketch(int lg_k = kDefaultLgK);

  int lg_k() const { return lg_k_; }

  // Adds one item (hashed from its bytes).
  void Update(std::string_view item);

  // Union: afterwards this sketch estimates |this ∪ other|. If lg_k differs,
  // the result has the smaller lg_k (as a DataSketches union does).
  void Merge(const HllSketch& other);

  // The estimated number of distinct items.
  double Estimate() const;

  // Byte format (version 1): u8 version=1 | u8 lg_k | 2^lg_k register bytes.
  std::string Serialize() const;
  // DataLoss if `bytes` is not a sketch in the format above.
  static Result<HllSketch> Deserialize(std::string_view bytes);

  friend bool operator==(const HllSketch& a, const HllSketch& b) {
    return a.lg_k_ == b.lg_k_ && a.registers_ == b.registers_;
  }

 private:
  // REQUIRES: lg_k <= lg_k_. The same items as seen at a lower precision.
  HllSketch Downsampled(int lg_k) const;

  int lg_k_;
  std::vector<uint8_t> registers_;
};

}  // namespace quarry
