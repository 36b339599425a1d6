// Value tests and comparisons: Exists, IsTrue, IsFalse, IsEqual, IsMoreThan,
// IsLessThan, and the two-input IsXLessThanY, IsXMoreThanY and AreEqual.
//
// Comparisons are class-strict as in koryphe: the input's class must be the
// control value's class (an Integer control never matches a Long input), and
// equality is Java equals() (Value's operator==).
#include "graph-core/internal/json_value_util.h"
#include "graph-core/predicates/internal/predicate_util.h"

namespace quarry::internal {
namespace {

constexpr std::string_view kExists = "uk.gov.gchq.koryphe.impl.predicate.Exists";
constexpr std::string_view kIsTrue = "uk.gov.gchq.koryphe.impl.predicate.IsTrue";
constexpr std::string_view kIsFalse = "uk.gov.gchq.koryphe.impl.predicate.IsFalse";
constexpr std::string_view kIsEqual = "uk.gov.gchq.koryphe.impl.predicate.IsEqual";
constexpr std::string_view kIsMoreThan = "uk.gov.gchq.koryphe.impl.predicate.IsMoreThan";
constexpr std::string_view kIsLessThan = "uk.gov.gchq.koryphe.impl.predicate.IsLessThan";
constexpr std::string_view kIsXLessThanY = "uk.gov.gchq.koryphe.impl.predicate.IsXLessThanY";
constexpr std::string_view kIsXMoreThanY = "uk.gov.gchq.koryphe.impl.predicate.IsXMoreThanY";
constexpr std::string_view kAreEqual = "uk.gov.gchq.koryphe.impl.predicate.AreEqual";

// A predicate with no fields, defined by a test on its arguments.
class FieldlessPredicate : public Predicate {
 public:
  using TestFn = bool (*)(ValueRefs args);
  FieldlessPredicate(std::string_view name, TestFn test) : name_(name), test_(test) {}
  bool Test(ValueRefs args) const override { return test_(args); }
  Json ToJson() const override { return ClassJson(name_); }

 private:
  std::string_view name_;
  TestFn test_;
};

bool ExistsTest(ValueRefs args) { return !ArgAt(args, 0).is_null(); }
bool IsTrueTest(ValueRefs args) {
  const Value& v = ArgAt(args, 0);
  return v.type() == ValueType::kBool && v.AsBool();
}
bool IsFalseTest(ValueRefs args) {
  const Value& v = ArgAt(args, 0);
  return v.type() == ValueType::kBool && !v.AsBool();
}
// Both present, of one Comparable class; returns x.compareTo(y) in *cmp.
bool CompareXY(ValueRefs args, int* cmp) {
  const Value& x = ArgAt(args, 0);
  const Value& y = ArgAt(args, 1);
  if (x.is_null() || y.is_null() || x.type() != y.type() || !IsJavaComparable(x.type())) {
    return false;
  }
  *cmp = x.Compare(y);
  return true;
}
bool IsXLessThanYTest(ValueRefs args) {
  int cmp = 0;
  return CompareXY(args, &cmp) && cmp < 0;
}
bool IsXMoreThanYTest(ValueRefs args) {
  int cmp = 0;
  return CompareXY(args, &cmp) && cmp > 0;
}
bool AreEqualTest(ValueRefs args) { return ArgAt(args, 0) == ArgAt(args, 1); }

template <std::string_view const* kName, FieldlessPredicate::TestFn kTest>
Result<PredicatePtr> ParseFieldless(const Json&, std::string_view) {
  return PredicatePtr(std::make_unique<FieldlessPredicate>(*kName, kTest));
}

class IsEqual : public Predicate {
 public:
  explicit IsEqual(Value value) : value_(std::move(value)) {}
  bool Test(ValueRefs args) const override { return ArgAt(args, 0) == value_; }
  Json ToJson() const override {
    Json out = ClassJson(kIsEqual);
    if (!value_.is_null()) out["value"] = ValueToJson(value_);
    return out;
  }

 private:
  Value value_;
};

Result<PredicatePtr> ParseIsEqual(const Json& json, std::string_view path) {
  // A missing control value is null, which matches only a null input.
  QUARRY_ASSIGN_OR_RETURN(Value value, ReadValueField(json, "value", path, false));
  return PredicatePtr(std::make_unique<IsEqual>(std::move(value)));
}

// IsMoreThan (sign 1) and IsLessThan (sign -1).
class CompareToControl : public Predicate {
 public:
  CompareToControl(std::string_view name, int sign, Value value, bool or_equal_to)
      : name_(name), sign_(sign), value_(std::move(value)), or_equal_to_(or_equal_to) {}
  bool Test(ValueRefs args) const override {
    const Value& input = ArgAt(args, 0);
    if (input.type() != value_.type()) return false;  // also rejects null input
    int cmp = input.Compare(value_) * sign_;
    return or_equal_to_ ? cmp >= 0 : cmp > 0;
  }
  Json ToJson() const override {
    Json out = ClassJson(name_);
    out["orEqualTo"] = or_equal_to_;
    out["value"] = ValueToJson(value_);
    return out;
  }

 private:
  std::string_view name_;
  int sign_;
  Value value_;
  bool or_equal_to_;
};

template <std::string_view const* kName, int kSign>
Result<PredicatePtr> ParseCompareToControl(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(Value value, ReadValueField(json, "value", path, true));
  if (!IsJavaComparable(value.type())) {
    return JsonError(
        json_fields::Join(path, "value"),
        "a value of class '" + std::string(JavaClassName(value.type())) + "' is not Comparable");
  }
  QUARRY_ASSIGN_OR_RETURN(std::optional<bool> or_equal_to,
                          ReadOptionalBool(json, "orEqualTo", path));
  return PredicatePtr(std::make_unique<CompareToControl>(*kName, kSign, std::move(value),
                                                         or_equal_to.value_or(false)));
}

}  // namespace

void AddComparisonPredicates(std::vector<PredicateClass>* out) {
  out->push_back({kExists, ParseFieldless<&kExists, ExistsTest>, "java.lang.Object"});
  out->push_back({kIsTrue, ParseFieldless<&kIsTrue, IsTrueTest>, "java.lang.Boolean"});
  out->push_back({kIsFalse, ParseFieldless<&kIsFalse, IsFalseTest>, "java.lang.Boolean"});
  out->push_back({kIsXLessThanY, ParseFieldless<&kIsXLessThanY, IsXLessThanYTest>, kTupleInput});
  out->push_back({kIsXMoreThanY, ParseFieldless<&kIsXMoreThanY, IsXMoreThanYTest>, kTupleInput});
  out->push_back({kAreEqual, ParseFieldless<&kAreEqual, AreEqualTest>, kTupleInput});
  out->push_back({kIsEqual, ParseIsEqual, "java.lang.Object"});
  out->push_back({kIsMoreThan, ParseCompareToControl<&kIsMoreThan, 1>, "java.lang.Comparable"});
  out->push_back({kIsLessThan, ParseCompareToControl<&kIsLessThan, -1>, "java.lang.Comparable"});
}

}  // namespace quarry::internal
