// Composition: Not, And, Or, If, IntegerTupleAdaptedPredicate (which
// picks tuple positions for a component of And/Or/If), and AdaptedPredicate
// (a predicate on what a function makes of the input).
#include <vector>

#include "graph-core/function.h"
#include "graph-core/internal/json_value_util.h"
#include "graph-core/predicates/internal/predicate_util.h"

namespace quarry::internal {
namespace {

constexpr std::string_view kNot = "uk.gov.gchq.koryphe.impl.predicate.Not";
constexpr std::string_view kAnd = "uk.gov.gchq.koryphe.impl.predicate.And";
constexpr std::string_view kOr = "uk.gov.gchq.koryphe.impl.predicate.Or";
constexpr std::string_view kIf = "uk.gov.gchq.koryphe.impl.predicate.If";
constexpr std::string_view kAdapted = "uk.gov.gchq.koryphe.predicate.AdaptedPredicate";
constexpr std::string_view kIntegerTupleAdapted =
    "uk.gov.gchq.koryphe.tuple.predicate.IntegerTupleAdaptedPredicate";

using SharedPredicate = std::shared_ptr<const Predicate>;

class Not : public Predicate {
 public:
  explicit Not(SharedPredicate predicate) : predicate_(std::move(predicate)) {}
  // koryphe: predicate != null && !predicate.test(input).
  bool Test(ValueRefs args) const override { return predicate_ && !predicate_->Test(args); }
  Json ToJson() const override {
    Json out = ClassJson(kNot);
    if (predicate_) out["predicate"] = predicate_->ToJson();
    return out;
  }

 private:
  SharedPredicate predicate_;
};

Result<PredicatePtr> ParseNot(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(PredicatePtr predicate,
                          ReadPredicateField(json, "predicate", path, false));
  return PredicatePtr(std::make_unique<Not>(std::move(predicate)));
}

// And (all pass; true when empty) and Or (any passes; false when empty).
class Composite : public Predicate {
 public:
  Composite(bool is_and, std::vector<SharedPredicate> predicates)
      : is_and_(is_and), predicates_(std::move(predicates)) {}
  bool Test(ValueRefs args) const override {
    for (const SharedPredicate& p : predicates_) {
      if (p->Test(args) != is_and_) return !is_and_;
    }
    return is_and_;
  }
  Json ToJson() const override {
    Json out = ClassJson(is_and_ ? kAnd : kOr);
    Json list = Json::array();
    for (const SharedPredicate& p : predicates_) list.push_back(p->ToJson());
    out["predicates"] = std::move(list);
    return out;
  }

 private:
  bool is_and_;
  std::vector<SharedPredicate> predicates_;
};

template <bool kIsAnd>
Result<PredicatePtr> ParseComposite(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::vector<SharedPredicate> predicates,
                          ReadPredicateListField(json, "predicates", path));
  return PredicatePtr(std::make_unique<Composite>(kIsAnd, std::move(predicates)));
}

// If: a fixed `condition` or the `predicate`'s result picks `then` or
// `otherwise`; a missing branch gives false.
class If : public Predicate {
 public:
  If(std::optional<bool> condition, SharedPredicate predicate, SharedPredicate then,
     SharedPredicate otherwise)
      : condition_(condition),
        predicate_(std::move(predicate)),
        then_(std::move(then)),
        otherwise_(std::move(otherwise)) {}
  bool Test(ValueRefs args) const override {
    bool condition = condition_.has_value() ? *condition_ : predicate_ && predicate_->Test(args);
    const SharedPredicate& branch = condition ? then_ : otherwise_;
    return branch && branch->Test(args);
  }
  Json ToJson() const override {
    Json out = ClassJson(kIf);
    if (condition_) out["condition"] = *condition_;
    if (predicate_) out["predicate"] = predicate_->ToJson();
    if (then_) out["then"] = then_->ToJson();
    if (otherwise_) out["otherwise"] = otherwise_->ToJson();
    return out;
  }

 private:
  std::optional<bool> condition_;
  SharedPredicate predicate_, then_, otherwise_;
};

Result<PredicatePtr> ParseIf(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<bool> condition, ReadOptionalBool(json, "condition", path));
  QUARRY_ASSIGN_OR_RETURN(PredicatePtr predicate,
                          ReadPredicateField(json, "predicate", path, false));
  QUARRY_ASSIGN_OR_RETURN(PredicatePtr then, ReadPredicateField(json, "then", path, false));
  QUARRY_ASSIGN_OR_RETURN(PredicatePtr otherwise,
                          ReadPredicateField(json, "otherwise", path, false));
  return PredicatePtr(
      std::make_unique<If>(condition, std::move(predicate), std::move(then), std::move(otherwise)));
}

