#include <cmath>
#include <memory>

#include "graph-core/hll_sketch.h"
#include "graph-core/hyper_log_log_plus.h"
#include "graph-core/predicate.h"
#include "tests/graph-core/predicates/predicate_test_util.h"

namespace quarry {
namespace {

using ::quarry::testing::ExpectJsonRoundTrip;
using ::quarry::testing::Pred;
using ::quarry::testing::StatusIsWithMessage;
using ::quarry::testing::TryPred;

Value SketchOf(std::initializer_list<const char*> items) {
  auto sketch = std::make_shared<HllSketch>();
  for (const char* item : items) sketch->Update(item);
  return Value::Sketch(std::move(sketch));
}

TEST(SketchPredicateTest, HyperLogLogPlusIsLessThan) {
  auto sketch = std::make_shared<HyperLogLogPlus>(*HyperLogLogPlus::Create(5, 5));
  for (const char* item : {"a", "b", "c"}) sketch->Offer(item);
  Value three = Value::HyperLogLogPlus(std::move(sketch));
  ASSERT_EQ(three.AsHyperLogLogPlus().Cardinality(), 3);
  auto less4 = Pred(R"({"class": "HyperLogLogPlusIsLessThan", "value": 4})");
  auto less3 = Pred(
      R"({"class": "uk.gov.gchq.gaffer.sketches.clearspring.cardinality.predicate.HyperLogLogPlusIsLessThan",
                       "value": 3})");
  auto upto3 = Pred(R"({"class": "HyperLogLogPlusIsLessThan", "value": {"java.lang.Long": 3},
                       "orEqualTo": true})");
  EXPECT_TRUE(less4->Test(three));
  EXPECT_FALSE(less3->Test(three));
  EXPECT_TRUE(upto3->Test(three));
  EXPECT_FALSE(less4->Test(Value()));
  EXPECT_FALSE(less4->Test(Value::Int64(1)));
}

TEST(SketchPredicateTest, HllSketchIsLessThan) {
  Value empty = SketchOf({});
  Value two = SketchOf({"x", "y"});
  ASSERT_EQ(std::llround(two.AsSketch().Estimate()), 2);
  auto p = Pred(R"({"class": "HllSketchIsLessThan", "value": 2})");
  EXPECT_TRUE(p->Test(empty));
  EXPECT_FALSE(p->Test(two));
  EXPECT_THAT(TryPred(R"({"class": "HllSketchIsLessThan"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.value"));
  EXPECT_THAT(TryPred(R"({"class": "HllSketchIsLessThan", "value": "many"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.value"));
}

TEST(SketchPredicateTest, JsonRoundTrips) {
  ExpectJsonRoundTrip(
      R"({"class": "HllSketchIsLessThan", "value": 10})",
      R"({"class": "uk.gov.gchq.gaffer.sketches.datasketches.cardinality.predicate.HllSketchIsLessThan",
          "value": 10, "orEqualTo": false})");
  ExpectJsonRoundTrip(
      R"({"class": "HyperLogLogPlusIsLessThan", "value": 10, "orEqualTo": true})",
      R"({"class": "uk.gov.gchq.gaffer.sketches.clearspring.cardinality.predicate.HyperLogLogPlusIsLessThan",
          "value": 10, "orEqualTo": true})");
}

}  // namespace
}  // namespace quarry
