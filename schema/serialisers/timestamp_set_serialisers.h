// The time library's serialisers: RBMBackedTimestampSetSerialiser,
// BoundedTimestampSetSerialiser and DeltaLongTimeSeriesSerialiser.
//
// Persisted format (Quarry's own, not Gaffer's Roaring bitmap bytes: a
// Quarry graph's sets are only read by Quarry):
//   u8 version=1 | u8 time bucket | u8 flags (1: sampled) |
//   [vlong max size, bounded sets only] | vlong count |
//   vlong first timestamp | vlong gap to each next one (ms).
// Not order-preserving, not consistent (as Gaffer declares). Zero bytes read
// back as null; bytes that are not a set of this kind are DataLoss.
#pragma once

#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

class RbmBackedTimestampSetSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.time.serialisation.RBMBackedTimestampSetSerialiser";
  RbmBackedTimestampSetSerialiser()
      : SerialiserBase({kClassName, false, false}, {ValueType::kRbmTimestampSet}) {}

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;
};

class BoundedTimestampSetSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.time.serialisation.BoundedTimestampSetSerialiser";
  BoundedTimestampSetSerialiser()
      : SerialiserBase({kClassName, false, false}, {ValueType::kBoundedTimestampSet}) {}

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;
};

// LongTimeSeries, persisted as (Quarry's own format; consistent, as Gaffer
// declares: one series has one encoding):
//   u8 version=1 | u8 time bucket | vlong count |
//   vlong first bucket start | vlong gap to each next one (ms) | each value
//   as a vlong, after the starts.
class DeltaLongTimeSeriesSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.time.serialisation.DeltaLongTimeSeriesSerialiser";
  DeltaLongTimeSeriesSerialiser()
      : SerialiserBase({kClassName, false, true}, {ValueType::kLongTimeSeries}) {}

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;
};

}  // namespace quarry
