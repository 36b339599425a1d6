// Gaffer's time library aggregators: RBMBackedTimestampSetAggregator (the
// union of two sets) and BoundedTimestampSetAggregator (the union, sampled
// once it holds more than the maximum size); both refuse sets of different
// time buckets (and maximum sizes), as Gaffer's do. And
// LongTimeSeriesAggregator: the sum, bucket by bucket, of two series of one
// time bucket.
#include <memory>

#include "graph-core/long_time_series.h"
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

class LongTimeSeriesAggregator final : public KorypheOperator {
 public:
  LongTimeSeriesAggregator()
      : KorypheOperator("uk.gov.gchq.gaffer.time.binaryoperator.LongTimeSeriesAggregator") {}

  bool Accepts(ValueType type) const override { return type == ValueType::kLongTimeSeries; }

 protected:
  // On a copy: Values share their series.
  Status Combine(Value* state, const Value& input) const override {
    auto merged = std::make_shared<LongTimeSeries>(state->AsLongTimeSeries());
    QUARRY_RETURN_IF_ERROR(merged->Merge(input.AsLongTimeSeries()));
    *state = Value::LongTimeSeries(std::move(merged));
    return Status::OK();
  }
};

}  // namespace

std::unique_ptr<BinaryOperator> MakeLongTimeSeriesAggregator() {
  return std::make_unique<LongTimeSeriesAggregator>();
}

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
