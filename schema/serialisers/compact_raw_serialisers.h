// CompactRawLongSerialiser and CompactRawIntegerSerialiser: Hadoop VLongs,
// gaffer-compat.md §3.2. The format and its vectors are in schema/vlong.h:
//   0 -> 00, 127 -> 7f, -1 -> ff, 128 -> 8f 80, 1000 -> 8e 03 e8,
//   INT32_MAX -> 8c 7f ff ff ff, INT64_MIN -> 80 7f ff ff ff ff ff ff ff.
//
// Not order-preserving; consistent. Decoding requires the bytes to hold
// exactly one VLong, and for Integer a value in the int32 range; anything
// else is DataLoss. Zero bytes read back as null.
#pragma once

#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

// java.lang.Long.
class CompactRawLongSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.serialisation.implementation.raw.CompactRawLongSerialiser";
  CompactRawLongSerialiser() : SerialiserBase({kClassName, false, true}, {ValueType::kInt64}) {}

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;
};

// java.lang.Integer.
class CompactRawIntegerSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.serialisation.implementation.raw.CompactRawIntegerSerialiser";
  CompactRawIntegerSerialiser() : SerialiserBase({kClassName, false, true}, {ValueType::kInt32}) {}

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;
};

}  // namespace quarry
