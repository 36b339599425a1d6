// The parsed fields of Map, Reduce, Join and ValidateOperationChain (issue
// 12, branch mapjoin), as Gaffer 2.3.2's JSON has them. Operation
// (operations/operation.h) holds them behind a shared pointer so that an
// Operation stays a cheap, copyable value. Join's right-hand operation lives
// in the Operation's FlowFields::operation, so named-operation resolution
// and the flow limits reach it as they reach ForEach's.
//
// Thread safety: immutable after parsing; const access from many threads is
// safe.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "graph-core/binary_operator.h"
#include "graph-core/json_value.h"
#include "operations/item_function.h"

namespace quarry {

// Join's MatchKey: which side's items are the keys.
enum class JoinMatchKey { kLeft, kRight };
// Join's JoinType.
enum class JoinType { kFull, kOuter, kInner };

// Join's matchMethod: ElementMatch (same ids and group, plus equal values of
// the groupBy properties) or KeyFunctionMatch (first key function on the
// keyed side equals second key function on the other; Identity if absent).
struct JoinMatchMethod {
  bool element_match = true;
  std::vector<std::string> group_by_properties;             // ElementMatch.
  std::shared_ptr<const ItemFunction> first_key_function;   // KeyFunctionMatch.
  std::shared_ptr<const ItemFunction> second_key_function;  // KeyFunctionMatch.
};

struct MapJoinFields {
  // Map: "functions" (or the single "function"), and its explicit "input",
  // kept whole because Map's input is one object, not a list of items.
  std::vector<std::shared_ptr<const ItemFunction>> functions;
  std::optional<Json> map_input;
  // Reduce: "aggregateFunction" (required) and "identity" (nullopt: null).
  std::shared_ptr<const BinaryOperator> aggregate_function;
  std::optional<Json> identity;
  // Join. A missing joinType or matchMethod is refused when the Join runs,
  // as Gaffer's JoinHandler refuses it.
  std::optional<JoinMatchMethod> match_method;
  std::optional<JoinMatchKey> match_key;
  std::optional<JoinType> join_type;
  bool flatten = true;
  std::optional<int64_t> collection_limit;  // nullopt: Gaffer's 100000.
  // ValidateOperationChain: the chain's JSON as sent; parsed when it runs, so
  // that a chain that does not parse is reported in the result, not refused.
  Json operation_chain;
};

}  // namespace quarry
