#include "iterators/validate.h"

#include "keypackages/key_format.h"
#include "schema/escaping.h"

namespace quarry {
namespace {

bool TypeHasValidators(const TypeDefinition* type) {
  return type != nullptr && !type->validate_functions.empty();
}

}  // namespace

Result<bool> ValidateElement(const SchemaElementDefinition& def, const Element& element,
                             bool include_is_a, std::string* reason) {
  if (element.group() != def.group() || element.kind() != def.kind()) {
    return InvalidArgumentError(
        "cannot validate " + std::string(element.is_entity() ? "entity" : "edge") + " of group '" +
        element.group() + "' against " + (def.is_entity() ? "entity" : "edge") + " group '" +
        def.group() + "'");
  }
  // With the group and kind checked, SchemaElementDefinition::Validate only
  // reports a failing validator, always as InvalidArgument.
  Status status = def.Validate(element, include_is_a);
  if (status.ok()) return true;
  if (status.code() != StatusCode::kInvalidArgument) return status;
  if (reason != nullptr) *reason = status.message();
  return false;
}

bool HasValidators(const SchemaElementDefinition& def) {
  if (!def.validate_functions().empty()) return true;
  if (TypeHasValidators(def.vertex_type()) || TypeHasValidators(def.source_type()) ||
      TypeHasValidators(def.destination_type()) || TypeHasValidators(def.directed_type())) {
    return true;
  }
  for (const PropertyDefinition& p : def.properties()) {
    if (TypeHasValidators(p.type)) return true;
  }
  return false;
}

namespace {

bool TypeAccepts(const TypeDefinition& type, const Value& value) {
  for (const auto& predicate : type.validate_functions) {
    if (!predicate->Test(value)) return false;
  }
  return true;
}

}  // namespace

GroupValidator::GroupValidator(const SchemaElementDefinition& def)
    : def_(&def), has_validators_(HasValidators(def)) {
  // The order of SchemaElementDefinition::Validate; only the outcome is
  // needed, so checks that cannot fail are left out.
  auto add = [this](Key key, const TypeDefinition* type) {
    if (TypeHasValidators(type)) keys_.push_back({key, type});
  };
  if (def.is_entity()) {
    add(Key::kVertex, def.vertex_type());
  } else {
    add(Key::kSource, def.source_type());
    add(Key::kDestination, def.destination_type());
    if (const TypeDefinition* directed = def.directed_type(); TypeHasValidators(directed)) {
      directed_accepts_[0] = TypeAccepts(*directed, Value::Bool(false));
      directed_accepts_[1] = TypeAccepts(*directed, Value::Bool(true));
      keys_.push_back({Key::kDirected, directed});
    }
  }
  for (const PropertyDefinition& p : def.properties()) {
    if (TypeHasValidators(p.type)) properties_.push_back({&p.name, p.type});
  }
}

bool GroupValidator::Valid(const Element& element) const {
  if (!def_->validate_functions().Test(element)) return false;
  for (const KeyCheck& check : keys_) {
    switch (check.key) {
      case Key::kVertex:
        if (!TypeAccepts(*check.type, element.vertex())) return false;
        break;
      case Key::kSource:
        if (!TypeAccepts(*check.type, element.source())) return false;
        break;
      case Key::kDestination:
        if (!TypeAccepts(*check.type, element.destination())) return false;
        break;
      case Key::kDirected:
        if (!directed_accepts_[element.directed() ? 1 : 0]) return false;
        break;
    }
  }
  for (const PropertyCheck& check : properties_) {
    if (!TypeAccepts(*check.type, element.properties().Get(*check.name))) return false;
  }
  return true;
}

Result<bool> ValidateStoredCell(const KeyPackage& package, std::string_view key,
                                std::string_view value, std::string* reason) {
  QUARRY_ASSIGN_OR_RETURN(KeyParts parts, SplitKey(key));
  QUARRY_ASSIGN_OR_RETURN(std::string group, Unescaped(parts.group));
  const SchemaElementDefinition* def = package.schema().Group(group);
  if (def == nullptr) return DataLossError("stored cell names unknown group '" + group + "'");
  if (!HasValidators(*def)) return true;  // No decode needed.
  QUARRY_ASSIGN_OR_RETURN(Element element, package.Decode(key, value));
  return ValidateElement(*def, element, /*include_is_a=*/false, reason);
}

}  // namespace quarry
