#include "graph-core/json_value.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>

#include "graph-core/base64.h"
#include "graph-core/hll_sketch.h"
#include "graph-core/internal/json_value_util.h"
#include "graph-core/java_hash_order.h"

namespace quarry {
namespace {

using internal::JsonError;
using internal::JsonTypeName;
using internal::ValueFromJsonAtDepth;

// Jackson writes byte[] type ids as the JVM name of the array class.
constexpr std::string_view kBytesClassOnOutput = "[B";

std::string WrongPayload(std::string_view class_name, std::string_view expected,
                         const Json& payload) {
  return "class '" + std::string(class_name) + "' expects " + std::string(expected) + ", got " +
         std::string(JsonTypeName(payload));
}

// Double or Float payloads: a JSON number or Jackson's quoted non-finite names.
Result<double> ReadFloating(const Json& payload, std::string_view class_name,
                            std::string_view path) {
  if (payload.is_number()) return payload.get<double>();
  if (payload.is_string()) {
    const std::string& s = payload.get_ref<const std::string&>();
    if (s == "NaN") return std::numeric_limits<double>::quiet_NaN();
    if (s == "Infinity") return std::numeric_limits<double>::infinity();
    if (s == "-Infinity") return -std::numeric_limits<double>::infinity();
  }
  return JsonError(path, WrongPayload(class_name, "a number", payload));
}

Result<Value> ReadInt32(const Json& payload, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(int64_t v, internal::JsonToInt64(payload, path));
  if (v < std::numeric_limits<int32_t>::min() || v > std::numeric_limits<int32_t>::max()) {
    return JsonError(path, "integer " + std::to_string(v) +
                               " is outside the java.lang.Integer range; wrap it as "
                               "{\"java.lang.Long\": ...}");
  }
  return Value::Int32(static_cast<int32_t>(v));
}

Result<ValueList> ReadItems(const Json& payload, std::string_view class_name, std::string_view path,
                            int depth) {
  if (!payload.is_array()) return JsonError(path, WrongPayload(class_name, "an array", payload));
  ValueList items;
  items.reserve(payload.size());
  for (size_t i = 0; i < payload.size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(Value item,
                            ValueFromJsonAtDepth(payload[i], json_fields::Index(path, i), depth));
    items.push_back(std::move(item));
  }
  return items;
}

Result<Value> ReadMap(const Json& payload, std::string_view class_name, std::string_view path,
                      int depth) {
  if (!payload.is_object()) return JsonError(path, WrongPayload(class_name, "an object", payload));
  ValueEntries entries;
  for (auto it = payload.begin(); it != payload.end(); ++it) {
    QUARRY_ASSIGN_OR_RETURN(
        Value v, ValueFromJsonAtDepth(it.value(), json_fields::Join(path, it.key()), depth));
    entries.emplace_back(Value::String(it.key()), std::move(v));
  }
  return Value::Map(std::move(entries));
}

// FreqMap: {"key": count, ...}; a "class" member (class-field form) is skipped.
Result<Value> ReadFreqMap(const Json& payload, std::string_view class_name, std::string_view path) {
  if (!payload.is_object()) return JsonError(path, WrongPayload(class_name, "an object", payload));
  FreqMap counts;
  for (auto it = payload.begin(); it != payload.end(); ++it) {
    if (it.key() == "class") continue;
    QUARRY_ASSIGN_OR_RETURN(int64_t n,
                            internal::JsonToInt64(it.value(), json_fields::Join(path, it.key())));
    counts[it.key()] = n;
  }
  return Value::FreqMap(std::move(counts));
}

Result<std::string> ReadStringField(const Json& object, std::string_view name,
                                    std::string_view path) {
  const Json* field = json_fields::Find(object, name);
  if (field == nullptr) return std::string();
  if (!field->is_string()) {
    return JsonError(json_fields::Join(path, name),
                     "expected a string, got " + std::string(JsonTypeName(*field)));
  }
  return field->get<std::string>();
}

Result<Value> ReadTypeSubTypeValue(const Json& payload, ValueType type, std::string_view class_name,
                                   std::string_view path) {
  if (!payload.is_object()) return JsonError(path, WrongPayload(class_name, "an object", payload));
  QUARRY_ASSIGN_OR_RETURN(std::string t, ReadStringField(payload, "type", path));
  QUARRY_ASSIGN_OR_RETURN(std::string v, ReadStringField(payload, "value", path));
  if (type == ValueType::kTypeValue) return Value::TypeValue(std::move(t), std::move(v));
  QUARRY_ASSIGN_OR_RETURN(std::string sub, ReadStringField(payload, "subType", path));
  return Value::TypeSubTypeValue(std::move(t), std::move(sub), std::move(v));
}

Result<Value> ReadScalarPayload(ValueType type, const Json& payload, std::string_view class_name,
                                std::string_view path) {
  switch (type) {
    case ValueType::kBool:
      if (!payload.is_boolean()) {
        return JsonError(path, WrongPayload(class_name, "a boolean", payload));
      }
      return Value::Bool(payload.get<bool>());
    case ValueType::kInt32:
      return ReadInt32(payload, path);
    case ValueType::kInt16: {
      QUARRY_ASSIGN_OR_RETURN(int64_t v, internal::JsonToInt64(payload, path));
      if (v < std::numeric_limits<int16_t>::min() || v > std::numeric_limits<int16_t>::max()) {
        return JsonError(path,
                         "integer " + std::to_string(v) + " is outside the java.lang.Short range");
      }
      return Value::Int16(static_cast<int16_t>(v));
    }
    case ValueType::kInt64: {
      QUARRY_ASSIGN_OR_RETURN(int64_t v, internal::JsonToInt64(payload, path));
      return Value::Int64(v);
    }
    case ValueType::kDate: {
      QUARRY_ASSIGN_OR_RETURN(int64_t v, internal::JsonToInt64(payload, path));
      return Value::Date(v);
    }
    case ValueType::kFloat: {
      QUARRY_ASSIGN_OR_RETURN(double v, ReadFloating(payload, class_name, path));
      return Value::Float(static_cast<float>(v));
    }
    case ValueType::kDouble: {
      QUARRY_ASSIGN_OR_RETURN(double v, ReadFloating(payload, class_name, path));
      return Value::Double(v);
    }
    case ValueType::kString:
      if (!payload.is_string()) {
        return JsonError(path, WrongPayload(class_name, "a string", payload));
      }
      return Value::String(payload.get<std::string>());
    case ValueType::kBytes: {
      if (!payload.is_string()) {
        return JsonError(path, WrongPayload(class_name, "a base64 string", payload));
      }
      auto bytes = Base64Decode(payload.get_ref<const std::string&>());
      if (!bytes) return JsonError(path, "class '" + std::string(class_name) + "': invalid base64");
      return Value::Bytes(std::move(*bytes));
    }
    default:
      break;
  }
  return InternalError("not a scalar type: " + std::string(JavaClassName(type)));
}

// Reads the payload of a wrapper {"<class_name>": payload}.
Result<Value> ReadPayload(std::string_view class_name, const Json& payload, std::string_view path,
                          int depth) {
  Result<ValueType> type = ValueTypeFromClassName(class_name);
  if (!type.ok()) return JsonError(path, "unknown value class '" + std::string(class_name) + "'");
  if (payload.is_null()) return Value();
  switch (*type) {
    case ValueType::kTreeSet:
    case ValueType::kHashSet:
    case ValueType::kList: {
      QUARRY_ASSIGN_OR_RETURN(ValueList items, ReadItems(payload, class_name, path, depth + 1));
      if (*type == ValueType::kTreeSet) return Value::TreeSet(std::move(items));
      if (*type == ValueType::kHashSet) return Value::HashSet(std::move(items));
      return Value::List(std::move(items));
    }
    case ValueType::kMap:
      return ReadMap(payload, class_name, path, depth + 1);
    case ValueType::kFreqMap:
      return ReadFreqMap(payload, class_name, path);
    case ValueType::kTypeValue:
    case ValueType::kTypeSubTypeValue:
      return ReadTypeSubTypeValue(payload, *type, class_name, path);
    case ValueType::kHllSketch:
      return internal::HllSketchFromJson(payload, path, depth + 1);
    case ValueType::kHyperLogLogPlus:
      return internal::HyperLogLogPlusFromJson(payload, path, depth + 1);
    case ValueType::kRbmTimestampSet:
    case ValueType::kBoundedTimestampSet:
      return internal::TimestampSetFromJson(*type, payload, class_name, path);
    case ValueType::kLongTimeSeries:
      return internal::LongTimeSeriesFromJson(payload, path);
    case ValueType::kNull:
      return Value();
    default:
      return ReadScalarPayload(*type, payload, class_name, path);
  }
}

// {"class": "<name>", fields...}: the form TypeSubTypeValue, TypeValue and
// FreqMap (annotated with a "class" type property) and sketches may take.
Result<Value> ReadClassFieldForm(const Json& json, std::string_view path, int depth) {
  const Json& class_json = json["class"];
  if (!class_json.is_string()) {
    return JsonError(json_fields::Join(path, "class"),
                     "expected a string, got " + std::string(JsonTypeName(class_json)));
  }
  const std::string& name = class_json.get_ref<const std::string&>();
  Result<ValueType> type = ValueTypeFromClassName(name);
  if (!type.ok()) return JsonError(path, "unknown value class '" + name + "'");
  switch (*type) {
    case ValueType::kTypeValue:
    case ValueType::kTypeSubTypeValue:
    case ValueType::kFreqMap:
    case ValueType::kHllSketch:
    case ValueType::kHyperLogLogPlus:
      return ReadPayload(name, json, path, depth);
    default:
      return JsonError(path, "class '" + name +
                                 "' cannot be given with a \"class\" field; use {\"" + name +
                                 "\": value}");
  }
}

Result<Value> ReadBareNumber(const Json& json, std::string_view path) {
  if (json.is_number_float()) return Value::Double(json.get<double>());
  return ReadInt32(json, path);
}

// Float's shortest decimal form (as Java's Float.toString prints it), held
// in the double that prints the same, so that 0.4f is written as 0.4.
double FloatForJson(float f) {
  char buf[32];
  auto res = std::to_chars(buf, buf + sizeof(buf), f);
  *res.ptr = '\0';
  return std::strtod(buf, nullptr);
}

Json FloatingToJson(double d) {
  if (std::isnan(d)) return "NaN";
  if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
  return d;
}

Json Wrap(std::string_view class_name, Json payload) {
  Json out = Json::object();
  out[std::string(class_name)] = std::move(payload);
  return out;
}

Json ItemsToJson(const ValueList& items) {
  Json out = Json::array();
  for (const Value& v : items) out.push_back(ValueToJson(v));
  return out;
}

// A HashSet's items as Java's HashSet iterates them (java_hash_order.h),
// where their hash codes are Java's; else in Quarry's sorted order. Items
// sharing a bucket keep the sorted order (Java keeps insertion order).
Json HashSetToJson(const ValueList& items) {
  std::optional<std::vector<size_t>> order = JavaHashOrderOfValues(items);
  if (!order.has_value()) return ItemsToJson(items);
  Json out = Json::array();
  for (size_t i : *order) out.push_back(ValueToJson(items[i]));
  return out;
}

// Map keys are strings in JSON; a non-string key is written as its toString().
Json EntriesToJson(const ValueEntries& entries) {
  Json out = Json::object();
  for (const auto& [k, v] : entries) {
    out[k.type() == ValueType::kString ? k.AsString() : k.ToJavaString()] = ValueToJson(v);
  }
  return out;
}

Json FreqMapToJson(const FreqMap& counts) {
  Json out = Json::object();
  for (const auto& [k, n] : counts) out[k] = n;
  return out;
}

Json TypeSubTypeValueToJson(const Value& value) {
  const TypeSubTypeValue& t = value.AsTypeSubTypeValue();
  Json out = Json::object();
  out["type"] = t.type;
  if (value.type() == ValueType::kTypeSubTypeValue) out["subType"] = t.sub_type;
  out["value"] = t.value;
  return out;
}

}  // namespace

namespace internal {

Result<Value> ValueFromJsonAtDepth(const Json& json, std::string_view path, int depth) {
  if (depth > kMaxJsonValueDepth) {
    return JsonError(path, "typed value nested deeper than " + std::to_string(kMaxJsonValueDepth));
  }
  switch (json.type()) {
    case Json::value_t::null:
      return Value();
    case Json::value_t::boolean:
      return Value::Bool(json.get<bool>());
    case Json::value_t::string:
      return Value::String(json.get<std::string>());
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float:
      return ReadBareNumber(json, path);
    case Json::value_t::array:
      if (json.size() == 2 && json[0].is_string()) {
        return ReadPayload(json[0].get_ref<const std::string&>(), json[1], path, depth);
      }
      return JsonError(path,
                       "a bare array is not a typed value; expected [\"<class>\", value] "
                       "or {\"<class>\": [...]}");
    case Json::value_t::object:
      if (json.contains("class")) return ReadClassFieldForm(json, path, depth);
      if (json.size() != 1) {
        return JsonError(path, "expected a typed value {\"<class>\": value} with one member, got " +
                                   std::to_string(json.size()) + " members");
      }
      return ReadPayload(json.begin().key(), json.begin().value(), path, depth);
    default:
      return JsonError(path, "unsupported JSON type " + std::string(JsonTypeName(json)));
  }
}

}  // namespace internal

Result<Value> ValueFromJson(const Json& json, std::string_view path) {
  return internal::ValueFromJsonAtDepth(json, path, 0);
}

Json ValueToJson(const Value& value) {
  const std::string_view name = JavaClassName(value.type());
  switch (value.type()) {
    case ValueType::kNull:
      return nullptr;
    case ValueType::kBool:
      return value.AsBool();
    case ValueType::kInt32:
      return value.AsInt32();
    case ValueType::kString:
      return value.AsString();
    case ValueType::kDouble:
      if (!std::isfinite(value.AsDouble())) return Wrap(name, FloatingToJson(value.AsDouble()));
      return value.AsDouble();
    case ValueType::kInt64:
    case ValueType::kDate:
      return Wrap(name, value.AsInt64());
    case ValueType::kInt16:
      return Wrap(name, value.AsInt32());
    case ValueType::kFloat:
      if (!std::isfinite(value.AsFloat())) return Wrap(name, FloatingToJson(value.AsFloat()));
      return Wrap(name, FloatForJson(value.AsFloat()));
    case ValueType::kBytes:
      return Wrap(kBytesClassOnOutput, Base64Encode(value.AsString()));
    case ValueType::kHashSet:
      return Wrap(name, HashSetToJson(value.AsItems()));
    case ValueType::kTreeSet:
    case ValueType::kList:
      return Wrap(name, ItemsToJson(value.AsItems()));
    case ValueType::kMap:
      return Wrap(name, EntriesToJson(value.AsEntries()));
    case ValueType::kFreqMap:
      return Wrap(name, FreqMapToJson(value.AsFreqMap()));
    case ValueType::kTypeValue:
    case ValueType::kTypeSubTypeValue:
      return Wrap(name, TypeSubTypeValueToJson(value));
    case ValueType::kHllSketch:
      return Wrap(name, internal::HllSketchToJson(value.AsSketch()));
    case ValueType::kHyperLogLogPlus:
      return Wrap(name, internal::HyperLogLogPlusToJson(value.AsHyperLogLogPlus()));
    case ValueType::kRbmTimestampSet:
    case ValueType::kBoundedTimestampSet:
      return Wrap(name, internal::TimestampSetToJson(value.AsTimestampSet()));
    case ValueType::kLongTimeSeries:
      return Wrap(name, internal::LongTimeSeriesToJson(value.AsLongTimeSeries()));
  }
  return nullptr;
}

}  // namespace quarry
