// StringSerialiser: java.lang.String, gaffer-compat.md §3.2.
//
// Persisted format: the string's UTF-8 bytes, no terminator, no escaping.
//   "abc" -> 61 62 63      "" -> (zero bytes)
// Zero bytes read back as "" (Gaffer's deserialiseEmpty), so a null String
// property comes back as "".
//
// Order-preserving and consistent. Caveat: bytes sort in UTF-8 (code point)
// order while Java's String.compareTo uses UTF-16 code units; the two differ
// only between supplementary characters (U+10000 and up) and U+E000..U+FFFF.
// Gaffer has the same gap. Bytes are kept as-is (no UTF-8 validation).
#pragma once

#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

class StringSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.serialisation.implementation.StringSerialiser";
  StringSerialiser() : SerialiserBase({kClassName, true, true}, {ValueType::kString}) {}
  Value DeserialiseEmpty() const override { return Value::String(""); }
  Acceptor FastAcceptor() const override {
    return [](std::string_view) { return true; };
  }

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Status DeserialiseNonEmptyInto(std::string_view bytes, Value* out) const override;
  // Any bytes are a String (no UTF-8 validation, as above).
  Status CheckNonEmpty(std::string_view) const override { return Status::OK(); }
};

}  // namespace quarry
