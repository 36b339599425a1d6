// OrderedIntegerSerialiser: Gaffer's order-preserving variable-length int,
// gaffer-compat.md §3.2. The OrderedLong scheme on 32 bits:
//   u = v XOR 0x80000000; drop leading bytes equal to the prefix (0x00 if
//   u's top bit is clear, else 0xff); header n or 8 - n; then the n bytes.
// (Gaffer's Java starts its shift at 56, which Java masks to 24; the shifts
// really used are 24, 16, 8 and 0, and so are ours.)
//
//   value        bytes
//   INT32_MIN    00
//   -1           04 7f ff ff ff
//   0            04 80 00 00 00
//   1            04 80 00 00 01
//   256          04 80 00 01 00
//   INT32_MAX    08
//
// Order-preserving and consistent; canonical decoding only. Zero bytes read
// back as null.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

void AppendOrderedInt(int32_t v, std::string* dst);
// DataLoss (plain message) if `bytes` is not canonical.
Result<int32_t> DecodeOrderedInt(std::string_view bytes);
// The serialiser's FastAcceptor: zero bytes (null) or a canonical encoding.
bool AcceptsOrderedInt(std::string_view bytes);

// java.lang.Integer.
class OrderedIntegerSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.serialisation.implementation.ordered.OrderedIntegerSerialiser";
  OrderedIntegerSerialiser() : SerialiserBase({kClassName, true, true}, {ValueType::kInt32}) {}
  Acceptor FastAcceptor() const override { return &AcceptsOrderedInt; }

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;
};

}  // namespace quarry
