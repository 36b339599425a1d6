// TreeSetStringSerialiser: java.util.TreeSet of String, gaffer-compat.md §3.2.
//
// Persisted format: the UTF-8 of "{" + items joined by the two characters
// backslash-comma + "}", items in set order, not escaped.
//   {}          -> 7b 7d
//   {a, b}      -> 7b 61 5c 2c 62 7d
// Reading strips the braces, splits on backslash-comma and drops empty items
// (Gaffer's rule), so an empty-string item does not survive a round trip.
// Serialising an item containing backslash-comma, which could not be read
// back, is InvalidArgument; so is a non-String item. Zero bytes read back as
// an empty set.
//
// Flags as Gaffer declares them: order-preserving and consistent. Caveat:
// the order claim is not strictly true ({a} sorts after {a, b} because '}'
// > '\'); keep TreeSets out of range scans. Consistency does hold.
#pragma once

#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

class TreeSetStringSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.serialisation.implementation.TreeSetStringSerialiser";
  TreeSetStringSerialiser() : SerialiserBase({kClassName, true, true}, {ValueType::kTreeSet}) {}
  Value DeserialiseEmpty() const override { return Value::TreeSet({}); }

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;
};

}  // namespace quarry
