// Field readers for the element-function, comparison, flow-control,
// variable and trait operations (operations/flow_fields.h). Called by
// operation_parser.cc's ReadKindFields.
#pragma once

#include <optional>
#include <string>

#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "operations/operation.h"

namespace quarry::operations_internal {

// Reads the fields of `op->kind` from `obj` (the operation's JSON at `path`)
// into *op. Returns false, leaving *status alone, if the kind is not one of
// this family; else true with *status OK or InvalidArgument naming the JSON
// path of the bad field.
bool ReadFlowFields(const Json& obj, const std::string& path, Operation* op, Status* status);

// Gaffer's Conditional at obj["conditional"] (predicate and optional
// transform operation): nullopt if absent; InvalidArgument naming the path if
// malformed. GetWalks reads its conditional with it.
Result<std::optional<Conditional>> ReadOptionalConditional(const Json& obj,
                                                           const std::string& path);

}  // namespace quarry::operations_internal
