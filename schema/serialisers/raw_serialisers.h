// Gaffer 1.x fixed-width serialisers, kept so that v1 schemas load
// (gaffer-compat.md §3.1, "Removed in v2"). Use the Ordered* ones for new
// data.
//
// Persisted formats:
//   RawLongSerialiser      8 bytes, little-endian two's complement
//                          1 -> 01 00 00 00 00 00 00 00
//   RawIntegerSerialiser   4 bytes, little-endian      256 -> 00 01 00 00
//   RawDoubleSerialiser    8 bytes, little-endian IEEE-754 bits
//                          1.0 -> 00 00 00 00 00 00 f0 3f
//   RawFloatSerialiser     4 bytes, little-endian IEEE-754 bits
//                          1f -> 00 00 80 3f
//   RawDateSerialiser      8 bytes, BIG-endian epoch milliseconds
//                          1 -> 00 00 00 00 00 00 00 01
// Reading requires exactly that many bytes (else DataLoss). NaN is written
// as Java's canonical NaN. Zero bytes read back as null.
//
// Flags: consistent. Gaffer 1.x declares all five order-preserving; that is
// false (little-endian, and negative dates sort after positive ones), so
// Quarry declares them NOT order-preserving. Nothing in Gaffer chooses them
// by default, so only the validation of an ordered vertex changes.
#pragma once

#include <string>
#include <string_view>

#include "schema/serialisers/legacy_number_serialiser.h"

namespace quarry {

// The fixed-width encoding (formats above) of LegacyNumberSerialiser.
struct RawFixedWidthEncoding {
  static std::string_view ClassName(LegacyNumberKind kind);
  static Status Write(LegacyNumberKind kind, const Value& value, std::string* dst);
  static Result<Value> Read(LegacyNumberKind kind, std::string_view bytes);
};

// RawLongSerialiser, RawIntegerSerialiser, ... by kind.
using RawFixedWidthSerialiser = LegacyNumberSerialiser<RawFixedWidthEncoding>;

}  // namespace quarry
