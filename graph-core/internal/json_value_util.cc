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
  if (value.type() == ValueType::kString) {
    sketch->Update(value.AsString());
    return;
  }
  std::string item(JavaClassName(value.type()));
  item += ':';
  item += value.ToJavaString();
  sketch->Update(item);
}

}  // namespace quarry::internal
