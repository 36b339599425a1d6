#include "operations/generators/opencypher_csv.h"

#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "graph-core/commons_csv.h"
#include "graph-core/function.h"
#include "graph-core/json_fields.h"
#include "operations/generators/csv_generator.h"
#include "operations/generators/internal/generator_classes.h"

namespace quarry {
namespace {

namespace jf = json_fields;

constexpr std::string_view kNeo4jCsvGenerator =
    "uk.gov.gchq.gaffer.data.generator.Neo4jCsvGenerator";
constexpr std::string_view kNeptuneCsvGenerator =
    "uk.gov.gchq.gaffer.data.generator.NeptuneCsvGenerator";
constexpr std::string_view kNeo4jCsvElementGenerator =
    "uk.gov.gchq.gaffer.data.generator.Neo4jCsvElementGenerator";
constexpr std::string_view kNeptuneCsvElementGenerator =
    "uk.gov.gchq.gaffer.data.generator.NeptuneCsvElementGenerator";

// The role columns, in the generators' field order.
struct RoleColumns {
  std::string_view vertex, entity_group, edge_group, source, destination;
};

RoleColumns Roles(OpenCypherDialect dialect) {
  if (dialect == OpenCypherDialect::kNeo4j) return {"_id", "_labels", "_type", "_start", "_end"};
  return {":ID", ":LABEL", ":TYPE", ":START_ID", ":END_ID"};
}

bool IsRoleColumn(const RoleColumns& r, std::string_view header) {
  return header == r.vertex || header == r.entity_group || header == r.edge_group ||
         header == r.source || header == r.destination;
}

// Gaffer's PropertiesUtil.stripInvalidCharacters after '_' -> '-': a
// property name keeps only [a-zA-Z0-9|-].
std::string OpenCypherPropertyName(std::string_view column) {
  std::string name;
  for (char c : column.substr(0, column.find(':'))) {
    if (c == '_') c = '-';
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '|' ||
        c == '-') {
      name += c;
    }
  }
  return name;
}

// The koryphe function converting a `name:Type` cell (the generator's
// TRANSFORM_MAPPINGS; unknown types stay Strings).
std::string_view ConversionClass(std::string_view type) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 8> kConversions = {{
      {"Int", "ToInteger"},
      {"Short", "ToInteger"},
      {"Byte", "ToInteger"},
      {"Long", "ToLong"},
      {"Double", "ToDouble"},
      {"Float", "ToFloat"},
      {"Boolean", "ToBoolean"},
      {"DateTime", "ParseTime"},
  }};
  for (const auto& [name, function] : kConversions) {
    if (name == type) return function;
  }
  return "ToString";
}

// Gaffer's TupleToElements over the generator's two ElementTupleDefinitions:
// each maps a key (GROUP, VERTEX, ..., or a property name) to the tuple field
// it reads. A later put of the same key replaces the earlier one (HashMap).
class TupleDefinition {
 public:
  void Put(std::string key, std::string field) {
    for (auto& [k, f] : entries_) {
      if (k == key) {
        f = std::move(field);
        return;
      }
    }
    entries_.emplace_back(std::move(key), std::move(field));
  }
  const std::string* Find(std::string_view key) const {
    for (const auto& [k, f] : entries_) {
      if (k == key) return &f;
    }
    return nullptr;
  }
  const std::vector<std::pair<std::string, std::string>>& entries() const { return entries_; }

 private:
  std::vector<std::pair<std::string, std::string>> entries_;
};

// A line's fields by name: the header's columns, then the converted cells
// under their property names (koryphe's MapTuple).
class LineTuple {
 public:
  void Put(std::string_view name, Value value) {
    for (auto& [n, v] : fields_) {
      if (n == name) {
        v = std::move(value);
        return;
      }
    }
    fields_.emplace_back(std::string(name), std::move(value));
  }
  Value Get(const std::string* name) const {
    if (name == nullptr) return Value();
    for (const auto& [n, v] : fields_) {
      if (n == *name) return v;
    }
    return Value();
  }

