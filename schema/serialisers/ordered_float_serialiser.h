// OrderedFloatSerialiser: order-preserving floats, gaffer-compat.md §3.2.
//
// Persisted format: the OrderedDouble scheme on 32 bits, written with the
// OrderedInteger format (ordered_integer_serialiser.h): i = the IEEE-754 bits
// of f; if i's sign bit is set, i = ~i, else i ^= 0x80000000.
//
//   value   bytes
//   0f      00
//   -0f     08
//   1f      04 3f 80 00 00
//   2.5f    04 40 20 00 00
//   -1f     04 c0 7f ff ff
//
// Same order trap as OrderedDouble (see ordered_double_serialiser.h): bytes
// sort in value order within each sign, all sign-bit-set floats after all
// others (0f lowest, -0f highest); declared order-preserving as in Gaffer.
// NaN is written as Java's canonical NaN (0x7fc00000). Zero bytes read back
// as null.
#pragma once

#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

// java.lang.Float.
class OrderedFloatSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.serialisation.implementation.ordered.OrderedFloatSerialiser";
  OrderedFloatSerialiser() : SerialiserBase({kClassName, true, true}, {ValueType::kFloat}) {}

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;
};

}  // namespace quarry
