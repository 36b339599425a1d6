// koryphe's Max, Min, First, Last, And and Or binary operators.
#include "graph-core/operators/internal/koryphe_operator.h"

namespace quarry::operators_internal {
namespace {

// Max and Min: compareTo within one class; a tie keeps the state.
class ExtremumOperator final : public KorypheOperator {
 public:
  ExtremumOperator(std::string_view class_name, bool max)
      : KorypheOperator(class_name), max_(max) {}

  bool Accepts(ValueType type) const override { return IsJavaComparable(type); }

 protected:
  Status Combine(Value* state, const Value& input) const override {
    if (state->type() != input.type()) return Mismatch(*state, input);
    int c = input.Compare(*state);
    if (max_ ? c > 0 : c < 0) *state = input;
    return Status::OK();
  }

 private:
  bool max_;
};

// First keeps the state; Last takes the input.
class PositionalOperator final : public KorypheOperator {
 public:
  PositionalOperator(std::string_view class_name, bool last)
      : KorypheOperator(class_name), last_(last) {}

  bool Accepts(ValueType /*type*/) const override { return true; }
  bool IsOrderSensitive() const override { return true; }

 protected:
  Status Combine(Value* state, const Value& input) const override {
    if (last_) *state = input;
    return Status::OK();
  }

 private:
  bool last_;
};

class BooleanOperator final : public KorypheOperator {
 public:
  BooleanOperator(std::string_view class_name, bool is_and)
      : KorypheOperator(class_name), is_and_(is_and) {}

  bool Accepts(ValueType type) const override { return type == ValueType::kBool; }

 protected:
  Status Combine(Value* state, const Value& input) const override {
    bool a = state->AsBool();
    bool b = input.AsBool();
    *state = Value::Bool(is_and_ ? (a && b) : (a || b));
    return Status::OK();
  }

 private:
  bool is_and_;
};

}  // namespace

std::unique_ptr<BinaryOperator> MakeMax() {
  return std::make_unique<ExtremumOperator>("uk.gov.gchq.koryphe.impl.binaryoperator.Max", true);
}
std::unique_ptr<BinaryOperator> MakeMin() {
  return std::make_unique<ExtremumOperator>("uk.gov.gchq.koryphe.impl.binaryoperator.Min", false);
}
std::unique_ptr<BinaryOperator> MakeFirst() {
  return std::make_unique<PositionalOperator>("uk.gov.gchq.koryphe.impl.binaryoperator.First",
                                              false);
}
std::unique_ptr<BinaryOperator> MakeLast() {
  return std::make_unique<PositionalOperator>("uk.gov.gchq.koryphe.impl.binaryoperator.Last", true);
}
std::unique_ptr<BinaryOperator> MakeAnd() {
  return std::make_unique<BooleanOperator>("uk.gov.gchq.koryphe.impl.binaryoperator.And", true);
}
std::unique_ptr<BinaryOperator> MakeOr() {
  return std::make_unique<BooleanOperator>("uk.gov.gchq.koryphe.impl.binaryoperator.Or", false);
}

}  // namespace quarry::operators_internal
