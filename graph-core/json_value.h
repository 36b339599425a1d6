// Gaffer JSON for typed values (gaffer-compat.md §1.5).
//
// Reading: bare JSON strings, integers (int32 range), decimals and booleans
// are String, Integer, Double and Boolean; every other type is wrapped as
// {"<class>": payload} with a full or simple class name ({"java.lang.Long": 5},
// {"Long": 5}, {"java.util.Date": ms}, {"java.util.TreeSet": [...]},
// {"uk.gov.gchq.gaffer.types.FreqMap": {"k": n}}, sketches, TypeSubTypeValue
// with its own "class" field, ...). The array form ["java.lang.Long", 5] is
// accepted too.
// Writing: exactly what Gaffer writes (bare natural types, full class names
// for every other wrapper).
//
// Thread safety: stateless functions.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "graph-core/status.h"
#include "graph-core/value.h"

namespace quarry {

// Object keys keep their document order: a Gaffer schema's property order
// fixes the stored value layout, and output reads best in Gaffer's order.
// Always use this alias, never nlohmann::json directly.
using Json = nlohmann::ordered_json;

// Parses a typed value. `path` (e.g. "input[0].vertex") prefixes error
// messages. InvalidArgument on an unknown class or a payload of the wrong
// shape; nesting deeper than kMaxJsonValueDepth is rejected.
inline constexpr int kMaxJsonValueDepth = 64;
Result<Value> ValueFromJson(const Json& json, std::string_view path);

// Gaffer's JSON for `value`.
Json ValueToJson(const Value& value);

}  // namespace quarry
