// Parsing of the job and export operations' fields (GetJobDetails,
// GetAllJobDetails, GetJobResults, ExportToSet, GetSetExport, GetExports,
// ExportToGafferResultCache, GetGafferResultCacheExport) into Operation.
#pragma once

#include <string>

#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "operations/operation.h"

namespace quarry::operations_internal {

// Reads the fields of `op->kind` if it is a job or export operation (then
// returns true and sets *status); returns false for any other kind.
// InvalidArgument naming the JSON path: a field of the wrong type, a
// negative start or an end before it, a GetJobResults key other than "ALL"
// (Gaffer: keys cannot be used with it), a getExports entry that is not a
// GetSetExport or GetGafferResultCacheExport.
bool ReadJobExportFields(const Json& obj, const std::string& path, Operation* op, Status* status);

}  // namespace quarry::operations_internal
