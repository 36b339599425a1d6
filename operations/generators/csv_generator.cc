#include "operations/generators/csv_generator.h"

#include <utility>

#include "graph-core/json_fields.h"
#include "operations/generators/internal/generator_classes.h"
#include "operations/generators/opencypher_csv.h"

namespace quarry {
namespace {

// CsvGenerator.quoteString: commas replaced, then optionally quoted.
std::string CsvCell(std::string text, const CsvGeneratorSpec& csv) {
  if (csv.comma_replacement.has_value()) {
    std::string replaced;
    for (char c : text) {
      if (c == ',') {
        replaced += *csv.comma_replacement;
      } else {
        replaced += c;
      }
    }
    text = std::move(replaced);
  }
  return csv.quoted ? "\"" + text + "\"" : text;
}

class CsvObjectGenerator : public ObjectGenerator {
 public:
  explicit CsvObjectGenerator(CsvGeneratorSpec csv) : csv_(std::move(csv)) {}
  Status Generate(const Element& element, std::vector<Item>* out) override {
    out->push_back(Item(Value::String(CsvLine(element, csv_))));
    return Status::OK();
  }

 private:
  CsvGeneratorSpec csv_;
};

}  // namespace

Result<CsvGeneratorSpec> ParseCsvGeneratorSpec(const Json& json, std::string_view path) {
  if (!json.is_object()) return InvalidArgumentError(std::string(path) + ": expected an object");
  CsvGeneratorSpec csv;
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> cls,
                          json_fields::OptionalString(json, "class", path));
  std::optional<OpenCypherDialect> dialect;
  if (cls.has_value() && !json_fields::ClassNameMatches(*cls, kCsvGeneratorClass)) {
    dialect = OpenCypherCsvGeneratorDialect(*cls);
    if (!dialect.has_value()) {
      return UnimplementedError(json_fields::Join(path, "class") + ": CSV generator '" + *cls +
                                "' is not supported; Quarry writes CSV with " +
                                std::string(kCsvGeneratorClass) +
                                " and the OpenCypher Neo4jCsvGenerator and NeptuneCsvGenerator");
    }
  }
  QUARRY_ASSIGN_OR_RETURN(csv.fields, json_fields::StringMap(json, "fields", path));
  QUARRY_ASSIGN_OR_RETURN(csv.constants, json_fields::StringMap(json, "constants", path));
  QUARRY_ASSIGN_OR_RETURN(csv.quoted, json_fields::BoolOr(json, "quoted", path, false));
  QUARRY_ASSIGN_OR_RETURN(csv.include_schema_properties,
                          json_fields::BoolOr(json, "includeSchemaProperties", path, false));
  if (json.contains("commaReplacement")) {
    QUARRY_ASSIGN_OR_RETURN(csv.comma_replacement,
                            json_fields::OptionalString(json, "commaReplacement", path));
  }
  // The OpenCypher generators' fields are fixed (their getters ignore the
  // ones set from JSON).
  if (dialect.has_value()) ApplyOpenCypherCsvFields(*dialect, &csv);
  return csv;
}

std::string CsvHeader(const CsvGeneratorSpec& csv) {
  std::string line;
  for (const auto& [field, header] : csv.fields) line += CsvCell(header, csv) + ",";
  for (const auto& [constant, header] : csv.constants) line += CsvCell(header, csv) + ",";
  if (!line.empty()) line.pop_back();
  return line;
}

Value CsvFieldValue(const Element& e, std::string_view field) {
  if (field == "GROUP") return Value::String(e.group());
  // CsvGenerator's group columns for one kind of element only.
  if (field == "ENTITY_GROUP") return e.is_entity() ? Value::String(e.group()) : Value();
  if (field == "EDGE_GROUP") return e.is_entity() ? Value() : Value::String(e.group());
  return e.GetIdentifierOrProperty(field);
}

std::string CsvLine(const Element& e, const CsvGeneratorSpec& csv) {
  std::string line;
  for (const auto& [field, header] : csv.fields) {
    Value v = CsvFieldValue(e, field);
    if (!v.is_null()) line += CsvCell(v.ToJavaString(), csv);
    line += ",";
  }
  for (const auto& [constant, header] : csv.constants) line += CsvCell(constant, csv) + ",";
  if (!line.empty()) line.pop_back();
  return line;
}

void AddSchemaPropertyFields(const Schema& schema, CsvGeneratorSpec* csv) {
  if (!csv->include_schema_properties) return;
  auto put = [csv](const std::string& name, const TypeDefinition* type) {
    std::string text = name;
    if (csv->typed_schema_headers) {
      text += ":";
      text += OpenCypherTypeName(type != nullptr ? type->class_name : "java.lang.String");
    }
    for (auto& [field, header] : csv->fields) {
      if (field == name) {
        header = std::move(text);
        return;
      }
    }
    csv->fields.emplace_back(name, std::move(text));
  };
  for (const SchemaElementDefinition* def : schema.entity_groups()) {
    for (const PropertyDefinition& p : def->properties()) put(p.name, p.type);
  }
  for (const SchemaElementDefinition* def : schema.edge_groups()) {
    for (const PropertyDefinition& p : def->properties()) put(p.name, p.type);
    put("DIRECTED", def->directed_type());
  }
}

namespace generators_internal {

Result<std::unique_ptr<ObjectGenerator>> MakeCsvObjectGenerator(const Json& spec,
                                                                std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(CsvGeneratorSpec csv, ParseCsvGeneratorSpec(spec, path));
  return std::unique_ptr<ObjectGenerator>(std::make_unique<CsvObjectGenerator>(std::move(csv)));
}

void AddCsvObjectGenerator(std::vector<ObjectGeneratorClass>* out) {
  out->push_back({kCsvGeneratorClass, MakeCsvObjectGenerator});
}

}  // namespace generators_internal
}  // namespace quarry
