// Gaffer's CsvGenerator (uk.gov.gchq.gaffer.data.generator.CsvGenerator):
// an element as one CSV line of chosen identifiers/properties and
// constants. ToCsv uses it, and GenerateObjects registers it as an object
// generator.
//
// Thread safety: stateless functions.
#pragma once

#include <string>
#include <string_view>

#include "graph-core/element.h"
#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "operations/operation.h"
#include "schema/schema.h"

namespace quarry {

inline constexpr std::string_view kCsvGeneratorClass =
    "uk.gov.gchq.gaffer.data.generator.CsvGenerator";

// Reads the generator's fields ("fields", "constants", "quoted",
// "commaReplacement", "includeSchemaProperties") from `json`, an object.
// Its "class" may be absent, CsvGenerator, or the OpenCypher Neo4jCsvGenerator
// or NeptuneCsvGenerator (opencypher_csv.h: fixed role fields); any other is
// Unimplemented, naming it. InvalidArgument naming `path`.field on a wrong
// type.
Result<CsvGeneratorSpec> ParseCsvGeneratorSpec(const Json& json, std::string_view path);

// The header line: the fields' then the constants' headers.
std::string CsvHeader(const CsvGeneratorSpec& csv);
// One element's line: each field's value (GROUP, an identifier such as
// VERTEX/SOURCE, or a property; empty when absent), then the constants.
std::string CsvLine(const Element& element, const CsvGeneratorSpec& csv);
// A field's value for `element`: GROUP; ENTITY_GROUP or EDGE_GROUP (the group
// of an entity or of an edge only, else null); an identifier; a property.
Value CsvFieldValue(const Element& element, std::string_view field);

// With include_schema_properties: every property of the schema's entity
// groups, then of its edge groups, and DIRECTED, each added as a field
// headed by its own name (with typed_schema_headers, `name:Type`) (one already in the fields keeps
// its place and is renamed, as in Gaffer's LinkedHashMap). Otherwise nothing.
void AddSchemaPropertyFields(const Schema& schema, CsvGeneratorSpec* csv);

}  // namespace quarry
