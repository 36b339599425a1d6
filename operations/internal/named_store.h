// Where named operations and named views live: the graph's durable metadata
// (Graph::PutMetadata and friends), one entry per name under a prefix, the
// value being the detail JSON that GetAllNamedOperations / GetAllNamedViews
// return (NamedOperationDetail / NamedViewDetail as Gaffer writes them).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "store/graph.h"

namespace quarry::operations_internal {

enum class NamedKind { kOperation, kView };

// Persisted: the metadata key prefixes; never change them.
constexpr std::string_view kNamedOperationPrefix = "named-operation/";
constexpr std::string_view kNamedViewPrefix = "named-view/";

// The stored detail of `name`, nullopt if none. DataLoss if it is not JSON.
Result<std::optional<Json>> GetNamedDetail(const Graph& graph, NamedKind kind,
                                           std::string_view name);
Status PutNamedDetail(Graph& graph, NamedKind kind, std::string_view name, const Json& detail);
Status DeleteNamedDetail(Graph& graph, NamedKind kind, std::string_view name);
// Every stored detail, sorted by name.
Result<std::vector<Json>> ListNamedDetails(const Graph& graph, NamedKind kind);

}  // namespace quarry::operations_internal
