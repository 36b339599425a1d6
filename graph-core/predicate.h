// Predicates (koryphe's Predicate implementations) and their tuple adapters.
//
// A predicate tests the values selected from an element, in selection order.
// Single-input predicates (IsEqual, IsMoreThan, ...) read args[0]; two-input
// ones (IsXLessThanY, AreEqual) read args[0] and args[1]; And/Or with
// IntegerTupleAdaptedPredicate components pick positions from args.
// A missing value is passed as a null Value, never as a null pointer.
//
// Implemented classes (koryphe's uk.gov.gchq.koryphe.impl.predicate.* unless
// noted; full or simple names): Exists, IsTrue, IsFalse, IsEqual, IsMoreThan,
// IsLessThan, IsIn, AreIn, Not, And, Or, If, Regex, MultiRegex,
// StringContains, IsA, IsLongerThan, IsShorterThan, IsXLessThanY,
// IsXMoreThanY, AreEqual, CollectionContains, MapContains,
// MapContainsPredicate, AgeOff, AgeOffFromDays, range.InRange,
// range.InDateRange, range.InTimeRange and their *Dual forms,
// uk.gov.gchq.koryphe.predicate.PredicateMap,
// uk.gov.gchq.koryphe.tuple.predicate.IntegerTupleAdaptedPredicate, and
// Gaffer's HyperLogLogPlusIsLessThan and HllSketchIsLessThan. Comparisons are
// class-strict as in Java (an Integer control never matches a Long), and the
// time-relative ones (AgeOff, offsets of InDateRange/InTimeRange) read
// NowMillis() at every Test().
//
// Thread safety: predicates are immutable after parsing; Test() is const
// and safe to call concurrently.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/element.h"
#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "graph-core/value.h"

namespace quarry {

using ValueRefs = std::span<const Value* const>;

class Predicate {
 public:
  virtual ~Predicate() = default;

  virtual bool Test(ValueRefs args) const = 0;
  bool Test(const Value& value) const {
    const Value* arg = &value;
    return Test(ValueRefs(&arg, 1));
  }

  // The Gaffer JSON of this predicate, with its full class name.
  virtual Json ToJson() const = 0;
};

// Parses {"class": "...", fields...}; full and simple class names. `path`
// prefixes messages, e.g. "types.count.validateFunctions[0]".
Result<std::unique_ptr<Predicate>> ParsePredicate(const Json& json, std::string_view path);

// koryphe's TupleAdaptedPredicate: {"selection": [...], "predicate": {...}}.
// Selection keys are property names or identifiers (VERTEX, SOURCE, ...).
struct TuplePredicate {
  std::vector<std::string> selection;
  std::shared_ptr<const Predicate> predicate;

  bool Test(const Element& element) const;
  Json ToJson() const;
};
Result<TuplePredicate> ParseTuplePredicate(const Json& json, std::string_view path);

// A list of tuple predicates, all of which must pass (Gaffer's ElementFilter).
class ElementFilter {
 public:
  ElementFilter() = default;
  explicit ElementFilter(std::vector<TuplePredicate> predicates)
      : predicates_(std::move(predicates)) {}

  bool Test(const Element& element) const;
  bool empty() const { return predicates_.empty(); }
  const std::vector<TuplePredicate>& predicates() const { return predicates_; }
  void Append(const ElementFilter& other);
  Json ToJson() const;

 private:
  std::vector<TuplePredicate> predicates_;
};
// Parses a JSON array of tuple predicates.
Result<ElementFilter> ParseElementFilter(const Json& json, std::string_view path);

}  // namespace quarry
