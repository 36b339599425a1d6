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
//   uk.gov.gchq.gaffer.types.function.FreqMapAggregator   FreqMap, per-key sum
//   uk.gov.gchq.gaffer.sketches.clearspring.cardinality.binaryoperator.
//     HyperLogLogPlusAggregator                           HyperLogLogPlus union
//   uk.gov.gchq.gaffer.sketches.datasketches.cardinality.binaryoperator.
//     HllSketchAggregator                                 HllSketch union
//
// Thread safety: immutable after parsing; Apply() is const and reentrant.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "graph-core/value.h"

namespace quarry {

class BinaryOperator {
 public:
  virtual ~BinaryOperator() = default;

  virtual Status Apply(Value* state, const Value& input) const = 0;

  // True if the operator can combine values of `type` (checked at schema load).
  virtual bool Accepts(ValueType type) const = 0;

  // True for First/Last, whose result depends on the order of inputs.
  virtual bool IsOrderSensitive() const { return false; }

  virtual Json ToJson() const = 0;
};

Result<std::unique_ptr<BinaryOperator>> ParseBinaryOperator(const Json& json,
                                                            std::string_view path);

// koryphe's TupleAdaptedBinaryOperator: {"selection": [...], "binaryOperator": {...}}.
// Each selected property is folded with the operator independently.
struct TupleBinaryOperator {
  std::vector<std::string> selection;
  std::shared_ptr<const BinaryOperator> op;
  Json ToJson() const;
};
Result<TupleBinaryOperator> ParseTupleBinaryOperator(const Json& json, std::string_view path);

}  // namespace quarry
