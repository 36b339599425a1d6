// ParseSerialiser, DefaultSerialiser and the Serialiser defaults.
#include "schema/serialiser.h"

#include <array>

#include "schema/internal/serialiser_registry.h"
#include "schema/serialisers/map_serialiser.h"
#include "schema/serialisers/set_serialiser.h"
#include "schema/serialisers/visibility_serialiser.h"

namespace quarry {
namespace {

std::string Prefix(std::string_view path) {
  return path.empty() ? std::string() : std::string(path) + ": ";
}

// Nested serialisers (Set of Map of ...) deeper than this are rejected.
constexpr int kMaxNesting = 16;

Result<std::shared_ptr<const Serialiser>> ParseAtDepth(const Json& json, std::string_view path,
                                                       int depth);

// The field `name` of the object `json`, or null if absent or JSON null.
const Json* OptionalField(const Json& json, std::string_view name) {
  auto it = json.find(name);
  if (it == json.end() || it->is_null()) return nullptr;
  return &*it;
}

Result<std::shared_ptr<const Serialiser>> ParseNested(const Json& json, std::string_view name,
                                                      std::string_view path, int depth) {
  std::string field_path = std::string(path) + "." + std::string(name);
  const Json* field = OptionalField(json, name);
  if (field == nullptr) return InvalidArgumentError(field_path + ": missing");
  if (depth >= kMaxNesting) return InvalidArgumentError(field_path + ": nested too deeply");
  return ParseAtDepth(*field, field_path, depth + 1);
}

// The ValueType named by the optional class field `name` (default
// `fallback`), which must be one of `allowed`.
Result<ValueType> ParseCollectionClass(const Json& json, std::string_view name,
                                       std::string_view path, ValueType fallback,
                                       std::initializer_list<ValueType> allowed) {
  const Json* field = OptionalField(json, name);
  if (field == nullptr) return fallback;
  std::string field_path = std::string(path) + "." + std::string(name);
  if (!field->is_string()) return InvalidArgumentError(field_path + ": must be a class name");
  const std::string& class_name = field->get_ref<const std::string&>();
  Result<ValueType> type = ValueTypeFromClassName(class_name);
  for (ValueType t : allowed) {
    if (type.ok() && *type == t) return t;
  }
  return InvalidArgumentError(field_path + ": unsupported class '" + class_name + "'");
}

Result<std::shared_ptr<const Serialiser>> ParseWithFields(std::string_view class_name,
                                                          const Json& json, std::string_view path,
                                                          int depth) {
  if (internal::ClassNameMatches(class_name, SetSerialiser::kClassName)) {
    QUARRY_ASSIGN_OR_RETURN(auto items, ParseNested(json, "objectSerialiser", path, depth));
    QUARRY_ASSIGN_OR_RETURN(ValueType set_type,
                            ParseCollectionClass(json, "setClass", path, ValueType::kHashSet,
                                                 {ValueType::kHashSet, ValueType::kTreeSet}));
    return std::shared_ptr<const Serialiser>(
        std::make_shared<SetSerialiser>(std::move(items), set_type));
  }
  QUARRY_ASSIGN_OR_RETURN(auto keys, ParseNested(json, "keySerialiser", path, depth));
  QUARRY_ASSIGN_OR_RETURN(auto values, ParseNested(json, "valueSerialiser", path, depth));
  QUARRY_RETURN_IF_ERROR(
      ParseCollectionClass(json, "mapClass", path, ValueType::kMap, {ValueType::kMap}).status());
  return std::shared_ptr<const Serialiser>(
      std::make_shared<MapSerialiser>(std::move(keys), std::move(values)));
}

Result<std::shared_ptr<const Serialiser>> ParseAtDepth(const Json& json, std::string_view path,
                                                       int depth) {
  const Json* class_json = &json;
  if (json.is_object()) {
    auto it = json.find("class");
    class_json = it == json.end() ? nullptr : &*it;
  }
  if (class_json == nullptr || !class_json->is_string()) {
    return InvalidArgumentError(Prefix(path) +
                                "a serialiser must be {\"class\": \"...\"} or a class name");
  }
  const std::string& class_name = class_json->get_ref<const std::string&>();
  if (auto found = internal::FindParameterlessSerialiser(class_name)) return found;
  if (class_name == VisibilitySerialiser::kClassName) {  // gaffer-doc's example class.
    static const auto* const kVisibility =
        new std::shared_ptr<const Serialiser>(std::make_shared<VisibilitySerialiser>());
    return *kVisibility;
  }
  if (internal::ClassNameMatches(class_name, SetSerialiser::kClassName) ||
      internal::ClassNameMatches(class_name, MapSerialiser::kClassName)) {
    if (!json.is_object()) {
      return InvalidArgumentError(Prefix(path) + "serialiser class '" + class_name +
                                  "' needs fields; write it as an object");
    }
    return ParseWithFields(class_name, json, path, depth);
  }
  if (std::string_view reason = internal::UnsupportedSerialiserReason(class_name);
      !reason.empty()) {
    return UnimplementedError(Prefix(path) + "serialiser class '" + class_name +
                              "' is not supported: " + std::string(reason));
  }
  return InvalidArgumentError(Prefix(path) + "unknown serialiser class '" + class_name + "'");
}

}  // namespace

Status Serialiser::DeserialiseInto(std::string_view bytes, Value* out) const {
  Result<Value> value = Deserialise(bytes);
  if (!value.ok()) return value.status();
  *out = std::move(value).value();
  return Status::OK();
}

Status Serialiser::Check(std::string_view bytes) const {
  Value scratch;
  return DeserialiseInto(bytes, &scratch);
}

Json Serialiser::ToJson() const {
  Json json = Json::object();
  json["class"] = std::string(ClassName());
  return json;
}

Result<std::shared_ptr<const Serialiser>> ParseSerialiser(const Json& json, std::string_view path) {
  return ParseAtDepth(json, path, 0);
}

Result<std::shared_ptr<const Serialiser>> DefaultSerialiser(ValueType type, bool preserve_order,
                                                            bool consistent) {
  // Gaffer's SerialisationFactory order, then the AccumuloStore's sketch
  // serialisers (gaffer-compat.md §3.1), then Quarry's stand-in for
  // JavaSerialiser (HashSet, ArrayList, HashMap, TreeMap).
  static constexpr std::array<std::string_view, 21> kOrder = {
      "OrderedLongSerialiser",
      "OrderedDateSerialiser",
      "OrderedIntegerSerialiser",
      "OrderedDoubleSerialiser",
      "OrderedFloatSerialiser",
      "StringSerialiser",
      "BytesSerialiser",
      "CompactRawIntegerSerialiser",
      "CompactRawLongSerialiser",
      "BooleanSerialiser",
      "TreeSetStringSerialiser",
      "TypeValueSerialiser",
      "TypeSubTypeValueSerialiser",
      "FreqMapSerialiser",
      "HyperLogLogPlusSerialiser",
      "HllSketchSerialiser",
      "TypedCollectionSerialiser",
      "OrderedShortSerialiser",  // Quarry's own: Gaffer would use JavaSerialiser.
      "RBMBackedTimestampSetSerialiser",
      "BoundedTimestampSetSerialiser",
      "DeltaLongTimeSeriesSerialiser",
  };
  for (std::string_view name : kOrder) {
    std::shared_ptr<const Serialiser> s = internal::FindParameterlessSerialiser(name);
    if (s && s->CanHandle(type) && (!preserve_order || s->PreservesOrder()) &&
        (!consistent || s->IsConsistent())) {
      return s;
    }
  }
  std::string wanted;
  if (preserve_order) wanted += " that preserves order";
  if (consistent) wanted += preserve_order ? " and is consistent" : " that is consistent";
  return InvalidArgumentError("no serialiser" + wanted + " for class '" +
                              std::string(JavaClassName(type)) +
                              "' (Gaffer would fall back to JavaSerialiser, which Quarry does "
                              "not support); name a serialiser for this type in the schema");
}

}  // namespace quarry
