// Gaffer's View.Builder.merge and NamedView.Builder.merge on view JSON: how
// a named view is combined with the views merged into it and with the parts
// written inline beside its name.
#pragma once

#include <string_view>
#include <vector>

#include "graph-core/json_value.h"
#include "graph-core/status.h"

namespace quarry::operations_internal {

// Merges view JSON `adding` into `*into` as View.Builder.merge does: groups
// not yet present are added; for a group in both, filter and transform
// function lists are concatenated, and groupBy, properties and a non-empty
// excludeProperties of `adding` replace those of `*into`; global definition
// lists are concatenated; config entries are added; allEntities/allEdges
// take `adding`'s value. InvalidArgument naming `path` if either is not an
// object or a part has the wrong JSON type.
Status MergeViewJson(const Json& adding, std::string_view path, Json* into);

// Combines the views of an operation's "view" and "views" fields in order.
// If any is a NamedView the result is one (class NamedView, the first name,
// later distinct names in "mergedNamedViewNames", parameters merged);
// otherwise a plain view.
Result<Json> MergeViewList(const std::vector<const Json*>& views, std::string_view path);

// The parts of a NamedView JSON that are a view (everything but class,
// name, parameters and mergedNamedViewNames).
Json InlineViewParts(const Json& named_view);

}  // namespace quarry::operations_internal
