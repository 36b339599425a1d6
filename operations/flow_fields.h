// The parsed fields of the element-function operations (Filter, Transform,
// Aggregate), the comparison operations (Sort, Max, Min) and the
// flow-control operations (If, While, ForEach), as Gaffer's JSON has them.
// Operation (operations/operation.h) holds them behind shared pointers so
// that an Operation stays a cheap, copyable value.
//
// Thread safety: immutable after parsing; const access from many threads is
// safe.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "graph-core/binary_operator.h"
#include "graph-core/function.h"
#include "graph-core/json_value.h"
#include "graph-core/predicate.h"

namespace quarry {

struct Operation;

// What Filter, Transform or Aggregate says about one group.
struct GroupFunctions {
  ElementFilter filter;                  // Filter: ElementFilter {"predicates": [...]}.
  std::vector<TupleFunction> functions;  // Transform: ElementTransformer {"functions": [...]}.
  // Aggregate: AggregatePair {"groupBy": [...], "elementAggregator": {"operators": [...]}}.
  // group_by nullopt = the schema's groupBy.
  std::optional<std::vector<std::string>> group_by;
  std::vector<TupleBinaryOperator> aggregator;
};

using GroupFunctionMap = std::vector<std::pair<std::string, GroupFunctions>>;

// Gaffer's impl.function.Filter / Transform / Aggregate. A map left out is
// Gaffer's null map (see the runners for what that means per operation).
struct ElementFunctionFields {
  std::optional<GroupFunctionMap> entities;
  std::optional<GroupFunctionMap> edges;
  // Filter only.
  ElementFilter global_elements;
  ElementFilter global_entities;
  ElementFilter global_edges;
};

// uk.gov.gchq.gaffer.data.element.comparison.ElementPropertyComparator.
struct ElementPropertyComparator {
  std::string property;
  std::vector<std::string> groups;  // Elements of other groups sort last.
  bool reversed = false;
  // "comparator": ComparableOrToStringComparator when set; else the
  // property values' natural order (Java Comparable, one class).
  bool comparable_or_to_string = false;
};

// Sort / Max / Min.
struct ComparisonFields {
  std::vector<ElementPropertyComparator> comparators;
  std::optional<int64_t> result_limit;  // Sort only; nullopt = no limit.
  bool deduplicate = true;              // Sort only.
};

// If / While: Gaffer's Conditional {"predicate", "transform"}.
struct Conditional {
  Json predicate;                              // The predicate's JSON (tested on the input).
  std::shared_ptr<const Operation> transform;  // Optional: run first on the input.
};

// If / While / ForEach.
struct FlowFields {
  std::optional<bool> condition;                  // If / While "condition".
  std::optional<Conditional> conditional;         // If / While "conditional".
  std::shared_ptr<const Operation> then_op;       // If "then".
  std::shared_ptr<const Operation> otherwise_op;  // If "otherwise".
  std::shared_ptr<const Operation> operation;     // While / ForEach "operation".
  int64_t max_repeats = 1000;                     // While (Gaffer's While.MAX_REPEATS).
};

}  // namespace quarry
