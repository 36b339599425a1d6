// gaffer-doc's VisibilityAggregator and ExampleTuple2BinaryOperator
// (contracts in gaffer_doc_operators.h).
#include "graph-core/operators/gaffer_doc_operators.h"

#include <string>
#include <vector>

#include "graph-core/element.h"
#include "graph-core/operators/internal/koryphe_operator.h"

namespace quarry {
namespace {

constexpr std::string_view kPublic = "public";
constexpr std::string_view kPrivate = "private";

class VisibilityAggregator final : public operators_internal::KorypheOperator {
 public:
  VisibilityAggregator() : KorypheOperator(kVisibilityAggregatorClass) {}

  bool Accepts(ValueType type) const override { return type == ValueType::kString; }

 protected:
  Status Combine(Value* state, const Value& input) const override {
    QUARRY_RETURN_IF_ERROR(CheckVisibility(*state));
    QUARRY_RETURN_IF_ERROR(CheckVisibility(input));
    bool is_private = state->AsString() == kPrivate || input.AsString() == kPrivate;
    *state = Value::String(std::string(is_private ? kPrivate : kPublic));
    return Status::OK();
  }

 private:
  Status CheckVisibility(const Value& value) const {
    if (value.AsString() == kPublic || value.AsString() == kPrivate) return Status::OK();
    return InvalidArgumentError(std::string(class_name()) +
                                ": visibility must be 'public' or 'private', not '" +
                                value.AsString() + "'");
  }
};

bool AllNull(const std::vector<Value>& tuple) {
  for (const Value& v : tuple) {
    if (!v.is_null()) return false;
  }
  return true;
}

class ExampleTuple2BinaryOperator final : public BinaryOperator {
 public:
  Status Apply(Value* /*state*/, const Value& /*input*/) const override {
    return InvalidArgumentError(std::string(kExampleTuple2BinaryOperatorClass) +
                                " is a tuple operator: it combines 2 selected properties "
                                "together, not one value");
  }
  bool Accepts(ValueType /*type*/) const override { return true; }
  bool IsOrderSensitive() const override { return true; }
  bool IsTupleOperator() const override { return true; }
  size_t TupleSize() const override { return 2; }

  Status ApplyTuple(std::vector<Value>* state, const std::vector<Value>& input) const override {
    if (state->size() != 2 || input.size() != 2) {
      return InvalidArgumentError(
          std::string(kExampleTuple2BinaryOperatorClass) + " needs tuples of 2 values, got " +
          std::to_string(state->size()) + " and " + std::to_string(input.size()));
    }
    if (AllNull(input)) return Status::OK();
    if (AllNull(*state) || CompareForEdgeOrder((*state)[0], input[0]) < 0) *state = input;
    return Status::OK();
  }

  Json ToJson() const override {
    return Json{{"class", std::string(kExampleTuple2BinaryOperatorClass)}};
  }
};

}  // namespace

std::unique_ptr<BinaryOperator> MakeVisibilityAggregator() {
  return std::make_unique<VisibilityAggregator>();
}

std::unique_ptr<BinaryOperator> MakeExampleTuple2BinaryOperator() {
  return std::make_unique<ExampleTuple2BinaryOperator>();
}

}  // namespace quarry
