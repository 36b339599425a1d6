// OrderedShortSerialiser: Quarry's serialiser for java.lang.Short. Gaffer has
// none of its own: its SerialisationFactory falls back to JavaSerialiser,
// which is not portable (as for the collections, typed_collection_serialiser.h),
// so a schema naming java.lang.Short without a serialiser gets this one.
//
// Class name: "quarry.serialisation.OrderedShortSerialiser". Format: the
// value XOR 0x8000 as two big-endian bytes, so byte order is numeric order.
//
//   value        bytes
//   -32768       00 00
//   -1           7f ff
//   0            80 00
//   1            80 01
//   32767        ff ff
//
// Order-preserving and consistent. Zero bytes read back as null; any other
// length than 2 is DataLoss.
//
// Thread safety: immutable.
#pragma once

#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

class OrderedShortSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName = "quarry.serialisation.OrderedShortSerialiser";
  OrderedShortSerialiser() : SerialiserBase({kClassName, true, true}, {ValueType::kInt16}) {}

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;
};

}  // namespace quarry
