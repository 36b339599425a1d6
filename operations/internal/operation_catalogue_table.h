// The rows behind operations/operation_catalogue.h: one per operation the
// executor runs, as Gaffer 2.3.2's OperationDetail describes it, plus the raw
// Java input class Gaffer's getNextOperations matches outputs against.
#pragma once

#include <string_view>
#include <vector>

#include "operations/operation.h"
#include "operations/operation_catalogue.h"

namespace quarry::operations_internal {

// Input class of an operation whose Input<T> type is an unresolved type
// variable (ToSingletonList): any output may feed it.
inline constexpr std::string_view kAnyInput = "?";

struct CatalogueRow {
  OperationKind kind;
  std::string_view summary;
  std::vector<OperationFieldInfo> fields;  // In Jackson's order; "options" included.
  std::string_view example_json;           // Must parse and run on the road-traffic graph.
  std::string_view output_class_name;      // Empty: not an Output.
  std::string_view input_class;            // Raw class of Input<T>; empty: not an Input.
};

// Every row, in a stable order (OperationChain excluded).
std::vector<CatalogueRow> CatalogueRows();

}  // namespace quarry::operations_internal
