// Reading Gaffer schema files (key order kept: Json is ordered_json) into RawSchemas and writing a
// RawSchema back as one Gaffer schema JSON document.
//
// Accepted (gaffer-compat.md §2.1-2.3): entities, edges, types,
// visibilityProperty, vertexSerialiser, config, and the v1 keys
// timestampProperty (-> config.timestampProperty), vertexSerialiserClass
// (-> vertexSerialiser {"class": ...}) and a type's serialiserClass
// (-> serialiser {"class": ...}). Unknown keys are ignored, as Gaffer's
// non-strict JSON reader does; a JSON null counts as absent. A known key with
// the wrong JSON type is InvalidArgument naming file and path.
//
// Thread safety: stateless functions.
#pragma once

#include <string>
#include <string_view>

#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "schema/internal/raw_schema.h"

namespace quarry::schema_internal {

// The whole content of `path`. NotFound if it does not exist, InvalidArgument
// if it is not a readable regular file; both name the path.
Result<std::string> ReadSchemaFile(const std::string& path);

// Parses one schema document; `file` labels it in error messages.
Result<RawSchema> ParseRawSchema(std::string_view text, const std::string& file);

// The Gaffer JSON of `schema` (v2 keys only; functions as written), with
// properties in schema order (Json is ordered_json).
Json RawSchemaToJson(const RawSchema& schema);

}  // namespace quarry::schema_internal
