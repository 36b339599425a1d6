#include "graph-core/predicates/internal/predicate_util.h"

#include "graph-core/internal/json_value_util.h"

namespace quarry::internal {

const Value& ArgAt(ValueRefs args, size_t i) {
  static const Value kNull;
  if (i >= args.size() || args[i] == nullptr) return kNull;
  return *args[i];
}

Json ClassJson(std::string_view full_name) {
  Json out = Json::object();
  out["class"] = std::string(full_name);
  return out;
}

Status MissingField(std::string_view path, std::string_view field) {
  return JsonError(json_fields::Join(path, field), "missing required field");
}

Result<Value> ReadValueField(const Json& json, std::string_view field, std::string_view path,
                             bool required) {
  const Json* f = json_fields::Find(json, field);
  if (f == nullptr) {
    if (required) return MissingField(path, field);
    return Value();
  }
  return ValueFromJson(*f, json_fields::Join(path, field));
}

Result<ValueList> ReadValueListField(const Json& json, std::string_view field,
                                     std::string_view path) {
  const Json* f = json_fields::Find(json, field);
  if (f == nullptr) return ValueList();
  std::string field_path = json_fields::Join(path, field);
  if (!f->is_array()) {
    return JsonError(field_path, "expected an array, got " + std::string(JsonTypeName(*f)));
  }
  ValueList out;
  for (size_t i = 0; i < f->size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(Value v, ValueFromJson((*f)[i], json_fields::Index(field_path, i)));
    out.push_back(std::move(v));
  }
  return out;
}

Result<std::optional<bool>> ReadOptionalBool(const Json& json, std::string_view field,
                                             std::string_view path) {
  const Json* f = json_fields::Find(json, field);
  if (f == nullptr) return std::optional<bool>();
  if (!f->is_boolean()) {
    return JsonError(json_fields::Join(path, field),
                     "expected a boolean, got " + std::string(JsonTypeName(*f)));
  }
  return std::optional<bool>(f->get<bool>());
}

Result<std::optional<int64_t>> ReadOptionalInt(const Json& json, std::string_view field,
                                               std::string_view path) {
  const Json* f = json_fields::Find(json, field);
  if (f == nullptr) return std::optional<int64_t>();
  QUARRY_ASSIGN_OR_RETURN(int64_t v, JsonToInt64(*f, json_fields::Join(path, field)));
  return std::optional<int64_t>(v);
}

Result<std::optional<std::string>> ReadOptionalString(const Json& json, std::string_view field,
                                                      std::string_view path) {
  const Json* f = json_fields::Find(json, field);
  if (f == nullptr) return std::optional<std::string>();
  if (!f->is_string()) {
    return JsonError(json_fields::Join(path, field),
                     "expected a string, got " + std::string(JsonTypeName(*f)));
  }
  return std::optional<std::string>(f->get<std::string>());
}

Result<PredicatePtr> ReadPredicateField(const Json& json, std::string_view field,
                                        std::string_view path, bool required) {
  const Json* f = json_fields::Find(json, field);
  if (f == nullptr) {
    if (required) return MissingField(path, field);
    return PredicatePtr();
  }
  return ParsePredicate(*f, json_fields::Join(path, field));
}

Result<std::vector<std::shared_ptr<const Predicate>>> ReadPredicateListField(
    const Json& json, std::string_view field, std::string_view path) {
  std::vector<std::shared_ptr<const Predicate>> out;
  const Json* f = json_fields::Find(json, field);
  if (f == nullptr) return out;
  std::string field_path = json_fields::Join(path, field);
  if (!f->is_array()) {
    return JsonError(field_path, "expected an array, got " + std::string(JsonTypeName(*f)));
  }
  for (size_t i = 0; i < f->size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(PredicatePtr p,
                            ParsePredicate((*f)[i], json_fields::Index(field_path, i)));
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace quarry::internal
