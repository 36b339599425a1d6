// OrderedDoubleSerialiser: order-preserving doubles, gaffer-compat.md §3.2.
//
// Persisted format: l = the IEEE-754 bits of d; if l's sign bit is set,
// l = ~l, else l ^= 0x8000000000000000; then l is written with the
// OrderedLong format (ordered_long_serialiser.h).
//
//   value              bytes
//   0.0                00
//   -0.0               10
//   1.0                08 3f f0 00 00 00 00 00 00
//   2.5                08 40 04 00 00 00 00 00 00
//   -1.0               08 c0 0f ff ff ff ff ff ff
//   Double.MIN_VALUE   01 01
//   Double.MAX_VALUE   08 7f ef ff ff ff ff ff ff
//
// ORDER TRAP (Gaffer's, reproduced for byte compatibility): the sign flip
// above is undone by the OrderedLong step, so the bytes do NOT sort as
// Double.compare across signs. They sort as
//   0.0 < positives < +inf < NaN < -inf < negatives < -0.0
// i.e. in value order among doubles with the sign bit clear, in value order
// among doubles with the sign bit set, and every sign-bit-set double after
// every sign-bit-clear one. Gaffer still declares the serialiser
// order-preserving, and so does Quarry (so that SerialisationFactory picks
// it as Gaffer does); a range scan over doubles must not span zero.
// Every NaN is written as Java's canonical NaN (0x7ff8000000000000), since
// all NaNs are equal Values; this keeps the serialiser consistent.
// Zero bytes read back as null.
#pragma once

#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

// java.lang.Double.
class OrderedDoubleSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.serialisation.implementation.ordered.OrderedDoubleSerialiser";
  OrderedDoubleSerialiser() : SerialiserBase({kClassName, true, true}, {ValueType::kDouble}) {}

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;
};

}  // namespace quarry
