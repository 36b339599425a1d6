// Helpers shared by the typed-value JSON reader and the predicate parsers:
// error construction with JSON paths, integer reading and sketch offers.
// Paths and field access are json_fields.h's (Join, Index, Find), which this
// header includes.
//
// Thread safety: stateless functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "graph-core/hll_sketch.h"
#include "graph-core/hyper_log_log_plus.h"
#include "graph-core/json_fields.h"
#include "graph-core/json_value.h"
#include "graph-core/long_time_series.h"
#include "graph-core/status.h"
#include "graph-core/timestamp_set.h"
#include "graph-core/value.h"

namespace quarry::internal {

// InvalidArgument "`path`: `message`" (just `message` when path is empty).
Status JsonError(std::string_view path, std::string_view message);

// A short name of the JSON type of `json` for messages ("string", "object", ...).
std::string_view JsonTypeName(const Json& json);

// Reads a JSON integer as int64. InvalidArgument naming `path` if `json` is
// not an integer or does not fit in 64 signed bits.
Result<int64_t> JsonToInt64(const Json& json, std::string_view path);

// Offers one item to a sketch as Gaffer's ToHllSketch does: strings and
// bytes as their bytes, Integer and Long as a long, Double as a double, and
// anything else as its Java toString() (so Boolean true and "true" agree).
void OfferToSketch(const Value& value, HllSketch* sketch);
// The hash clearspring's offer(Object) gives an item: of its bytes for
// strings and bytes, 0 for null, of its Java toString() for anything else.
uint64_t HyperLogLogPlusHashOf(const Value& value);

// Typed value reader with an explicit depth (for nested typed values inside
// sketch payloads and collections).
Result<Value> ValueFromJsonAtDepth(const Json& json, std::string_view path, int depth);

// Sketch payload readers and writers (graph-core/internal/sketch_json.cc).
Result<Value> HllSketchFromJson(const Json& payload, std::string_view path, int depth);
Result<Value> HyperLogLogPlusFromJson(const Json& payload, std::string_view path, int depth);
Json HllSketchToJson(const HllSketch& sketch);
Json HyperLogLogPlusToJson(const HyperLogLogPlus& sketch);

// Timestamp set payloads (graph-core/internal/timestamp_set_json.cc). `type`
// is kRbmTimestampSet or kBoundedTimestampSet.
Result<Value> TimestampSetFromJson(ValueType type, const Json& payload, std::string_view class_name,
                                   std::string_view path);
Json TimestampSetToJson(const TimestampSet& set);
// LongTimeSeries payloads (same file).
Result<Value> LongTimeSeriesFromJson(const Json& payload, std::string_view path);
Json LongTimeSeriesToJson(const LongTimeSeries& series);

}  // namespace quarry::internal
