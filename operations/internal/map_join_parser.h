// Field readers for Map, Reduce, Join and ValidateOperationChain
// (operations/map_join_fields.h). Called by operation_parser.cc's
// ReadKindFields.
#pragma once

#include <string>

#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "operations/operation.h"

namespace quarry::operations_internal {

// Reads the fields of `op->kind` from `obj` (the operation's JSON at `path`)
// into *op. Returns false, leaving *status alone, if the kind is not one of
// this family; else true with *status OK or InvalidArgument naming the JSON
// path of the bad field.
bool ReadMapJoinFields(const Json& obj, const std::string& path, Operation* op, Status* status);

}  // namespace quarry::operations_internal