 private:
  std::vector<std::pair<std::string, Value>> fields_;
};

struct PropertyColumn {
  std::string header;
  std::string property;
  std::unique_ptr<Function> convert;  // Null when the header has no `:Type`.
};

// Java's Boolean.parseBoolean.
bool IsJavaTrue(std::string_view s) {
  if (s.size() != 4) return false;
  for (size_t i = 0; i < 4; ++i) {
    if ((s[i] | 0x20) != "true"[i]) return false;
  }
  return true;
}

bool IsIdentifierName(std::string_view name) {
  return name == "VERTEX" || name == "SOURCE" || name == "DESTINATION" || name == "DIRECTED" ||
         name == "MATCHED_VERTEX" || name == "ADJACENT_MATCHED_VERTEX" || name == "GROUP";
}

// Every property the definition names whose field is set and not "".
void AddTupleProperties(const TupleDefinition& def, const LineTuple& tuple, Element* element) {
  for (const auto& [key, field] : def.entries()) {
    if (IsIdentifierName(key)) continue;
    Value value = tuple.Get(&field);
    if (value.is_null()) continue;
    if (value.type() == ValueType::kString && value.AsString().empty()) continue;
    element->mutable_properties().Set(key, std::move(value));
  }
}

class OpenCypherCsvElementGenerator : public ElementGenerator {
 public:
  OpenCypherCsvElementGenerator(std::string_view name, OpenCypherDialect dialect,
                                CsvOptions options, size_t first_row)
      : name_(name), roles_(Roles(dialect)), options_(std::move(options)), first_row_(first_row) {}

  Status Generate(const Item& object, std::vector<Element>* out) override {
    QUARRY_ASSIGN_OR_RETURN(std::string line, GeneratorInputString(object, name_));
    const size_t index = next_line_++;
    if (index == 0) QUARRY_RETURN_IF_ERROR(ReadHeader(line));
    if (index < first_row_) return Status::OK();
    QUARRY_ASSIGN_OR_RETURN(std::vector<CsvRecord> records, ParseLine(line, index));
    const size_t cells = records.empty() ? 0 : records[0].size();
    if (cells != header_.size()) {
      return InvalidArgumentError(std::string(name_) + ": line " + std::to_string(index) + " has " +
                                  std::to_string(cells) + " columns, but the header has " +
                                  std::to_string(header_.size()));
    }
    QUARRY_ASSIGN_OR_RETURN(LineTuple tuple, MakeTuple(records[0], index));
    return MakeElements(tuple, index, out);
  }

 private:
  // The line's first record; a parse error names the generator and line.
  Result<std::vector<CsvRecord>> ParseLine(std::string_view line, size_t index) const {
    Result<std::vector<CsvRecord>> records = ParseCsv(line, options_, 1);
    if (records.ok()) return records;
    return InvalidArgumentError(std::string(name_) + ": line " + std::to_string(index) + ": " +
                                records.status().message());
  }
  Status ReadHeader(std::string_view line);
  Result<LineTuple> MakeTuple(const CsvRecord& record, size_t index) const;
  Status MakeElements(const LineTuple& tuple, size_t index, std::vector<Element>* out) const;

  std::string_view name_;
  RoleColumns roles_;
  CsvOptions options_;
  size_t first_row_;
  size_t next_line_ = 0;
  std::vector<std::string> header_;
  std::vector<PropertyColumn> properties_;
  TupleDefinition entity_, edge_;
};

