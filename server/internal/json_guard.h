// A cheap pre-parse check of JSON nesting depth, so that a hostile document
// (200k nested arrays) is refused before any parser or recursive destructor
// sees it.
#pragma once

#include <string_view>

#include "graph-core/status.h"

namespace quarry::server_internal {

// InvalidArgument if `text` nests arrays/objects deeper than `max_depth`
// (brackets inside strings, including escaped quotes, are not counted).
// Does not validate the JSON otherwise.
Status CheckJsonDepth(std::string_view text, int max_depth);

}  // namespace quarry::server_internal
