// Gaffer's time library aggregators: RBMBackedTimestampSetAggregator (the
// union of two sets) and BoundedTimestampSetAggregator (the union, sampled
// once it holds more than the maximum size); both refuse sets of different
// time buckets (and maximum sizes), as Gaffer's do.
#include <memory>

#include "graph-core/operators/internal/koryphe_operator.h"
#include "graph-core/timestamp_set.h"

namespace quarry::operators_internal {
namespace {

class TimestampSetAggregator final : public KorypheOperator {
 public:
  TimestampSetAggregator(std::string_view class_name, ValueType type)
      : KorypheOperator(class_name), type_(type) {}

  bool Accepts(ValueType type) const override { return type == type_; }

 protected:
  // On a copy: Values share their sets.
  Status Combine(Value* state, const Value& input) const override {
    auto merged = std::make_shared<TimestampSet>(state->AsTimestampSet());
    QUARRY_RETURN_IF_ERROR(merged->Merge(input.AsTimestampSet()));
    *state = Value::TimestampSet(std::move(merged));
    return Status::OK();
  }

 private:
  ValueType type_;
};

}  // namespace

std::unique_ptr<BinaryOperator> MakeRbmBackedTimestampSetAggregator() {
  return std::make_unique<TimestampSetAggregator>(
      "uk.gov.gchq.gaffer.time.binaryoperator.RBMBackedTimestampSetAggregator",
      ValueType::kRbmTimestampSet);
}

std::unique_ptr<BinaryOperator> MakeBoundedTimestampSetAggregator() {
  return std::make_unique<TimestampSetAggregator>(
      "uk.gov.gchq.gaffer.time.binaryoperator.BoundedTimestampSetAggregator",
      ValueType::kBoundedTimestampSet);
}

}  // namespace quarry::operators_internal