Status OpenCypherCsvElementGenerator::ReadHeader(std::string_view line) {
  QUARRY_ASSIGN_OR_RETURN(std::vector<CsvRecord> records, ParseLine(line, 0));
  if (records.empty()) return InvalidArgumentError(std::string(name_) + ": the header is empty");
  entity_.Put("GROUP", std::string(roles_.entity_group));
  entity_.Put("VERTEX", std::string(roles_.vertex));
  edge_.Put("GROUP", std::string(roles_.edge_group));
  edge_.Put("SOURCE", std::string(roles_.source));
  edge_.Put("DESTINATION", std::string(roles_.destination));
  edge_.Put("edge-id", std::string(roles_.vertex));
  for (const std::optional<std::string>& cell : records[0]) {
    if (!cell.has_value()) {
      return InvalidArgumentError(std::string(name_) + ": header column " +
                                  std::to_string(header_.size() + 1) + " is empty");
    }
    header_.push_back(*cell);
    const std::string& column = header_.back();
    if (IsRoleColumn(roles_, column)) continue;
    PropertyColumn p{column, OpenCypherPropertyName(column), nullptr};
    if (size_t colon = column.find(':'); colon != std::string::npos) {
      std::string_view type = std::string_view(column).substr(colon + 1);
      type = type.substr(0, type.find(':'));
      if (type.empty()) {
        return InvalidArgumentError(std::string(name_) + ": header column '" + column +
                                    "' has no type after ':'");
      }
      QUARRY_ASSIGN_OR_RETURN(p.convert,
                              ParseFunction(Json{{"class", ConversionClass(type)}}, name_));
    }
    entity_.Put(p.property, p.property);
    edge_.Put(p.property, p.property);
    properties_.push_back(std::move(p));
  }
  return Status::OK();
}

Result<LineTuple> OpenCypherCsvElementGenerator::MakeTuple(const CsvRecord& record,
                                                           size_t index) const {
  LineTuple tuple;
  for (size_t i = 0; i < record.size(); ++i) {
    tuple.Put(header_[i], record[i] ? Value::String(*record[i]) : Value());
  }
  for (const PropertyColumn& p : properties_) {
    if (p.convert == nullptr) continue;
    Value cell = tuple.Get(&p.header);
    const Value* args[] = {&cell};
    Result<Value> converted = p.convert->Apply(ValueRefs(args));
    if (!converted.ok()) {
      return InvalidArgumentError(std::string(name_) + ": line " + std::to_string(index) +
                                  ", column '" + p.header + "': " + converted.status().message());
    }
    tuple.Put(p.property, std::move(converted).value());
  }
  return tuple;
}

Status OpenCypherCsvElementGenerator::MakeElements(const LineTuple& tuple, size_t index,
                                                   std::vector<Element>* out) const {
  Value group = tuple.Get(entity_.Find("GROUP"));
  Value vertex = tuple.Get(entity_.Find("VERTEX"));
  if (!group.is_null() && !vertex.is_null()) {
    Element entity = Element::Entity(group.ToJavaString(), std::move(vertex));
    AddTupleProperties(entity_, tuple, &entity);
    out->push_back(std::move(entity));
  }
  Value source = tuple.Get(edge_.Find("SOURCE"));
  Value destination = tuple.Get(edge_.Find("DESTINATION"));
  if (source.is_null() || destination.is_null()) return Status::OK();
  Value edge_group = tuple.Get(edge_.Find("GROUP"));
  if (edge_group.is_null()) {
    return InvalidArgumentError(std::string(name_) + ": line " + std::to_string(index) +
                                " has an edge with no group (the " +
                                std::string(roles_.edge_group) + " column is empty)");
  }
  // DIRECTED is true unless a DIRECTED column says otherwise.
  Value directed = tuple.Get(edge_.Find("DIRECTED"));
  bool is_directed = directed.is_null() ||
                     (directed.type() == ValueType::kBool && directed.AsBool()) ||
                     (directed.type() == ValueType::kString && IsJavaTrue(directed.AsString()));
  Element edge = Element::Edge(edge_group.ToJavaString(), std::move(source), std::move(destination),
                               is_directed);
  AddTupleProperties(edge_, tuple, &edge);
  out->push_back(std::move(edge));
  return Status::OK();
}

// A Java char field: one character.
Result<char> CharField(const Json& spec, std::string_view key, std::string_view path, char dflt) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> s, jf::OptionalString(spec, key, path));
  if (!s) return dflt;
  if (s->size() != 1) {
    return InvalidArgumentError(jf::Join(path, key) + ": expected one character, got \"" + *s +
                                "\"");
  }
  return (*s)[0];
}

