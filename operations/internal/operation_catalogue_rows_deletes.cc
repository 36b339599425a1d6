// Catalogue rows of branch deletes: DeleteElements, DeleteAllData and
// GetGraphCreatedTime, as Gaffer 2.3.2 describes them (@Summary, Jackson
// fields, output type). DeleteAllData comes last: its example empties the
// graph the REST tests run every example on.
#include "operations/internal/operation_catalogue_table.h"

namespace quarry::operations_internal {

std::vector<CatalogueRow> DeleteRows() {
  using K = OperationKind;
  return {
      {K::kGetGraphCreatedTime,
       "Operation to retrieve Graph created date",
       {Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.get.GetGraphCreatedTime"})",
       "java.util.Map<java.lang.String,java.lang.String>",
       ""},
      {K::kDeleteElements,
       "Deletes elements",
       {Input(kElementArray), Bool("skipInvalidElements"), Bool("validate"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.delete.DeleteElements", "input": [], "skipInvalidElements": false, "validate": true})",
       "java.lang.Long",
       kIterable},
      {K::kDeleteAllData,
       "This operation is used to self delete all retained data",
       {Options()},
       R"({"class": "uk.gov.gchq.gaffer.store.operation.DeleteAllData"})",
       "",
       ""},
  };
}

}  // namespace quarry::operations_internal
