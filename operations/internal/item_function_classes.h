// The function classes operations/item_function.cc implements itself
// (element-aware and iterable ones); see that header for the list.
#pragma once

#include <functional>
#include <memory>
#include <string_view>
#include <utility>

#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "operations/item_function.h"

namespace quarry::operations_internal {

// An ItemFunction made of a callable (the classes below are small).
class LambdaItemFunction : public ItemFunction {
 public:
  using ApplyFn = std::function<Result<FnObject>(const FnObject&)>;
  explicit LambdaItemFunction(ApplyFn fn) : fn_(std::move(fn)) {}
  Result<FnObject> Apply(const FnObject& input) const override { return fn_(input); }

 private:
  ApplyFn fn_;
};

// Parses `json` (class `cls`, at `path`) if `cls` is one of the item-level
// classes; nullptr if it is not (the caller then asks graph-core).
// InvalidArgument naming the field for a bad field of a known class.
Result<std::shared_ptr<const ItemFunction>> ParseOwnItemFunction(std::string_view cls,
                                                                 const Json& json,
                                                                 std::string_view path);

}  // namespace quarry::operations_internal

namespace quarry::operations_internal {

// Gaffer's ReduceRelatedElements (reduce_related_elements.cc), from its
// JSON fields vertexAggregator (default First), visibilityAggregator,
// visibilityProperty and relatedVertexGroups.
Result<std::shared_ptr<const ItemFunction>> MakeReduceRelatedElements(const Json& json,
                                                                      std::string_view path);

// Gaffer's walk functions (data.graph.function.walk.ExtractWalkEdges,
// ExtractWalkEdgesFromHop, ExtractWalkEntities, ExtractWalkEntitiesFromHop,
// ExtractWalkVertex) over GetWalks' Walk JSON
// ({"edges": [[edge...]...], "entities": [{vertex: [entity...]}...]}).
// nullptr if `cls` is not one of them.
Result<std::shared_ptr<const ItemFunction>> ParseWalkFunction(std::string_view cls,
                                                              const Json& json,
                                                              std::string_view path);

}  // namespace quarry::operations_internal
