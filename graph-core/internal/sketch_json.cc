// JSON forms of the two sketch types (gaffer-compat.md §1.6):
//   HllSketch:       {"values": [...], "logK": 10} or {"bytes": "<b64>"};
//                    written as {"bytes": "<b64>", "cardinality": <estimate>}.
//   HyperLogLogPlus: {"p": 5, "sp": 5, "offers": [...]} and/or
//                    {"hyperLogLogPlusSketchBytes": "<b64>"} (offers are added
//                    to the bytes' sketch), optionally nested under
//                    "hyperLogLogPlus"; written as {"hyperLogLogPlus":
//                    {"hyperLogLogPlusSketchBytes": ..., "cardinality": <long>}}.
// HllSketch bytes are HllSketch::Serialize(): DataSketches' compact image, as
// Java's toCompactByteArray() writes it (an HLL_8 image once in HLL mode);
// HyperLogLogPlus bytes are clearspring's getBytes().
#include <cmath>
#include <memory>
#include <string>

#include "graph-core/base64.h"
#include "graph-core/hll_sketch.h"
#include "graph-core/hyper_log_log_plus.h"
#include "graph-core/internal/json_value_util.h"

namespace quarry::internal {
namespace {

Result<std::shared_ptr<const HllSketch>> SketchFromBase64(const Json& json, std::string_view path) {
  if (!json.is_string()) {
    return JsonError(path, "expected a base64 string, got " + std::string(JsonTypeName(json)));
  }
  auto bytes = Base64Decode(json.get_ref<const std::string&>());
  if (!bytes) return JsonError(path, "invalid base64");
  Result<HllSketch> sketch = HllSketch::Deserialize(*bytes);
  if (!sketch.ok()) return JsonError(path, sketch.status().message());
  return std::make_shared<const HllSketch>(std::move(sketch).value());
}

// Reads an optional integer precision field, checked against HllSketch's range.
Result<int> ReadPrecision(const Json& payload, std::string_view field, std::string_view path) {
  const Json* json = json_fields::Find(payload, field);
  if (json == nullptr) return HllSketch::kDefaultLgK;
  std::string field_path = json_fields::Join(path, field);
  QUARRY_ASSIGN_OR_RETURN(int64_t v, JsonToInt64(*json, field_path));
  if (v < HllSketch::kMinLgK || v > HllSketch::kMaxLgK) {
    return JsonError(field_path, "precision " + std::to_string(v) + " is outside [" +
                                     std::to_string(HllSketch::kMinLgK) + ", " +
                                     std::to_string(HllSketch::kMaxLgK) + "]");
  }
  return static_cast<int>(v);
}

Result<std::shared_ptr<const HllSketch>> SketchFromOffers(const Json& offers, int lg_k,
                                                          std::string_view path, int depth) {
  if (!offers.is_array()) {
    return JsonError(path, "expected an array, got " + std::string(JsonTypeName(offers)));
  }
  auto sketch = std::make_shared<HllSketch>(lg_k);
  for (size_t i = 0; i < offers.size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(Value v,
                            ValueFromJsonAtDepth(offers[i], json_fields::Index(path, i), depth));
    if (!v.is_null()) OfferToSketch(v, sketch.get());
  }
  return std::shared_ptr<const HllSketch>(std::move(sketch));
}

// The sketch a HyperLogLogPlus payload starts from: its
// "hyperLogLogPlusSketchBytes", else an empty one of its "p" and "sp".
Result<HyperLogLogPlus> HyperLogLogPlusBase(const Json& inner, std::string_view path) {
  if (const Json* bytes = json_fields::Find(inner, "hyperLogLogPlusSketchBytes")) {
    const std::string bytes_path = json_fields::Join(path, "hyperLogLogPlusSketchBytes");
    if (!bytes->is_string()) {
      return JsonError(bytes_path,
                       "expected a base64 string, got " + std::string(JsonTypeName(*bytes)));
    }
    auto decoded = Base64Decode(bytes->get_ref<const std::string&>());
    if (!decoded) return JsonError(bytes_path, "invalid base64");
    Result<HyperLogLogPlus> sketch = HyperLogLogPlus::Deserialize(*decoded);
    if (!sketch.ok()) return JsonError(bytes_path, sketch.status().message());
    return sketch;
  }
  int precision[2] = {HyperLogLogPlus::kDefaultP, HyperLogLogPlus::kDefaultSp};
  const char* names[2] = {"p", "sp"};
  for (int i = 0; i < 2; ++i) {
    const Json* field = json_fields::Find(inner, names[i]);
    if (field == nullptr) continue;
    QUARRY_ASSIGN_OR_RETURN(int64_t v, JsonToInt64(*field, json_fields::Join(path, names[i])));
    if (v < 0 || v > 64) {
      return JsonError(json_fields::Join(path, names[i]),
                       "precision " + std::to_string(v) + " is outside [0, 64]");
    }
    precision[i] = static_cast<int>(v);
  }
  Result<HyperLogLogPlus> sketch = HyperLogLogPlus::Create(precision[0], precision[1]);
  if (!sketch.ok()) return JsonError(path, sketch.status().message());
  return sketch;
}

}  // namespace

Result<Value> HllSketchFromJson(const Json& payload, std::string_view path, int depth) {
  if (!payload.is_object()) {
    return JsonError(path,
                     "HllSketch expects an object, got " + std::string(JsonTypeName(payload)));
  }
  std::shared_ptr<const HllSketch> sketch;
  if (const Json* bytes = json_fields::Find(payload, "bytes")) {
    QUARRY_ASSIGN_OR_RETURN(sketch, SketchFromBase64(*bytes, json_fields::Join(path, "bytes")));
  } else {
    QUARRY_ASSIGN_OR_RETURN(int lg_k, ReadPrecision(payload, "logK", path));
    const Json* values = json_fields::Find(payload, "values");
    static const Json kNoValues = Json::array();
    QUARRY_ASSIGN_OR_RETURN(sketch, SketchFromOffers(values ? *values : kNoValues, lg_k,
                                                     json_fields::Join(path, "values"), depth));
  }
  return Value::Sketch(std::move(sketch));
}

// Gaffer's HyperLogLogPlusWithOffers: the sketch from its bytes, or a new
// one of precision p / sp (both 5 by default), then every offer added.
Result<Value> HyperLogLogPlusFromJson(const Json& payload, std::string_view path, int depth) {
  if (!payload.is_object()) {
    return JsonError(
        path, "HyperLogLogPlus expects an object, got " + std::string(JsonTypeName(payload)));
  }
  std::string inner_path(path);
  const Json* inner = &payload;
  if (const Json* nested = json_fields::Find(payload, "hyperLogLogPlus")) {
    inner_path = json_fields::Join(path, "hyperLogLogPlus");
    inner = nested;
    if (!inner->is_object()) {
      return JsonError(inner_path, "expected an object, got " + std::string(JsonTypeName(*inner)));
    }
  }
  QUARRY_ASSIGN_OR_RETURN(HyperLogLogPlus sketch, HyperLogLogPlusBase(*inner, inner_path));
  if (const Json* offers = json_fields::Find(*inner, "offers")) {
    const std::string offers_path = json_fields::Join(inner_path, "offers");
    if (!offers->is_array()) {
      return JsonError(offers_path, "expected an array, got " + std::string(JsonTypeName(*offers)));
    }
    std::vector<uint64_t> hashes;
    hashes.reserve(offers->size());
    for (size_t i = 0; i < offers->size(); ++i) {
      QUARRY_ASSIGN_OR_RETURN(
          Value v, ValueFromJsonAtDepth((*offers)[i], json_fields::Index(offers_path, i), depth));
      hashes.push_back(HyperLogLogPlusHashOf(v));
    }
    sketch.OfferHashes(hashes);
  }
  return Value::HyperLogLogPlus(std::make_shared<const HyperLogLogPlus>(std::move(sketch)));
}

Json HllSketchToJson(const HllSketch& sketch) {
  Json out = Json::object();
  out["bytes"] = Base64Encode(sketch.Serialize());
  out["cardinality"] = sketch.Estimate();
  return out;
}

Json HyperLogLogPlusToJson(const HyperLogLogPlus& sketch) {
  Json inner = Json::object();
  inner["hyperLogLogPlusSketchBytes"] = Base64Encode(sketch.Serialize());
  inner["cardinality"] = sketch.Cardinality();
  Json out = Json::object();
  out["hyperLogLogPlus"] = std::move(inner);
  return out;
}

}  // namespace quarry::internal
