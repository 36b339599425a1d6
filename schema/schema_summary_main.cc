// quarry_schema_summary FILE...: loads a Gaffer schema split over one or more
// JSON files (merged in order) and prints a readable summary of every group.
// On error, prints the message to stderr and exits 1.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "schema/schema.h"

namespace quarry {
namespace {

std::string SimpleName(std::string_view full) {
  size_t dot = full.rfind('.');
  return std::string(dot == std::string_view::npos ? full : full.substr(dot + 1));
}

std::string ClassOf(const Json& function) {
  auto it = function.find("class");
  return it != function.end() && it->is_string() ? SimpleName(it->get<std::string>()) : "?";
}

std::string Join(const std::vector<std::string>& items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
  return out + "]";
}

std::string Validators(const TypeDefinition& type) {
  std::vector<std::string> names;
  for (const auto& p : type.validate_functions) names.push_back(ClassOf(p->ToJson()));
  return Join(names);
}

void PrintIdentifier(const char* name, const TypeDefinition* type) {
  if (type == nullptr) return;
  std::cout << "    " << name << ": " << type->name << " (" << type->class_name
            << ")  validators: " << Validators(*type) << "\n";
}

void PrintProperty(const SchemaElementDefinition& def, const PropertyDefinition& p) {
  const BinaryOperator* op = def.AggregatorFor(p.name);
  std::cout << "    " << p.name << ": " << p.type->name << " (" << p.type->class_name << ")"
            << "  serialiser: " << SimpleName(p.type->serialiser->ClassName())
            << "  aggregator: " << (op ? ClassOf(op->ToJson()) : "none")
            << "  validators: " << Validators(*p.type)
            << (def.IsGroupBy(p.name) ? "  [groupBy]" : "") << "\n";
}

void PrintGroup(const SchemaElementDefinition& def) {
  std::cout << "\n" << (def.is_entity() ? "entity " : "edge ") << def.group() << "\n";
  if (!def.description().empty()) std::cout << "  description: " << def.description() << "\n";
  std::cout << "  identifiers:\n";
  PrintIdentifier("VERTEX", def.vertex_type());
  PrintIdentifier("SOURCE", def.source_type());
  PrintIdentifier("DESTINATION", def.destination_type());
  PrintIdentifier("DIRECTED", def.directed_type());
  std::cout << "  properties:" << (def.properties().empty() ? " none" : "") << "\n";
  for (const PropertyDefinition& p : def.properties()) PrintProperty(def, p);
  std::cout << "  groupBy: " << Join(def.group_by()) << "\n";
  std::cout << "  aggregate: " << (def.aggregate() ? "true" : "false") << "\n";
  for (const TuplePredicate& t : def.validate_functions().predicates()) {
    std::cout << "  validateFunction: " << ClassOf(t.predicate->ToJson()) << " on "
              << Join(t.selection) << "\n";
  }
  for (const TupleBinaryOperator& t : def.aggregate_functions()) {
    std::cout << "  aggregateFunction: " << ClassOf(t.op->ToJson()) << " on " << Join(t.selection)
              << "\n";
  }
}

int Main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: " << argv[0] << " SCHEMA.json [MORE.json...]\n";
    return 2;
  }
  std::vector<std::string> paths(argv + 1, argv + argc);
  Result<std::shared_ptr<const Schema>> schema = Schema::FromFiles(paths);
  if (!schema.ok()) {
    std::cerr << schema.status().ToString() << "\n";
    return 1;
  }
  const Schema& s = **schema;
  std::cout << "Schema: " << s.entity_groups().size() << " entity groups, "
            << s.edge_groups().size() << " edge groups\n"
            << "visibilityProperty: " << s.visibility_property().value_or("(none)") << "\n"
            << "timestampProperty: " << s.timestamp_property().value_or("(none)") << "\n"
            << "vertexSerialiser: " << s.vertex_serialiser().ClassName() << "\n";
  for (const SchemaElementDefinition* def : s.entity_groups()) PrintGroup(*def);
  for (const SchemaElementDefinition* def : s.edge_groups()) PrintGroup(*def);
  return 0;
}

}  // namespace
}  // namespace quarry

int main(int argc, char** argv) { return quarry::Main(argc, argv); }
