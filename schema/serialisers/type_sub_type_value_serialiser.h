// TypeSubTypeValueSerialiser: uk.gov.gchq.gaffer.types.TypeSubTypeValue,
// gaffer-compat.md §3.2.
//
// Persisted format:
//   escape(utf8(type)) 00 escape(utf8(subType)) 00 escape(utf8(value))
//   (t, s, v)   -> 74 00 73 00 76
//   ("", "", v) -> 00 00 76
// All three parts empty is InvalidArgument (Gaffer: "blank"). Reading
// requires exactly two 00 delimiters and valid escapes. Zero bytes read back
// as an empty TypeSubTypeValue ("", "", ""), Gaffer's deserialiseEmpty.
//
// Order-preserving (type, subType, value; UTF-8 vs UTF-16 caveat of
// string_serialiser.h) and consistent.
#pragma once

#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

class TypeSubTypeValueSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.serialisation.TypeSubTypeValueSerialiser";
  TypeSubTypeValueSerialiser()
      : SerialiserBase({kClassName, true, true}, {ValueType::kTypeSubTypeValue}) {}
  Value DeserialiseEmpty() const override { return Value::TypeSubTypeValue("", "", ""); }

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;
};

}  // namespace quarry