generators_internal::ElementGeneratorFactory OpenCypherElementGeneratorFactory(
    std::string_view name, OpenCypherDialect dialect) {
  return [name, dialect](const Json& spec,
                         std::string_view path) -> Result<std::unique_ptr<ElementGenerator>> {
    CsvOptions options;
    QUARRY_ASSIGN_OR_RETURN(options.delimiter, CharField(spec, "delimiter", path, ','));
    QUARRY_ASSIGN_OR_RETURN(options.trim, jf::BoolOr(spec, "trim", path, false));
    QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> null_string,
                            jf::OptionalString(spec, "nullString", path));
    options.null_string = null_string.value_or("");
    QUARRY_ASSIGN_OR_RETURN(std::optional<int32_t> first_row,
                            jf::OptionalInt32(spec, "firstRow", path));
    return std::unique_ptr<ElementGenerator>(std::make_unique<OpenCypherCsvElementGenerator>(
        name, dialect, std::move(options),
        static_cast<size_t>(std::max<int32_t>(0, first_row.value_or(1)))));
  };
}

}  // namespace

std::optional<OpenCypherDialect> OpenCypherCsvGeneratorDialect(std::string_view class_name) {
  if (jf::ClassNameMatches(class_name, kNeo4jCsvGenerator)) return OpenCypherDialect::kNeo4j;
  if (jf::ClassNameMatches(class_name, kNeptuneCsvGenerator)) return OpenCypherDialect::kNeptune;
  return std::nullopt;
}

void ApplyOpenCypherCsvFields(OpenCypherDialect dialect, CsvGeneratorSpec* csv) {
  const RoleColumns r = Roles(dialect);
  csv->fields = {{"VERTEX", std::string(r.vertex)},
                 {"ENTITY_GROUP", std::string(r.entity_group)},
                 {"EDGE_GROUP", std::string(r.edge_group)},
                 {"SOURCE", std::string(r.source)},
                 {"DESTINATION", std::string(r.destination)}};
  csv->include_schema_properties = true;
  csv->typed_schema_headers = true;
}

std::string_view OpenCypherTypeName(std::string_view class_name) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 15> kTypes = {{
      {"String", "String"},
      {"Character", "Char"},
      {"Date", "Date"},
      {"LocalDate", "LocalDate"},
      {"LocalDateTime", "LocalDateTime"},
      {"Point", "Point"},
      {"Duration", "Duration"},
      {"Integer", "Int"},
      {"Short", "Short"},
      {"Byte", "Byte"},
      {"DateTime", "DateTime"},
      {"Long", "Long"},
      {"Double", "Double"},
      {"Float", "Float"},
      {"Boolean", "Boolean"},
  }};
  const std::string_view simple = jf::SimpleClassName(class_name);
  for (const auto& [java, opencypher] : kTypes) {
    if (java == simple) return opencypher;
  }
  return "String";
}

namespace generators_internal {

void AddOpenCypherCsvGenerators(std::vector<ElementGeneratorClass>* element_out,
                                std::vector<ObjectGeneratorClass>* object_out) {
  element_out->push_back(
      {kNeo4jCsvElementGenerator,
       OpenCypherElementGeneratorFactory(kNeo4jCsvElementGenerator, OpenCypherDialect::kNeo4j)});
  element_out->push_back(
      {kNeptuneCsvElementGenerator, OpenCypherElementGeneratorFactory(
                                        kNeptuneCsvElementGenerator, OpenCypherDialect::kNeptune)});
  for (std::string_view name : {kNeo4jCsvGenerator, kNeptuneCsvGenerator}) {
    object_out->push_back({name, [](const Json& spec, std::string_view path) {
                             return MakeCsvObjectGenerator(spec, path);
                           }});
  }
}

}  // namespace generators_internal
}  // namespace quarry
