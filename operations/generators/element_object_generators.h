// The map form of an element shared by ToMap and GenerateObjects'
// MapGenerator (Gaffer's uk.gov.gchq.gaffer.data.generator.MapGenerator).
// The generators themselves are registered in generator.h's registry.
//
// Thread safety: stateless functions.
#pragma once

#include <string_view>

#include "graph-core/element.h"
#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "operations/operation.h"

namespace quarry {

// Reads a MapGenerator's "fields" ({field: key}) and "constants"
// ({key: value}) from `json`, an object; InvalidArgument naming `path`.field.
Result<CsvGeneratorSpec> ParseMapGeneratorSpec(const Json& json, std::string_view path);

// `element` as MapGenerator makes it: each field's value (GROUP, an
// identifier or a property, typed as Gaffer JSON; absent ones left out)
// under its key, then the constants.
Json ElementToMap(const Element& element, const CsvGeneratorSpec& spec);

}  // namespace quarry
