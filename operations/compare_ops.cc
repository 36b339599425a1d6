// Sort, Max and Min with Gaffer's ElementPropertyComparator.
//
// Max and Min stream and keep one element. Sort must see every element: with
// a resultLimit it keeps at most that many (the smallest so far, as Gaffer's
// LimitedInMemorySortedIterable), without one it refuses more than the
// executor's materialisation limit.
#include <iterator>
#include <memory>
#include <set>
#include <string>
#include <utility>

#include "graph-core/json_element.h"
#include "operations/internal/exec.h"
#include "operations/internal/input_parser.h"

namespace quarry::operations_internal {
namespace {

bool InGroups(const ElementPropertyComparator& c, const Element& e) {
  for (const std::string& g : c.groups) {
    if (g == e.group()) return true;
  }
  return false;
}

// ElementPropertyComparator._compare: nulls last whatever the direction;
// natural order needs one Comparable class (Java's compareTo would throw
// otherwise), ComparableOrToStringComparator falls back to toString().
int CompareValues(const ElementPropertyComparator& c, const Value& a, const Value& b,
                  Status* error) {
  if (a.is_null()) return b.is_null() ? 0 : 1;
  if (b.is_null()) return -1;
  const Value& x = c.reversed ? b : a;
  const Value& y = c.reversed ? a : b;
  if (x.type() == y.type() && IsJavaComparable(x.type())) return x.Compare(y);
  if (c.comparable_or_to_string) return JavaStringCompare(x.ToJavaString(), y.ToJavaString());
  if (error->ok()) {
    *error = InvalidArgumentError("comparator on property '" + c.property + "' cannot compare " +
                                  x.DebugString() + " with " + y.DebugString());
  }
  return 0;
}

// ElementPropertyComparator.compare: elements of other groups sort last.
int CompareElements(const ElementPropertyComparator& c, const Element& a, const Element& b,
                    Status* error) {
  bool a_in = InGroups(c, a);
  bool b_in = InGroups(c, b);
  if (!a_in) return b_in ? 1 : 0;
  if (!b_in) return -1;
  return CompareValues(c, a.properties().Get(c.property), b.properties().Get(c.property), error);
}

// Gaffer's combined comparator: each comparator in turn breaks the ties of
// the ones before.
int CompareCombined(const std::vector<ElementPropertyComparator>& cs, const Element& a,
                    const Element& b, Status* error) {
  for (const ElementPropertyComparator& c : cs) {
    int r = CompareElements(c, a, b, error);
    if (r != 0) return r;
  }
  return 0;
}

// Max (sign 1) or Min (sign -1), as MaxHandler / MinHandler: the first
// element reaching the extreme wins ties. With a single comparator, elements
// of other groups or without the property are skipped.
Result<std::optional<Element>> Extreme(const Operation& op, ItemStream& in, int sign) {
  const std::vector<ElementPropertyComparator>& cs = op.comparison->comparators;
  std::optional<Element> best;
  Status error;
  for (; in.Valid(); in.Next()) {
    QUARRY_ASSIGN_OR_RETURN(Element e, ItemToElement(in.item(), OpName(op)));
    if (cs.size() == 1 && (!InGroups(cs[0], e) || e.properties().Get(cs[0].property).is_null())) {
      continue;
    }
    if (!best.has_value() || sign * CompareCombined(cs, e, *best, &error) > 0) best = std::move(e);
    if (!error.ok()) return error.WithContext(OpName(op));
  }
  QUARRY_RETURN_IF_ERROR(in.status());
  return best;
}

Result<StepOutput> RunExtreme(const Operation& op, StepOutput input, int sign) {
  if (op.comparison->comparators.empty()) return StepOutput::None();  // Gaffer: null.
  std::unique_ptr<ItemStream> in = AsStream(std::move(input));
  QUARRY_ASSIGN_OR_RETURN(std::optional<Element> best, Extreme(op, *in, sign));
  if (!best.has_value()) return StepOutput::None();
  return StepOutput::Value(ElementToJson(*best));
}

struct SortEntry {
  Element element;
  uint64_t seq;  // Arrival order: ties keep it.
};

// A multiset ordered by the combined comparator, then arrival. Comparison
// errors are recorded in *error (the order is then meaningless; the caller
// stops).
struct SortOrder {
  const std::vector<ElementPropertyComparator>* comparators;
  Status* error;
  bool operator()(const SortEntry& a, const SortEntry& b) const {
    int r = CompareCombined(*comparators, a.element, b.element, error);
    return r != 0 ? r < 0 : a.seq < b.seq;
  }
};

// Gaffer's LimitedInMemorySortedIterable.add.
class LimitedSortedSet {
 public:
  LimitedSortedSet(const ComparisonFields& f, Status* error)
      : fields_(f), error_(error), set_(SortOrder{&f.comparators, error}) {}

