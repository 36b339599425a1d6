// SummariseSchema and SchemaFilesInDirectory (contracts in schema_summary.h).
#include "schema/schema_summary.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

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

void PrintIdentifier(const char* name, const TypeDefinition* type, std::ostream& out) {
  if (type == nullptr) return;
  out << "    " << name << ": " << type->name << " (" << type->class_name
      << ")  validators: " << Validators(*type) << "\n";
}

void PrintProperty(const SchemaElementDefinition& def, const PropertyDefinition& p,
                   std::ostream& out) {
  const BinaryOperator* op = def.AggregatorFor(p.name);
  out << "    " << p.name << ": " << p.type->name << " (" << p.type->class_name << ")"
      << "  serialiser: " << SimpleName(p.type->serialiser->ClassName())
      << "  aggregator: " << (op ? ClassOf(op->ToJson()) : "none")
      << "  validators: " << Validators(*p.type) << (def.IsGroupBy(p.name) ? "  [groupBy]" : "")
      << "\n";
}

void PrintGroup(const SchemaElementDefinition& def, std::ostream& out) {
  out << "\n" << (def.is_entity() ? "entity " : "edge ") << def.group() << "\n";
  if (!def.description().empty()) out << "  description: " << def.description() << "\n";
  out << "  identifiers:\n";
  PrintIdentifier("VERTEX", def.vertex_type(), out);
  PrintIdentifier("SOURCE", def.source_type(), out);
  PrintIdentifier("DESTINATION", def.destination_type(), out);
  PrintIdentifier("DIRECTED", def.directed_type(), out);
  out << "  properties:" << (def.properties().empty() ? " none" : "") << "\n";
  for (const PropertyDefinition& p : def.properties()) PrintProperty(def, p, out);
  out << "  groupBy: " << Join(def.group_by()) << "\n";
  out << "  aggregate: " << (def.aggregate() ? "true" : "false") << "\n";
  for (const TuplePredicate& t : def.validate_functions().predicates()) {
    out << "  validateFunction: " << ClassOf(t.predicate->ToJson()) << " on " << Join(t.selection)
        << "\n";
  }
  for (const TupleBinaryOperator& t : def.aggregate_functions()) {
    out << "  aggregateFunction: " << ClassOf(t.op->ToJson()) << " on " << Join(t.selection)
        << (t.op->IsTupleOperator() ? " (tuple)" : "") << "\n";
  }
}

bool IsSchemaFile(const std::filesystem::path& path, Status* error) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  Json json = Json::parse(text.str(), nullptr, false);
  if (json.is_discarded()) {
    *error = InvalidArgumentError(path.string() + ": not valid JSON");
    return false;
  }
  return json.is_object() &&
         (json.contains("entities") || json.contains("edges") || json.contains("types"));
}

}  // namespace

std::string SummariseSchema(const Schema& s) {
  std::ostringstream out;
  out << "Schema: " << s.entity_groups().size() << " entity groups, " << s.edge_groups().size()
      << " edge groups\n"
      << "visibilityProperty: " << s.visibility_property().value_or("(none)") << "\n"
      << "timestampProperty: " << s.timestamp_property().value_or("(none)") << "\n"
      << "vertexSerialiser: " << s.vertex_serialiser().ClassName() << "\n";
  for (const SchemaElementDefinition* def : s.entity_groups()) PrintGroup(*def, out);
  for (const SchemaElementDefinition* def : s.edge_groups()) PrintGroup(*def, out);
  return out.str();
}

Result<std::vector<std::string>> SchemaFilesInDirectory(const std::string& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) return NotFoundError(dir + ": not a directory");
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (!entry.is_regular_file(ec) || entry.path().extension() != ".json") continue;
    Status error;
    if (IsSchemaFile(entry.path(), &error)) files.push_back(entry.path().string());
    QUARRY_RETURN_IF_ERROR(error);
  }
  if (ec) return NotFoundError(dir + ": " + ec.message());
  if (files.empty())
    return NotFoundError(dir + ": no schema files (*.json with entities, edges or types)");
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace quarry
