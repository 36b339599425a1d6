// HyperLogLogPlusSerialiser and HllSketchSerialiser: cardinality sketches.
//
// Persisted formats: HllSketch::Serialize() (graph-core/hll_sketch.h), which
// is DataSketches' compact image: what Gaffer's HllSketchSerialiser stores
// (toCompactByteArray) while the sketch holds coupons, and an HLL_8 image
// after; Quarry's earlier format (u8 1 | u8 lg_k | registers) is still read.
// HyperLogLogPlus::Serialize() (graph-core/hyper_log_log_plus.h) is
// clearspring's getBytes(), byte for byte what Gaffer's
// HyperLogLogPlusSerialiser stores. A HyperLogLogPlus that an earlier Quarry
// stored as an HllSketch image is DataLoss naming the fix (re-load it).
// Not order-preserving, not consistent (as Gaffer declares). Zero bytes read
// back as null; bytes that are not a sketch are DataLoss.
#pragma once

#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

// com.clearspring.analytics.stream.cardinality.HyperLogLogPlus.
class HyperLogLogPlusSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.sketches.clearspring.cardinality.serialisation."
      "HyperLogLogPlusSerialiser";
  HyperLogLogPlusSerialiser()
      : SerialiserBase({kClassName, false, false}, {ValueType::kHyperLogLogPlus}) {}

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;
};

// org.apache.datasketches.hll.HllSketch.
class HllSketchSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.sketches.datasketches.cardinality.serialisation.HllSketchSerialiser";
  HllSketchSerialiser() : SerialiserBase({kClassName, false, false}, {ValueType::kHllSketch}) {}

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;
};

}  // namespace quarry
