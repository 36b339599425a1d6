// The two binary operators of gaffer-doc's developer guide, which its example
// schemas name (../shared/gaffer-examples): Quarry's own implementations of
// their documented behaviour.
//
// uk.gov.gchq.gaffer.doc.dev.aggregator.VisibilityAggregator (per-value)
//   Strings "public" and "private" only: "private" if either side is
//   "private", else "public". Any other value (another String, or another
//   class) is InvalidArgument naming the value. Null-skipping as koryphe: a
//   null state becomes the input, a null input leaves the state.
//   (An early gaffer-doc version tested `"public".equals(input2)`, making
//   public+public private; we follow the documented and later-fixed rule.)
//
// uk.gov.gchq.gaffer.doc.dev.aggregator.ExampleTuple2BinaryOperator (tuple)
//   A tuple operator over a 2-property selection (TupleSize() == 2). Of the
//   state tuple (a0, a1) and the input tuple (b0, b1) it keeps the state if
//   CompareForEdgeOrder(a0, b0) >= 0 (Gaffer's ComparableOrToStringComparator:
//   same class by compareTo, else by toString(), null sorts last), else
//   takes the input, whole. Null-skipping as koryphe, on whole tuples: an
//   all-null input leaves the state, an all-null state becomes the input.
//   Accepts every class; Apply() on a single value is InvalidArgument.
//   Order-sensitive: on a tie of the first values the state's second value
//   is kept.
//
// Both parse from their full or simple class names (ParseBinaryOperator);
// ToJson writes the full name.
//
// Thread safety: immutable; const methods are reentrant.
#pragma once

#include <memory>
#include <string_view>

#include "graph-core/binary_operator.h"

namespace quarry {

inline constexpr std::string_view kVisibilityAggregatorClass =
    "uk.gov.gchq.gaffer.doc.dev.aggregator.VisibilityAggregator";
inline constexpr std::string_view kExampleTuple2BinaryOperatorClass =
    "uk.gov.gchq.gaffer.doc.dev.aggregator.ExampleTuple2BinaryOperator";

std::unique_ptr<BinaryOperator> MakeVisibilityAggregator();
std::unique_ptr<BinaryOperator> MakeExampleTuple2BinaryOperator();

}  // namespace quarry
