// Java's text forms of numbers: Long/Double/Float.toString and
// Long.parseLong/Double.parseDouble, for the v1 text serialisers.
//
// Thread safety: stateless functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace quarry::internal {

// Double.toString(d): "1.0", "1.0E10", "1.0E-5", "NaN", "-Infinity", "-0.0".
std::string JavaDoubleToString(double d);
// Float.toString(f): as above with the shortest float digits.
std::string JavaFloatToString(float f);

// Long.parseLong: optional '+'/'-' then decimal digits, within int64 range.
std::optional<int64_t> ParseJavaLong(std::string_view text);
// Double.parseDouble, decimal forms only (no hexadecimal floating point).
std::optional<double> ParseJavaDouble(std::string_view text);
// Float.parseFloat, likewise (rounds once, straight to float).
std::optional<float> ParseJavaFloat(std::string_view text);

}  // namespace quarry::internal
