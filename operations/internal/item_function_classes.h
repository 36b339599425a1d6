// The function classes operations/item_function.cc implements itself
// (element-aware and iterable ones); see that header for the list.
#pragma once

#include <memory>
#include <string_view>

#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "operations/item_function.h"

namespace quarry::operations_internal {

// Parses `json` (class `cls`, at `path`) if `cls` is one of the item-level
// classes; nullptr if it is not (the caller then asks graph-core).
// InvalidArgument naming the field for a bad field of a known class.
Result<std::shared_ptr<const ItemFunction>> ParseOwnItemFunction(std::string_view cls,
                                                                 const Json& json,
                                                                 std::string_view path);

}  // namespace quarry::operations_internal
