// BooleanSerialiser: java.lang.Boolean, gaffer-compat.md §3.2.
//
// Persisted format: one byte, 01 for true and 00 for false.
// Reading follows Gaffer: the value is true only if the bytes are exactly
// the single byte 01; any other non-empty bytes read as false (never an
// error). Zero bytes read back as false.
// Order-preserving and consistent.
#pragma once

#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

class BooleanSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.serialisation.implementation.BooleanSerialiser";
  BooleanSerialiser() : SerialiserBase({kClassName, true, true}, {ValueType::kBool}) {}
  Value DeserialiseEmpty() const override { return Value::Bool(false); }

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;
};

}  // namespace quarry
