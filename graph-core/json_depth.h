// JSON nesting depth, measured on the text before any parser sees it: a
// hostile document (200k nested arrays) is refused before a recursive
// parser or destructor could overflow the stack. The project's one depth
// scanner (operations' parser, the Thrift and REST transports use it).
//
// Thread safety: stateless functions.
#pragma once

#include <cstddef>
#include <string_view>

#include "graph-core/status.h"

namespace quarry {

// The deepest nesting of arrays and objects in `text` (brackets inside
// strings, escaped quotes included, are not counted), stopping early once
// it exceeds `stop_above`. With `exceeded_at`, the byte offset of the
// bracket that first went deeper than `stop_above` (text.size() if none).
// Does not validate the JSON otherwise.
int JsonNestingDepth(std::string_view text, int stop_above, size_t* exceeded_at = nullptr);

// InvalidArgument "<what> nests deeper than <max_depth> levels (at byte N)"
// if `text` nests deeper than `max_depth`.
Status CheckJsonDepth(std::string_view text, int max_depth,
                      std::string_view what = "operation JSON");

}  // namespace quarry
