#include "graph-core/internal/json_value_util.h"

#include <limits>

namespace quarry::internal {

Status JsonError(std::string_view path, std::string_view message) {
  if (path.empty()) return InvalidArgumentError(std::string(message));
  return InvalidArgumentError(std::string(path) + ": " + std::string(message));
}

std::string_view JsonTypeName(const Json& json) {
  switch (json.type()) {
    case Json::value_t::null:
      return "null";
    case Json::value_t::boolean:
      return "boolean";
    case Json::value_t::string:
      return "string";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
      return "integer";
    case Json::value_t::number_float:
      return "decimal";
    case Json::value_t::array:
      return "array";
    case Json::value_t::object:
      return "object";
    default:
      return "unsupported JSON value";
  }
}

Result<int64_t> JsonToInt64(const Json& json, std::string_view path) {
  if (json.is_number_unsigned()) {
    auto u = json.get<uint64_t>();
    if (u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
      return JsonError(path, "integer " + std::to_string(u) + " does not fit in 64 bits");
    }
    return static_cast<int64_t>(u);
  }
  if (json.is_number_integer()) return json.get<int64_t>();
  return JsonError(path, "expected an integer, got " + std::string(JsonTypeName(json)));
}

void OfferToSketch(const Value& value, HllSketch* sketch) {
  // Gaffer's ToHllSketch / HllSketchWithValues: String, Integer, Long, Double
  // and byte[] have DataSketches updates of their own; anything else is
  // offered as its toString().
  switch (value.type()) {
    case ValueType::kString:
      return sketch->Update(value.AsString());
    case ValueType::kBytes:
      return sketch->Update(value.AsString());
    case ValueType::kInt32:
      return sketch->UpdateLong(value.AsInt32());
    case ValueType::kInt64:
      return sketch->UpdateLong(value.AsInt64());
    case ValueType::kDouble:
      return sketch->UpdateDouble(value.AsDouble());
    default:
      return sketch->Update(value.ToJavaString());
  }
}

uint64_t HyperLogLogPlusHashOf(const Value& value) {
  switch (value.type()) {
    case ValueType::kNull:
      return 0;
    case ValueType::kString:
    case ValueType::kBytes:
      return HyperLogLogPlus::Hash(value.AsString());
    default:
      return HyperLogLogPlus::Hash(value.ToJavaString());
  }
}

}  // namespace quarry::internal
