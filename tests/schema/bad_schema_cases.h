// Table of invalid schemas, each a mutation of one valid base schema, with
// the error code and a message fragment that names the offending path.
// Used by the raw-stage tests and the full Schema tests.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "graph-core/json_value.h"
#include "graph-core/status.h"

namespace quarry::testing {

struct BadSchemaCase {
  std::string name;
  std::function<void(Json*)> mutate;
  StatusCode code;
  std::string message;  // Must appear in the error message.
};

// A valid single-file schema: entity Person, edge Knows (groupBy since,
// visibility property vis), types id.string, true, count.long, date.earliest,
// visibility.
Json BaseSchemaJson();

// Cases caught by the structural checks (no class binding needed). The file
// is labelled "schema.json".
std::vector<BadSchemaCase> StructuralBadSchemaCases();

}  // namespace quarry::testing
