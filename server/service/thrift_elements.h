// Conversion of the AddElements fast path's Thrift elements (quarry.thrift
// Element / TypedValue) to native Elements. The schema's checks (group
// exists, property classes) are the Graph's job; this checks shape only:
// exactly one TypedValue field set, vertex for entities, source and
// destination for edges. Errors are InvalidArgument naming the path, e.g.
// "elements[3].properties.count: a TypedValue must have exactly one field set".
//
// Thread safety: stateless functions.
#pragma once

#include <string_view>
#include <vector>

#include "graph-core/element.h"
#include "graph-core/status.h"
#include "graph-core/value.h"
#include "server/rpc/quarry_types.h"

namespace quarry {

// `max_json_depth` bounds a TypedValue.json payload before it is parsed.
Result<Value> ValueFromThrift(const rpc::TypedValue& value, std::string_view path,
                              int max_json_depth);

Result<std::vector<Element>> ElementsFromThrift(const std::vector<rpc::Element>& elements,
                                                int max_json_depth);

}  // namespace quarry
