// The rows behind operations/operation_catalogue.h: one per operation the
// executor runs, as Gaffer 2.3.2's OperationDetail describes it, plus the raw
// Java input class Gaffer's getNextOperations matches outputs against.
#pragma once

#include <string>
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

// Java types the rows share.
inline constexpr std::string_view kIterableOfElements =
    "java.lang.Iterable<uk.gov.gchq.gaffer.data.element.Element>";
inline constexpr std::string_view kIterable = "java.lang.Iterable";
inline constexpr std::string_view kObjectArray = "java.lang.Object[]";
inline constexpr std::string_view kElementArray = "uk.gov.gchq.gaffer.data.element.Element[]";

// Field builders: Jackson property `name` of Java type `class_name`.
OperationFieldInfo Field(std::string name, std::string class_name, bool required = false);
OperationFieldInfo Input(std::string_view class_name);  // "input".
OperationFieldInfo Options();                           // Every operation's "options" map.
OperationFieldInfo Bool(std::string name);
OperationFieldInfo Int(std::string name);
// An enum property: a java.lang.String whose options are the constants and
// whose summary is the enum class's @Summary.
OperationFieldInfo Enum(std::string name, std::string summary, std::vector<std::string> options);

// Rows kept in their own files (operation_catalogue_rows_*.cc). Examples run
// in row order, so an example may use what an earlier row's example added.
std::vector<CatalogueRow> WalkAndNamedRows();
std::vector<CatalogueRow> JobAndExportRows();
std::vector<CatalogueRow> FlowRows();
std::vector<CatalogueRow> MapJoinRows();  // Branch mapjoin.
std::vector<CatalogueRow> DeleteRows();   // Branch deletes.

// Every row, in a stable order (OperationChain excluded).
std::vector<CatalogueRow> CatalogueRows();

}  // namespace quarry::operations_internal
