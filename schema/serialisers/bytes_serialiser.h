// BytesSerialiser: byte[], gaffer-compat.md §3.2.
//
// Persisted format: the bytes unchanged.  01 00 ff -> 01 00 ff
// Zero bytes read back as an empty byte array.
// Order-preserving (unsigned bytewise, as Value compares bytes) and
// consistent.
#pragma once

#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

class BytesSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.serialisation.implementation.BytesSerialiser";
  BytesSerialiser() : SerialiserBase({kClassName, true, true}, {ValueType::kBytes}) {}
  Value DeserialiseEmpty() const override { return Value::Bytes(""); }

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;
};

}  // namespace quarry