// Tests `predicate` on the arguments at `selection` (missing positions are null).
class IntegerTupleAdapted : public Predicate {
 public:
  IntegerTupleAdapted(std::vector<size_t> selection, SharedPredicate predicate)
      : selection_(std::move(selection)), predicate_(std::move(predicate)) {}
  bool Test(ValueRefs args) const override {
    constexpr size_t kInline = 8;
    if (selection_.size() > kInline) {
      std::vector<const Value*> picked;
      for (size_t i : selection_) picked.push_back(&ArgAt(args, i));
      return predicate_->Test(ValueRefs(picked.data(), picked.size()));
    }
    const Value* picked[kInline];
    for (size_t i = 0; i < selection_.size(); ++i) picked[i] = &ArgAt(args, selection_[i]);
    return predicate_->Test(ValueRefs(picked, selection_.size()));
  }
  Json ToJson() const override {
    Json out = ClassJson(kIntegerTupleAdapted);
    out["selection"] = selection_;
    out["predicate"] = predicate_->ToJson();
    return out;
  }

 private:
  std::vector<size_t> selection_;
  SharedPredicate predicate_;
};

Result<std::vector<size_t>> ReadIndexSelection(const Json& json, std::string_view path) {
  const Json* f = json_fields::Find(json, "selection");
  if (f == nullptr) return MissingField(path, "selection");
  std::string field_path = json_fields::Join(path, "selection");
  if (!f->is_array()) {
    return JsonError(field_path,
                     "expected an array of tuple positions, got " + std::string(JsonTypeName(*f)));
  }
  std::vector<size_t> out;
  for (size_t i = 0; i < f->size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(int64_t index, JsonToInt64((*f)[i], json_fields::Index(field_path, i)));
    if (index < 0) return JsonError(json_fields::Index(field_path, i), "negative tuple position");
    out.push_back(static_cast<size_t>(index));
  }
  return out;
}

Result<PredicatePtr> ParseIntegerTupleAdapted(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::vector<size_t> selection, ReadIndexSelection(json, path));
  QUARRY_ASSIGN_OR_RETURN(PredicatePtr predicate,
                          ReadPredicateField(json, "predicate", path, true));
  return PredicatePtr(
      std::make_unique<IntegerTupleAdapted>(std::move(selection), std::move(predicate)));
}

// koryphe's AdaptedPredicate: `predicate` tests inputAdapter(input), or the
// input itself without an adapter. An adapter that fails to apply (a
// ClassCastException in Java) rejects the element.
class Adapted : public Predicate {
 public:
  Adapted(std::shared_ptr<const Function> adapter, SharedPredicate predicate)
      : adapter_(std::move(adapter)), predicate_(std::move(predicate)) {}
  bool Test(ValueRefs args) const override {
    if (adapter_ == nullptr) return predicate_->Test(args);
    Result<Value> adapted = adapter_->Apply(args);
    return adapted.ok() && predicate_->Test(*adapted);
  }
  Json ToJson() const override {
    Json out = ClassJson(kAdapted);
    if (adapter_) out["inputAdapter"] = adapter_->ToJson();
    out["predicate"] = predicate_->ToJson();
    return out;
  }

 private:
  std::shared_ptr<const Function> adapter_;
  SharedPredicate predicate_;
};

Result<PredicatePtr> ParseAdapted(const Json& json, std::string_view path) {
  std::shared_ptr<const Function> adapter;
  if (const Json* f = json_fields::Find(json, "inputAdapter"); f != nullptr && !f->is_null()) {
    QUARRY_ASSIGN_OR_RETURN(adapter, ParseFunction(*f, json_fields::Join(path, "inputAdapter")));
  }
  QUARRY_ASSIGN_OR_RETURN(PredicatePtr predicate,
                          ReadPredicateField(json, "predicate", path, true));
  return PredicatePtr(std::make_unique<Adapted>(std::move(adapter), std::move(predicate)));
}

}  // namespace

void AddLogicalPredicates(std::vector<PredicateClass>* out) {
  out->push_back({kNot, ParseNot, kGenericInput});
  out->push_back({kAnd, ParseComposite<true>, kGenericInput});
  out->push_back({kOr, ParseComposite<false>, kGenericInput});
  out->push_back({kIf, ParseIf, kGenericInput});
  out->push_back({kIntegerTupleAdapted, ParseIntegerTupleAdapted, "java.lang.Integer"});
  out->push_back({kAdapted, ParseAdapted, kGenericInput});
}

}  // namespace quarry::internal
