// TypeValueSerialiser: uk.gov.gchq.gaffer.types.TypeValue,
// gaffer-compat.md §3.2.
//
// Persisted format: escape(utf8(type)) 00 escape(utf8(value)), with the
// escaping of schema/escaping.h.
//   (t, v)      -> 74 00 76
//   ("", v)     -> 00 76
//   (a\0, b)    -> 61 01 01 00 62
// A TypeValue whose type and value are both empty is InvalidArgument (Gaffer:
// "TypeValue passed to serialiser is blank"). Reading requires exactly one
// 00 delimiter and valid escapes. Zero bytes read back as null.
//
// Order-preserving (by type, then value; the UTF-8 vs UTF-16 caveat of
// string_serialiser.h applies) and consistent.
#pragma once

#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

class TypeValueSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.serialisation.TypeValueSerialiser";
  TypeValueSerialiser() : SerialiserBase({kClassName, true, true}, {ValueType::kTypeValue}) {}

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;
};

}  // namespace quarry
