// Helpers for serialiser tests: hex conversion and random Values.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/value.h"
#include "schema/serialiser.h"

namespace quarry::testing {

// "08 7f ff" -> the bytes 08 7f ff (spaces optional).
std::string Hex(std::string_view hex);
// The bytes as "08 7f ff".
std::string ToHex(std::string_view bytes);

// Random bytes of length 0..max_len, biased towards 00, 01, 02 and ff.
std::string RandomBytes(std::mt19937_64& rng, size_t max_len);
// Random UTF-8-ish text for strings that must compare the same in UTF-8 and
// UTF-16 order: never uses the lead bytes ee/ef (U+E000..U+FFFF), so
// JavaStringCompare equals bytewise order. Includes 00, 01 and ff bytes.
std::string RandomOrderSafeString(std::mt19937_64& rng, size_t max_len);

// Values of `type` that a test should always cover (extremes, zeros, NaN,
// empty strings, ...). Empty for types without natural edge cases.
std::vector<Value> EdgeValues(ValueType type);
// A random value of `type`. Strings are order-safe (see above).
Value RandomValue(ValueType type, std::mt19937_64& rng);

// Every ValueType except kNull.
std::vector<ValueType> AllValueTypes();

// Serialise or fail with a message.
std::string SerialiseOrDie(const Serialiser& serialiser, const Value& value);

}  // namespace quarry::testing
