// Gaffer 1.x decimal-text serialisers, kept so that v1 schemas load
// (gaffer-compat.md §3.1, "Removed in v2"; classes in package
// uk.gov.gchq.gaffer.serialisation).
//
// Persisted format: Java's toString() of the value in ISO-8859-1 (ASCII):
//   LongSerialiser      -42 -> "-42"            2d 34 32
//   IntegerSerialiser   7 -> "7"                37
//   DoubleSerialiser    1.0 -> "1.0", 1e10 -> "1.0E10", 1e-5 -> "1.0E-5",
//                       NaN -> "NaN", -inf -> "-Infinity"
//   FloatSerialiser     as Double, with float digits: 0.1f -> "0.1"
//   DateSerialiser      epoch milliseconds as a Long
// Doubles use Java's layout (plain decimal for 1e-3 <= |d| < 1e7, else
// d.dddE<n>) with the shortest round-tripping digits; very old JDKs
// sometimes printed one more digit, which reads back the same.
// Reading follows Long.parseLong / Double.parseDouble: an optional sign, and
// for floating point surrounding whitespace, exponents, "NaN", "Infinity"
// and a trailing f/F/d/D; anything else is DataLoss. Zero bytes read back as
// null.
//
// Flags: consistent. Gaffer 1.x declares them order-preserving, which text is
// not ("10" < "9"), so Quarry declares them NOT order-preserving.
#pragma once

#include <string>
#include <string_view>

#include "schema/serialisers/legacy_number_serialiser.h"

namespace quarry {

// The decimal-text encoding (formats above) of LegacyNumberSerialiser.
struct TextNumberEncoding {
  static std::string_view ClassName(LegacyNumberKind kind);
  static Status Write(LegacyNumberKind kind, const Value& value, std::string* dst);
  static Result<Value> Read(LegacyNumberKind kind, std::string_view bytes);
};

// LongSerialiser, IntegerSerialiser, ... by kind.
using TextNumberSerialiser = LegacyNumberSerialiser<TextNumberEncoding>;

}  // namespace quarry
