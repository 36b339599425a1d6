// The request target of an HTTP request, taken apart: path and query split,
// the path percent-decoded, the REST API root recognised.
//
// Thread safety: free functions over values.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "graph-core/status.h"

namespace quarry::rest_internal {

struct HttpTarget {
  std::string path;   // Percent-decoded; starts with '/'.
  std::string query;  // Raw (still encoded), without '?'; may be empty.
};

// Decodes %XX escapes ('+' stays '+': it means a space only in form
// queries). InvalidArgument for a truncated or non-hex escape, or an escape
// decoding to NUL.
Result<std::string> PercentDecode(std::string_view text);

// Splits an origin-form target ("/rest/graph/status?x=1#frag") into its
// decoded path and raw query; a fragment is dropped. InvalidArgument for a
// target that does not start with '/' (absolute and authority forms are not
// served) or whose path does not decode.
Result<HttpTarget> ParseTarget(std::string_view target);

// The path under the API root: "/rest", "/rest/v2" and "/rest/latest" are
// all the same API (Gaffer's REST v2). "/rest/v2/graph/status" ->
// "/graph/status"; "/rest" and "/rest/v2" -> "/". nullopt for a path outside
// the API ("/restless", "/ui/"). The view points into `path`.
std::optional<std::string_view> StripApiRoot(std::string_view path);

// True when `path` is `prefix` or lies under it ("/ui" matches "/ui" and
// "/ui/index.html", not "/uix"). A prefix ending in '/' matches what starts
// with it.
bool PathHasPrefix(std::string_view path, std::string_view prefix);

}  // namespace quarry::rest_internal
