// Shared base and factories for the binary operators in graph-core/operators/.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/binary_operator.h"

namespace quarry::operators_internal {

// koryphe's KorypheBinaryOperator: null-skipping and type checks around
// Combine(), which sees two non-null values of accepted types.
class KorypheOperator : public BinaryOperator {
 public:
  // `class_name` is the full Java class name; must outlive the operator
  // (callers pass string literals).
  explicit KorypheOperator(std::string_view class_name) : class_name_(class_name) {}

  Status Apply(Value* state, const Value& input) const final;
  Json ToJson() const override { return Json{{"class", std::string(class_name_)}}; }

 protected:
  // REQUIRES: neither value is null and Accepts() both types.
  virtual Status Combine(Value* state, const Value& input) const = 0;

  std::string_view class_name() const { return class_name_; }
  // InvalidArgument: the two values cannot be combined (e.g. Integer and Long).
  Status Mismatch(const Value& state, const Value& input) const;

 private:
  Status Unsupported(const Value& value) const;

  std::string_view class_name_;
};

inline constexpr std::string_view kKorypheOperatorPackage =
    "uk.gov.gchq.koryphe.impl.binaryoperator.";

std::unique_ptr<BinaryOperator> MakeSum();
std::unique_ptr<BinaryOperator> MakeProduct();
std::unique_ptr<BinaryOperator> MakeMax();
std::unique_ptr<BinaryOperator> MakeMin();
std::unique_ptr<BinaryOperator> MakeFirst();
std::unique_ptr<BinaryOperator> MakeLast();
std::unique_ptr<BinaryOperator> MakeAnd();
std::unique_ptr<BinaryOperator> MakeOr();
std::unique_ptr<BinaryOperator> MakeStringConcat(std::string separator);
std::unique_ptr<BinaryOperator> MakeStringDeduplicateConcat(std::string separator);
std::unique_ptr<BinaryOperator> MakeCollectionConcat();
std::unique_ptr<BinaryOperator> MakeIterableMerge();
std::unique_ptr<BinaryOperator> MakeCollectionIntersect();
std::unique_ptr<BinaryOperator> MakeFreqMapAggregator();
std::unique_ptr<BinaryOperator> MakeHyperLogLogPlusAggregator();
std::unique_ptr<BinaryOperator> MakeHllSketchAggregator();
// time_operators.cc
std::unique_ptr<BinaryOperator> MakeRbmBackedTimestampSetAggregator();
std::unique_ptr<BinaryOperator> MakeBoundedTimestampSetAggregator();
std::unique_ptr<BinaryOperator> MakeLongTimeSeriesAggregator();

// One binary operator class ParseBinaryOperator accepts: its full Java name
// and the factory reading its JSON fields.
using OperatorFactory =
    std::function<Result<std::unique_ptr<BinaryOperator>>(const Json&, std::string_view)>;
struct OperatorClass {
  std::string_view full_name;
  OperatorFactory factory;
};

// Every binary operator class ParseBinaryOperator accepts (the class
// catalogue lists the same table).
const std::vector<OperatorClass>& OperatorClasses();

}  // namespace quarry::operators_internal
