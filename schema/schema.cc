#include "schema/schema.h"

#include <algorithm>

#include "schema/internal/schema_builder.h"
#include "schema/internal/schema_checks.h"

namespace quarry {
namespace {

std::string PredicateName(const Predicate& p) {
  return schema_internal::FunctionClassName(p.ToJson());
}

// What ValidateKey's errors call the value: `key` ("SOURCE"), or the
// property `*property` when there is one. Spelt out only for an error:
// building "property 'count'" for every property of every element was a
// measurable part of ingest (session 25 profile).
std::string KeyDescription(std::string_view key, const std::string* property) {
  if (property == nullptr) return std::string(key);
  return "property '" + *property + "'";
}

// Gaffer's per-key validator: optional IsA (null passes), then the type's
// validateFunctions, each of which sees null for a missing value.
Status ValidateKey(const std::string& group, std::string_view key, const std::string* property,
                   const Value& value, const TypeDefinition& type, bool include_is_a) {
  if (include_is_a && !value.is_null() && value.type() != type.value_type) {
    return InvalidArgumentError("group '" + group + "': " + KeyDescription(key, property) + " " +
                                value.DebugString() + " is not a " + type.class_name);
  }
  for (const auto& predicate : type.validate_functions) {
    if (!predicate->Test(value)) {
      return InvalidArgumentError("group '" + group + "': " + KeyDescription(key, property) + " " +
                                  value.DebugString() + " fails " + PredicateName(*predicate) +
                                  " of type '" + type.name + "'");
    }
  }
  return Status::OK();
}

}  // namespace

const PropertyDefinition* SchemaElementDefinition::FindProperty(std::string_view name) const {
  int i = PropertyIndex(name);
  return i < 0 ? nullptr : &properties_[i];
}

int SchemaElementDefinition::PropertyIndex(std::string_view name) const {
  for (size_t i = 0; i < properties_.size(); ++i) {
    if (properties_[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

bool SchemaElementDefinition::IsGroupBy(std::string_view property) const {
  return std::find(group_by_.begin(), group_by_.end(), property) != group_by_.end();
}

const BinaryOperator* SchemaElementDefinition::AggregatorFor(std::string_view property) const {
  if (!aggregate_) return nullptr;
  for (const TupleBinaryOperator& t : aggregate_functions_) {
    if (std::find(t.selection.begin(), t.selection.end(), property) != t.selection.end()) {
      return t.op.get();
    }
  }
  const PropertyDefinition* p = FindProperty(property);
  return p == nullptr ? nullptr : p->type->aggregate_function.get();
}

std::vector<TupleBinaryOperator> SchemaElementDefinition::QueryAggregator(
    const std::vector<std::string>* view_group_by,
    const std::vector<TupleBinaryOperator>& view_aggregator) const {
  std::vector<TupleBinaryOperator> out;
  if (!aggregate_) return out;
  const std::vector<std::string>& group_by = view_group_by ? *view_group_by : group_by_;
  auto contains = [](const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
  };
  std::vector<std::string> view_properties, element_properties;
  for (const TupleBinaryOperator& t : view_aggregator) {
    out.push_back(t);
    view_properties.insert(view_properties.end(), t.selection.begin(), t.selection.end());
  }
  for (const TupleBinaryOperator& t : aggregate_functions_) {
    element_properties.insert(element_properties.end(), t.selection.begin(), t.selection.end());
    bool any_not_group_by = false, any_not_in_view = false;
    for (const std::string& key : t.selection) {
      any_not_group_by = any_not_group_by || !contains(group_by, key);
      any_not_in_view = any_not_in_view || !contains(view_properties, key);
    }
    if (any_not_group_by && any_not_in_view) out.push_back(t);
  }
  for (const PropertyDefinition& p : properties_) {
    if (contains(group_by, p.name) || contains(view_properties, p.name) ||
        contains(element_properties, p.name) || !p.type->aggregate_function) {
      continue;
    }
    out.push_back(TupleBinaryOperator{{p.name}, p.type->aggregate_function});
  }
  return out;
}

Status SchemaElementDefinition::Validate(const Element& element, bool include_is_a) const {
  if (element.kind() != kind_) {
    return InvalidArgumentError("group '" + group_ + "' is " +
                                (is_entity() ? "an entity" : "an edge") + " group, not " +
                                (element.is_entity() ? "an entity" : "an edge"));
  }
  const auto& tuples = validate_functions_.predicates();
  for (size_t i = 0; i < tuples.size(); ++i) {
    if (!tuples[i].Test(element)) {
      return InvalidArgumentError("group '" + group_ + "': validateFunctions[" + std::to_string(i) +
                                  "] (" + PredicateName(*tuples[i].predicate) + ") fails");
    }
  }
  if (is_entity()) {
    QUARRY_RETURN_IF_ERROR(
        ValidateKey(group_, "VERTEX", nullptr, element.vertex(), *vertex_type_, include_is_a));
  } else {
    QUARRY_RETURN_IF_ERROR(
        ValidateKey(group_, "SOURCE", nullptr, element.source(), *source_type_, include_is_a));
    QUARRY_RETURN_IF_ERROR(ValidateKey(group_, "DESTINATION", nullptr, element.destination(),
                                       *destination_type_, include_is_a));
    if (directed_type_ != nullptr) {
      QUARRY_RETURN_IF_ERROR(ValidateKey(group_, "DIRECTED", nullptr,
                                         Value::Bool(element.directed()), *directed_type_,
                                         include_is_a));
    }
  }
  for (const PropertyDefinition& p : properties_) {
    QUARRY_RETURN_IF_ERROR(
        ValidateKey(group_, "", &p.name, element.properties().Get(p.name), *p.type, include_is_a));
  }
  return Status::OK();
}

Result<std::shared_ptr<const Schema>> Schema::FromFiles(const std::vector<std::string>& paths) {
  QUARRY_ASSIGN_OR_RETURN(schema_internal::RawSchema raw,
                          schema_internal::LoadRawSchemaFiles(paths));
  return SchemaBuilder::Build(std::move(raw));
}

Result<std::shared_ptr<const Schema>> Schema::FromJsonStrings(
    const std::vector<std::string>& jsons, const std::vector<std::string>& names) {
  QUARRY_ASSIGN_OR_RETURN(schema_internal::RawSchema raw,
                          schema_internal::LoadRawSchema(jsons, names));
  return SchemaBuilder::Build(std::move(raw));
}

const SchemaElementDefinition* Schema::Group(std::string_view group) const {
  auto it = groups_.find(group);
  return it == groups_.end() ? nullptr : it->second.get();
}

const TypeDefinition* Schema::Type(std::string_view name) const {
  auto it = types_.find(name);
  return it == types_.end() ? nullptr : it->second.get();
}

}  // namespace quarry
