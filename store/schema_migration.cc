#include "store/schema_migration.h"

namespace quarry {
namespace {

std::string Join(const std::vector<std::string>& items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
  return out + "]";
}

// A type's stored-bytes identity: its class and serialiser.
std::string TypeSignature(const TypeDefinition* type) {
  if (type == nullptr) return "none";
  return type->class_name + " with " + std::string(type->serialiser->ClassName());
}

void CompareIdentifier(const std::string& where, const char* name, const TypeDefinition* a,
                       const TypeDefinition* b, std::vector<std::string>* out) {
  if (TypeSignature(a) != TypeSignature(b)) {
    out->push_back(where + ": " + name + " type changed from " + TypeSignature(a) + " to " +
                   TypeSignature(b));
  }
}

void CompareProperties(const std::string& where, const SchemaElementDefinition& a,
                       const SchemaElementDefinition& b, std::vector<std::string>* out) {
  const auto& old_props = a.properties();
  const auto& new_props = b.properties();
  for (size_t i = 0; i < old_props.size(); ++i) {
    const std::string& name = old_props[i].name;
    int j = b.PropertyIndex(name);
    if (j < 0) {
      out->push_back(where + ": property '" + name + "' removed");
      continue;
    }
    if (static_cast<size_t>(j) != i) {
      out->push_back(where + ": property '" + name + "' moved from position " + std::to_string(i) +
                     " to " + std::to_string(j));
    }
    if (TypeSignature(old_props[i].type) != TypeSignature(new_props[j].type)) {
      out->push_back(where + ": property '" + name + "' changed from " +
                     TypeSignature(old_props[i].type) + " to " + TypeSignature(new_props[j].type));
    }
  }
}

void CompareGroup(const SchemaElementDefinition& a, const SchemaElementDefinition& b,
                  std::vector<std::string>* out) {
  std::string where = "group '" + a.group() + "'";
  if (a.kind() != b.kind()) {
    out->push_back(where + ": changed between entity and edge");
    return;
  }
  if (a.is_entity()) {
    CompareIdentifier(where, "vertex", a.vertex_type(), b.vertex_type(), out);
  } else {
    CompareIdentifier(where, "source", a.source_type(), b.source_type(), out);
    CompareIdentifier(where, "destination", a.destination_type(), b.destination_type(), out);
  }
  if (a.group_by() != b.group_by()) {
    out->push_back(where + ": groupBy changed from " + Join(a.group_by()) + " to " +
                   Join(b.group_by()));
  }
  if (a.aggregate() != b.aggregate()) {
    out->push_back(where + ": aggregate changed from " + (a.aggregate() ? "true" : "false") +
                   " to " + (b.aggregate() ? "true" : "false"));
  }
  CompareProperties(where, a, b, out);
}

void CompareOptional(const char* what, const std::optional<std::string>& a,
                     const std::optional<std::string>& b, std::vector<std::string>* out) {
  if (a != b) {
    out->push_back(std::string(what) + " changed from '" + a.value_or("") + "' to '" +
                   b.value_or("") + "'");
  }
}

}  // namespace

std::vector<std::string> RefusedSchemaChanges(const Schema& stored, const Schema& proposed) {
  std::vector<std::string> out;
  if (stored.vertex_serialiser().ClassName() != proposed.vertex_serialiser().ClassName()) {
    out.push_back("vertexSerialiser changed from " +
                  std::string(stored.vertex_serialiser().ClassName()) + " to " +
                  std::string(proposed.vertex_serialiser().ClassName()));
  }
  CompareOptional("visibilityProperty", stored.visibility_property(),
                  proposed.visibility_property(), &out);
  CompareOptional("timestampProperty", stored.timestamp_property(), proposed.timestamp_property(),
                  &out);
  for (const auto* groups : {&stored.entity_groups(), &stored.edge_groups()}) {
    for (const SchemaElementDefinition* old_def : *groups) {
      const SchemaElementDefinition* new_def = proposed.Group(old_def->group());
      if (new_def == nullptr) {
        out.push_back("group '" + old_def->group() + "' removed");
      } else {
        CompareGroup(*old_def, *new_def, &out);
      }
    }
  }
  return out;
}

Status CheckSchemaMigration(const Schema& stored, const Schema& proposed) {
  std::vector<std::string> refused = RefusedSchemaChanges(stored, proposed);
  if (refused.empty()) return Status::OK();
  std::string message = "schema change refused: ";
  for (size_t i = 0; i < refused.size(); ++i) message += (i ? "; " : "") + refused[i];
  return FailedPreconditionError(std::move(message));
}

}  // namespace quarry