  void Add(Element e) {
    SortEntry entry{std::move(e), seq_++};
    if (fields_.deduplicate && HasEqual(entry)) return;
    if (fields_.result_limit.has_value() &&
        set_.size() >= static_cast<size_t>(*fields_.result_limit)) {
      auto last = std::prev(set_.end());
      if (CompareCombined(fields_.comparators, last->element, entry.element, error_) <= 0) return;
      set_.erase(last);
    }
    set_.insert(std::move(entry));
  }
  size_t size() const { return set_.size(); }
  std::vector<Item> Take() {
    std::vector<Item> out;
    out.reserve(set_.size());
    for (const SortEntry& e : set_) out.push_back(Item(e.element));
    return out;
  }

 private:
  // An equal element among those the comparators cannot tell apart.
  bool HasEqual(const SortEntry& entry) const {
    for (auto it = set_.lower_bound(SortEntry{entry.element, 0}); it != set_.end(); ++it) {
      if (CompareCombined(fields_.comparators, it->element, entry.element, error_) != 0) break;
      if (it->element == entry.element) return true;
    }
    return false;
  }

  const ComparisonFields& fields_;
  Status* error_;
  std::multiset<SortEntry, SortOrder> set_;
  uint64_t seq_ = 1;
};

Result<StepOutput> RunSort(const Operation& op, StepOutput input, const ExecContext& ctx) {
  const ComparisonFields& f = *op.comparison;
  if (f.comparators.empty()) return StepOutput::None();  // Gaffer: null.
  std::unique_ptr<ItemStream> in = AsStream(std::move(input));
  if (f.result_limit == 1) {
    // Gaffer's SortHandler answers resultLimit 1 with MaxHandler's element.
    QUARRY_ASSIGN_OR_RETURN(std::optional<Element> max, Extreme(op, *in, 1));
    std::vector<Item> one;
    if (max.has_value()) one.push_back(Item(std::move(*max)));
    return StepOutput::Stream(MakeVectorStream(std::move(one)));
  }
  Status error;
  LimitedSortedSet sorted(f, &error);
  for (; in->Valid(); in->Next()) {
    if (!f.result_limit.has_value() && sorted.size() >= ctx.limits.max_materialised_items) {
      return ResourceExhaustedError(
          OpName(op) + ": more than " + std::to_string(ctx.limits.max_materialised_items) +
          " elements to sort; set resultLimit to keep only the first ones");
    }
    QUARRY_ASSIGN_OR_RETURN(Element e, ItemToElement(in->item(), OpName(op)));
    sorted.Add(std::move(e));
    if (!error.ok()) return error.WithContext(OpName(op));
  }
  QUARRY_RETURN_IF_ERROR(in->status());
  return StepOutput::Stream(MakeVectorStream(sorted.Take()));
}

}  // namespace

Result<StepOutput> RunComparison(const Operation& op, StepOutput input, ExecContext& ctx) {
  if (op.comparison == nullptr) {
    return InternalError("RunComparison: fields not parsed for " + OpName(op));
  }
  switch (op.kind) {
    case OperationKind::kSort:
      return RunSort(op, std::move(input), ctx);
    case OperationKind::kMax:
      return RunExtreme(op, std::move(input), 1);
    case OperationKind::kMin:
      return RunExtreme(op, std::move(input), -1);
    default:
      return InternalError("RunComparison: not a comparison: " + OpName(op));
  }
}

}  // namespace quarry::operations_internal
