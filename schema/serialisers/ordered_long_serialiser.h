// OrderedLongSerialiser and OrderedDateSerialiser: Gaffer's order-preserving
// variable-length long (Accumulo's LongLexicoder), gaffer-compat.md §3.2.
//
// Persisted format for a 64-bit value v:
//   1. u = v XOR 0x8000000000000000 (flips the sign bit).
//   2. Drop the leading big-endian bytes of u equal to the prefix 0x00 (if
//      u's top bit is clear) or 0xff (if set); n bytes remain (0..8).
//   3. Write a header byte, n if the prefix is 0x00 and 16 - n if it is 0xff,
//      then the n bytes. Decoding fills dropped bytes with the prefix.
// The Date serialiser writes the epoch milliseconds the same way.
//
//   value                 bytes
//   INT64_MIN             00
//   -256                  08 7f ff ff ff ff ff ff 00
//   -1                    08 7f ff ff ff ff ff ff ff
//   0                     08 80 00 00 00 00 00 00 00
//   1                     08 80 00 00 00 00 00 00 01
//   256                   08 80 00 00 00 00 00 01 00
//   1451044800146         08 80 00 01 51 d9 02 86 92
//   INT64_MAX - 1         0f fe
//   INT64_MAX             10
//
// Order-preserving and consistent. Decoding accepts only the canonical
// encoding (exact length, no droppable leading byte), so every accepted byte
// string re-encodes to itself. Zero bytes read back as null.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

// The format above, for reuse by the floating-point serialisers.
void AppendOrderedLong(int64_t v, std::string* dst);
// DataLoss (plain message, no serialiser name) if `bytes` is not canonical.
Result<int64_t> DecodeOrderedLong(std::string_view bytes);
// The acceptor (Serialiser::FastAcceptor) of both serialisers below: zero
// bytes (null) or a canonical encoding.
bool AcceptsOrderedLong(std::string_view bytes);

// java.lang.Long.
class OrderedLongSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.serialisation.implementation.ordered.OrderedLongSerialiser";
  OrderedLongSerialiser() : SerialiserBase({kClassName, true, true}, {ValueType::kInt64}) {}
  Acceptor FastAcceptor() const override { return &AcceptsOrderedLong; }

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Status DeserialiseNonEmptyInto(std::string_view bytes, Value* out) const override;
  Status CheckNonEmpty(std::string_view bytes) const override;
};

// java.util.Date (epoch milliseconds).
class OrderedDateSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.serialisation.implementation.ordered.OrderedDateSerialiser";
  OrderedDateSerialiser() : SerialiserBase({kClassName, true, true}, {ValueType::kDate}) {}
  Acceptor FastAcceptor() const override { return &AcceptsOrderedLong; }

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Status DeserialiseNonEmptyInto(std::string_view bytes, Value* out) const override;
  Status CheckNonEmpty(std::string_view bytes) const override;
};

}  // namespace quarry
