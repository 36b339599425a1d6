// The Koryphe and Gaffer classes Quarry implements, listed for discovery:
// the REST API's /graph/config lists (filterFunctions, transformFunctions,
// aggregationFunctions, serialisedFields) and the explorer's pickers. Each
// list names exactly the classes the parsers accept, by full Java class name,
// sorted; a class added to a parser appears here because both read the same
// tables.
//
// Thread safety: pure functions over immutable tables.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"

namespace quarry {

// One JSON field of a class as Gaffer's JsonSerialisationUtil reports it:
// the field's name and its Java class (e.g. {"value", "java.lang.Object"}).
struct SerialisedField {
  std::string name;
  std::string class_name;
};

// Predicates (uk.gov.gchq.koryphe.impl.predicate.*, Gaffer's own...).
std::vector<std::string> FilterFunctionClassNames();
// The predicates that accept an input of `input_class` (full or simple Java
// class name, e.g. "java.lang.Long" or "Long"), as Gaffer's
// /filterFunctions/{inputClass}: those whose input signature is generic or a
// supertype of it. NotFound naming the class if Quarry does not know it.
Result<std::vector<std::string>> FilterFunctionClassNamesFor(std::string_view input_class);
// Transform functions (uk.gov.gchq.koryphe.impl.function.*, Gaffer's own...).
std::vector<std::string> TransformFunctionClassNames();
// Binary operators usable as aggregators.
std::vector<std::string> AggregationFunctionClassNames();

// The JSON fields of a predicate, function or binary operator class (full or
// simple name), in the order Gaffer's HashMap of them iterates
// (java_hash_order.h). NotFound "Class name was not recognised: X" (Gaffer's
// message) if unknown.
Result<std::vector<SerialisedField>> SerialisedFieldsOf(std::string_view class_name);

}  // namespace quarry
