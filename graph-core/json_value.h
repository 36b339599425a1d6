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
// Details both directions follow:
//  * byte[] payloads are base64; the wrapper written is Jackson's "[B"
//    ("byte[]" is accepted on input).
//  * Float is written in its shortest decimal form (0.4f as 0.4). Non-finite
//    Double/Float values are wrapped with Jackson's quoted names
//    ({"java.lang.Double": "NaN"}, "Infinity", "-Infinity").
//  * HashMap/TreeMap keys are strings; both read as a Map, written as
//    java.util.HashMap. FreqMap values are bare integers (Longs).
//  * TypeValue/TypeSubTypeValue read from a wrapper or the {"class": ...,
//    "type", "subType", "value"} form (FreqMap and the sketches also accept
//    the "class" form); they are written as wrappers.
//  * Sketches (§1.6): HllSketch reads {"values": [...], "logK": 10} or
//    {"bytes": b64} and is written {"bytes": b64, "cardinality": estimate};
//    HyperLogLogPlus reads {"p", "sp", "offers"} and/or
//    {"hyperLogLogPlusSketchBytes": b64}, optionally nested under
//    "hyperLogLogPlus", and is written nested with a long "cardinality".
//    HllSketch bytes are DataSketches' compact image (Java's while it holds
//    coupons); HyperLogLogPlus bytes are clearspring's. HllSketch values are
//    offered as Gaffer's ToHllSketch does (strings and bytes as bytes,
//    Integer/Long as long, Double as double, else toString); HyperLogLogPlus
//    offers as clearspring's offer(Object) (strings and bytes as bytes, null
//    as the hash 0, else toString).
//  * A wrapper with a null payload ({"java.lang.Long": null}) is null.
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
