#include "server/service/thrift_elements.h"

#include <cstring>
#include <string>
#include <type_traits>

#include "graph-core/json_depth.h"
#include "graph-core/json_value.h"

namespace quarry {
namespace {

int CountSetFields(const rpc::TypedValue& v) {
  const auto& s = v.__isset;
  return s.boolValue + s.intValue + s.longValue + s.floatValue + s.doubleValue + s.stringValue +
         s.bytesValue + s.dateMillis + s.stringSet + s.freqMap + s.json;
}

Result<Value> ValueFromJsonText(const std::string& text, std::string_view path, int max_depth) {
  Status depth = CheckJsonDepth(text, max_depth);
  if (!depth.ok()) return depth.WithContext(path);
  Json json = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) {
    return InvalidArgumentError(std::string(path) + ".json: not valid JSON");
  }
  return ValueFromJson(json, path);
}

// The element's JSON-like path, e.g. "elements[3]". Built only for errors:
// on the hot path no path strings are made.
std::string ElementPath(size_t index) { return "elements[" + std::to_string(index) + "]"; }

// ValueFromThrift with the path made by `path()` only when it is needed.
template <typename PathFn>
Result<Value> ConvertValue(const rpc::TypedValue& v, const PathFn& path, int max_depth) {
  if (CountSetFields(v) != 1) {
    return InvalidArgumentError(path() + ": a TypedValue must have exactly one field set");
  }
  const auto& s = v.__isset;
  if (s.boolValue) return Value::Bool(v.boolValue);
  if (s.intValue) return Value::Int32(v.intValue);
  if (s.longValue) return Value::Int64(v.longValue);
  if (s.floatValue) return Value::Float(static_cast<float>(v.floatValue));
  if (s.doubleValue) return Value::Double(v.doubleValue);
  if (s.stringValue) return Value::String(v.stringValue);
  if (s.bytesValue) return Value::Bytes(v.bytesValue);
  if (s.dateMillis) return Value::Date(v.dateMillis);
  if (s.stringSet) {
    ValueList items;
    for (const std::string& item : v.stringSet) items.push_back(Value::String(item));
    return Value::TreeSet(std::move(items));
  }
  if (s.freqMap) return Value::FreqMap(FreqMap(v.freqMap.begin(), v.freqMap.end()));
  return ValueFromJsonText(v.json, path(), max_depth);
}

// elements[index].<field>: required vertex, source or destination.
Result<Value> RequiredValue(bool is_set, const rpc::TypedValue& value, size_t index,
                            const char* field, int max_depth) {
  auto path = [&] { return ElementPath(index) + "." + field; };
  if (!is_set) return InvalidArgumentError(path() + ": missing");
  return ConvertValue(value, path, max_depth);
}

Result<Properties> PropertiesFromThrift(const std::map<std::string, rpc::TypedValue>& properties,
                                        size_t index, int max_depth) {
  Properties out;
  for (const auto& entry : properties) {
    // Named, not a structured binding: clang 14 (the sanitizer and fuzz
    // builds) cannot capture a structured binding in a lambda.
    const std::string& name = entry.first;
    const rpc::TypedValue& typed = entry.second;
    auto path = [&] { return ElementPath(index) + ".properties." + name; };
    QUARRY_ASSIGN_OR_RETURN(Value value, ConvertValue(typed, path, max_depth));
    out.Set(name, std::move(value));
  }
  return out;
}

// The element's kind as the client sent it. Thrift stores any i32 off the
// wire in the enum field, and reading a value other than ENTITY or EDGE as
// the enum is undefined behaviour (found by UBSan, scripts/check.sh asan), so
// the field is read as its underlying integer.
int64_t WireKind(const rpc::Element& e) {
  std::underlying_type_t<rpc::ElementKind::type> raw;
  std::memcpy(&raw, &e.kind, sizeof raw);
  return raw;
}

Result<Element> ElementFromThrift(const rpc::Element& e, size_t index, int max_depth) {
  if (e.group.empty()) return InvalidArgumentError(ElementPath(index) + ".group: missing");
  QUARRY_ASSIGN_OR_RETURN(Properties properties,
                          PropertiesFromThrift(e.properties, index, max_depth));
  const int64_t kind = WireKind(e);
  if (kind == rpc::ElementKind::ENTITY) {
    if (e.__isset.source || e.__isset.destination) {
      return InvalidArgumentError(ElementPath(index) +
                                  ": an ENTITY has a vertex, not source/destination");
    }
    QUARRY_ASSIGN_OR_RETURN(Value vertex,
                            RequiredValue(e.__isset.vertex, e.vertex, index, "vertex", max_depth));
    return Element::Entity(e.group, std::move(vertex), std::move(properties));
  }
  if (kind != rpc::ElementKind::EDGE) {
    return InvalidArgumentError(ElementPath(index) + ".kind: " + std::to_string(kind) +
                                " is not ENTITY (1) or EDGE (2)");
  }
  if (e.__isset.vertex) return InvalidArgumentError(ElementPath(index) + ": an EDGE has no vertex");
  QUARRY_ASSIGN_OR_RETURN(Value source,
                          RequiredValue(e.__isset.source, e.source, index, "source", max_depth));
  QUARRY_ASSIGN_OR_RETURN(Value destination, RequiredValue(e.__isset.destination, e.destination,
                                                           index, "destination", max_depth));
  return Element::Edge(e.group, std::move(source), std::move(destination), e.directed,
                       std::move(properties));
}

}  // namespace

Result<Value> ValueFromThrift(const rpc::TypedValue& v, std::string_view path, int max_json_depth) {
  return ConvertValue(
      v, [path] { return std::string(path); }, max_json_depth);
}

Result<std::vector<Element>> ElementsFromThrift(const std::vector<rpc::Element>& elements,
                                                int max_json_depth) {
  std::vector<Element> out;
  out.reserve(elements.size());
  for (size_t i = 0; i < elements.size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(Element element, ElementFromThrift(elements[i], i, max_json_depth));
    out.push_back(std::move(element));
  }
  return out;
}

}  // namespace quarry
