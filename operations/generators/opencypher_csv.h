// Gaffer's OpenCypher CSV generators (uk.gov.gchq.gaffer.data.generator):
// the CSV that Neo4j's and Amazon Neptune's bulk loaders read, in and out.
//
//   Neo4jCsvElementGenerator, NeptuneCsvElementGenerator (GenerateElements)
//       {"firstRow": 1, "trim": false, "delimiter": ",", "nullString": ""}.
//       The first input line is the header. Its role columns name the
//       identifiers (Neo4j `_id,_labels,_type,_start,_end`, Neptune
//       `:ID,:LABEL,:TYPE,:START_ID,:END_ID`); every other column is a
//       property, `name:Type` converting the cell (Int/Short/Byte Integer,
//       Long, Double, Float, Boolean, DateTime epoch millis; anything else a
//       String). Each line from `firstRow` on may make an Entity (label and
//       id set) and an Edge (start and end set; the id becomes the String
//       property `edge-id`), both carrying every non-empty property cell.
//   Neo4jCsvGenerator, NeptuneCsvGenerator (GenerateObjects, ToCsv)
//       CsvGenerator with the role columns as its fields; ToCsv appends the
//       schema's properties headed `name:Type` from the property's class.
//
// Thread safety: the functions are stateless; an element generator reads one
// input stream, in order, on one thread (it remembers the header).
#pragma once

#include <optional>
#include <string_view>

#include "operations/operation.h"

namespace quarry {

enum class OpenCypherDialect { kNeo4j, kNeptune };

// The dialect whose CSV (output) generator `class_name` names, full or simple
// name; nullopt for any other class.
std::optional<OpenCypherDialect> OpenCypherCsvGeneratorDialect(std::string_view class_name);

// The dialect's fields: VERTEX, ENTITY_GROUP, EDGE_GROUP, SOURCE and
// DESTINATION headed by its role columns, in that order. Sets
// include_schema_properties and typed_schema_headers (the generator's getters
// are fixed to true); leaves constants, quoting and commaReplacement alone.
void ApplyOpenCypherCsvFields(OpenCypherDialect dialect, CsvGeneratorSpec* csv);

// The OpenCypher type name a schema property of Java class `class_name` is
// headed with (`count:Long`): Integer -> Int, Character -> Char, the types
// the format knows by their simple names, anything else String.
std::string_view OpenCypherTypeName(std::string_view class_name);

}  // namespace quarry
