// Binary operators (aggregators): koryphe's Sum, Max, ..., and Gaffer's
// FreqMapAggregator and sketch aggregators.
//
// Apply folds `input` into `*state`, with koryphe's null-skipping: a null
// state becomes the input; a null input leaves the state unchanged. A value of
// a type the operator cannot combine is InvalidArgument naming the types.
//
// Supported ("class" full name or simple name; ToJson writes the full name):
//   uk.gov.gchq.koryphe.impl.binaryoperator.
//     Sum, Product        Integer, Long, Float, Double; both of one class;
//                         Integer/Long overflow wraps as in Java
//     Max, Min            any Java Comparable class, both of one class;
//                         a tie keeps the state
//     First, Last         any class; keep the state / take the input
//     And, Or             Boolean
//     StringConcat, StringDeduplicateConcat
//                         String; "separator" (default ","), taken literally
//                         (Java splits on it as a regex)
//     CollectionConcat    TreeSet/HashSet union, ArrayList append; the result
//                         keeps the state's class
//     CollectionIntersect retainAll, same classes
//     IterableMerge       any collections: the first's items then the
//                         second's, duplicates kept, as an ArrayList
//   uk.gov.gchq.gaffer.types.function.FreqMapAggregator   FreqMap, per-key sum
//   uk.gov.gchq.gaffer.sketches.clearspring.cardinality.binaryoperator.
//     HyperLogLogPlusAggregator                           HyperLogLogPlus union
//   uk.gov.gchq.gaffer.sketches.datasketches.cardinality.binaryoperator.
//     HllSketchAggregator                                 HllSketch union
//   uk.gov.gchq.gaffer.time.binaryoperator.
//     RBMBackedTimestampSetAggregator, BoundedTimestampSetAggregator
//                                   union (graph-core/timestamp_set.h)
//     LongTimeSeriesAggregator      sum per bucket (long_time_series.h)
//   uk.gov.gchq.gaffer.doc.dev.aggregator.   (gaffer-doc example classes;
//                                            graph-core/operators/gaffer_doc_operators.h)
//     VisibilityAggregator                   "public"/"private" Strings
//     ExampleTuple2BinaryOperator            TUPLE operator over 2 properties
//
// Per-value and tuple operators. Most operators combine one value at a time
// (Apply). A tuple operator (IsTupleOperator(), koryphe's
// BinaryOperator<TupleN>) combines a whole selection at once (ApplyTuple):
// its result for one property may depend on the others. Aggregation code
// must fold a TupleBinaryOperator with TupleBinaryOperator::Apply (below),
// which handles both kinds; calling Apply() on a tuple operator is
// InvalidArgument.
//
// Thread safety: immutable after parsing; Apply() is const and reentrant.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/element.h"
#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "graph-core/value.h"

namespace quarry {

class BinaryOperator {
 public:
  virtual ~BinaryOperator() = default;

  // Folds one value. A tuple operator returns InvalidArgument.
  virtual Status Apply(Value* state, const Value& input) const = 0;

  // True if the operator can combine values of `type` (checked at schema
  // load, per selected property, for per-value operators only).
  virtual bool Accepts(ValueType type) const = 0;

  // True for First/Last, whose result depends on the order of inputs.
  virtual bool IsOrderSensitive() const { return false; }

  // True for a tuple operator, which must be used through ApplyTuple.
  virtual bool IsTupleOperator() const { return false; }
  // For a tuple operator: the selection size it requires (0 = any size).
  // The schema checks each aggregateFunctions selection against it.
  virtual size_t TupleSize() const { return 0; }

  // Folds the tuple `input` into the tuple `*state`, position by position in
  // selection order; a missing property is a null Value. InvalidArgument if
  // the sizes differ (or differ from a non-zero TupleSize()).
  // Default (per-value operators): Apply() at each position, stopping at the
  // first error. Tuple operators override it with koryphe's null-skipping
  // on whole tuples: an all-null input leaves the state unchanged, an
  // all-null state becomes the input.
  virtual Status ApplyTuple(std::vector<Value>* state, const std::vector<Value>& input) const;

  virtual Json ToJson() const = 0;
};

Result<std::unique_ptr<BinaryOperator>> ParseBinaryOperator(const Json& json,
                                                            std::string_view path);

// koryphe's TupleAdaptedBinaryOperator: {"selection": [...], "binaryOperator": {...}}.
// A per-value operator folds each selected property independently; a tuple
// operator folds the selected properties together (see above).
struct TupleBinaryOperator {
  std::vector<std::string> selection;
  std::shared_ptr<const BinaryOperator> op;

  // Folds the selected properties of `input` into `*state` (both of one
  // group): gathers both tuples in selection order (absent = null), calls
  // op->ApplyTuple and writes every selected property back with
  // Properties::Set (a null result removes it). Properties not selected are
  // untouched. On error `*state` is unchanged and the message names the
  // selection. REQUIRES: op != nullptr.
  Status Apply(Properties* state, const Properties& input) const;
  // As Apply, but with the operands swapped: `input` is the operator's first
  // (left) operand and the current state its second, and the result is
  // stored in `*state`. For newest-first folding when the newer operand
  // arrives second (iterators/aggregate.cc's input_is_newer).
  Status ApplyInputFirst(Properties* state, const Properties& input) const;

  Json ToJson() const;
};
Result<TupleBinaryOperator> ParseTupleBinaryOperator(const Json& json, std::string_view path);

}  // namespace quarry
