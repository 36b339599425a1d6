// koryphe's Sum and Product (NumericAggregateFunction).
//
// The first argument's class picks the arithmetic; both arguments must have
// that class. Integer and Long wrap on overflow as Java does: the arithmetic is
// done on the unsigned type of the same width, where wrapping is defined, and
// converted back (modular since C++20).
#include <cstdint>

#include "graph-core/operators/internal/koryphe_operator.h"

namespace quarry::operators_internal {
namespace {

enum class NumericOp { kSum, kProduct };

template <typename Signed, typename Unsigned>
Signed WrapApply(NumericOp op, Signed a, Signed b) {
  Unsigned ua = static_cast<Unsigned>(a);
  Unsigned ub = static_cast<Unsigned>(b);
  Unsigned r =
      op == NumericOp::kSum ? static_cast<Unsigned>(ua + ub) : static_cast<Unsigned>(ua * ub);
  return static_cast<Signed>(r);
}

template <typename F>
F FloatApply(NumericOp op, F a, F b) {
  return op == NumericOp::kSum ? a + b : a * b;
}

// koryphe's aggregateShort: the int result capped at Short.MAX_VALUE (with
// a warning in Java); below Short.MIN_VALUE it wraps, as the cast does.
int16_t ShortApply(NumericOp op, int16_t a, int16_t b) {
  const int32_t wide = op == NumericOp::kSum ? int32_t{a} + b : int32_t{a} * b;
  if (wide > INT16_MAX) return INT16_MAX;
  return static_cast<int16_t>(static_cast<uint16_t>(static_cast<uint32_t>(wide)));
}

class NumericOperator final : public KorypheOperator {
 public:
  NumericOperator(std::string_view class_name, NumericOp op)
      : KorypheOperator(class_name), op_(op) {}

  bool Accepts(ValueType type) const override {
    return type == ValueType::kInt32 || type == ValueType::kInt64 || type == ValueType::kFloat ||
           type == ValueType::kDouble || type == ValueType::kInt16;
  }

 protected:
  Status Combine(Value* state, const Value& input) const override {
    if (state->type() != input.type()) return Mismatch(*state, input);
    switch (state->type()) {
      case ValueType::kInt32:
        *state = Value::Int32(WrapApply<int32_t, uint32_t>(op_, state->AsInt32(), input.AsInt32()));
        break;
      case ValueType::kInt64:
        *state = Value::Int64(WrapApply<int64_t, uint64_t>(op_, state->AsInt64(), input.AsInt64()));
        break;
      case ValueType::kInt16:
        *state = Value::Int16(ShortApply(op_, state->AsInt16(), input.AsInt16()));
        break;
      case ValueType::kFloat:
        *state = Value::Float(FloatApply(op_, state->AsFloat(), input.AsFloat()));
        break;
      case ValueType::kDouble:
        *state = Value::Double(FloatApply(op_, state->AsDouble(), input.AsDouble()));
        break;
      default:
        return Mismatch(*state, input);
    }
    return Status::OK();
  }

 private:
  NumericOp op_;
};

}  // namespace

std::unique_ptr<BinaryOperator> MakeSum() {
  return std::make_unique<NumericOperator>("uk.gov.gchq.koryphe.impl.binaryoperator.Sum",
                                           NumericOp::kSum);
}

std::unique_ptr<BinaryOperator> MakeProduct() {
  return std::make_unique<NumericOperator>("uk.gov.gchq.koryphe.impl.binaryoperator.Product",
                                           NumericOp::kProduct);
}

}  // namespace quarry::operators_internal
