// ViewElementDefinition: what a View says about one group (gaffer-compat.md
// §8.1): filters, query-time groupBy and aggregation, transient properties,
// transforms and property selection.
//
// Thread safety: a value type; const access from many threads is safe (the
// predicates, operators and functions it shares are immutable).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "graph-core/binary_operator.h"
#include "graph-core/function.h"
#include "graph-core/json_value.h"
#include "graph-core/predicate.h"
#include "graph-core/status.h"
#include "graph-core/value.h"

namespace quarry {

struct ViewElementDefinition {
  ElementFilter pre_aggregation_filter;  // preAggregationFilterFunctions
  // groupBy: nullopt = the schema's groupBy; empty = merge across every
  // groupBy value; otherwise merge on these properties only.
  std::optional<std::vector<std::string>> group_by;
  std::vector<TupleBinaryOperator> aggregator;  // aggregator.operators; empty = none
  ElementFilter post_aggregation_filter;        // postAggregationFilterFunctions
  // transientProperties, in JSON order: name -> class.
  std::vector<std::pair<std::string, ValueType>> transient_properties;
  std::vector<TupleFunction> transform_functions;      // transformFunctions
  ElementFilter post_transform_filter;                 // postTransformFilterFunctions
  std::optional<std::vector<std::string>> properties;  // whitelist; nullopt = all
  std::vector<std::string> exclude_properties;         // blacklist

  // The class of transient property `name`, or nullopt if it is not one.
  std::optional<ValueType> TransientPropertyType(std::string_view name) const;

  // True if `name` survives the properties / excludeProperties selection.
  bool IsPropertySelected(std::string_view name) const;

  bool has_transform() const { return !transform_functions.empty(); }

  // Applies `other` on top of this definition, as Gaffer's
  // ViewElementDefinition.Builder.merge does: filters and transforms are
  // concatenated, transient properties united, a set groupBy / properties /
  // non-empty excludeProperties replaces. The aggregator is not merged:
  // Gaffer's merge never copies it, so a definition rebuilt by merging (a
  // group that a global definition reaches, View.expandGlobalDefinitions)
  // has none, and this one is cleared.
  // InvalidArgument (naming `context`) if a transient property gets two
  // classes or the result has both properties and excludeProperties.
  Status Merge(const ViewElementDefinition& other, std::string_view context);

  // Gaffer's JSON: only the fields that are set.
  Json ToJson() const;
};

// Parses a view element definition object. Unknown fields are ignored.
// InvalidArgument naming the JSON path on a malformed field, an unknown
// predicate/operator/function/transient class, or both properties and a
// non-empty excludeProperties.
Result<ViewElementDefinition> ParseViewElementDefinition(const Json& json, std::string_view path);

// A global definition (globalElements / globalEntities / globalEdges entry):
// a definition plus the optional "groups" it is limited to.
struct GlobalViewElementDefinition {
  std::optional<std::vector<std::string>> groups;  // nullopt = every group
  ViewElementDefinition definition;

  Json ToJson() const;
};

Result<GlobalViewElementDefinition> ParseGlobalViewElementDefinition(const Json& json,
                                                                     std::string_view path);

}  // namespace quarry
