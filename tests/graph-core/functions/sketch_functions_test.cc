// Gaffer's ToHllSketchTest / ToHyperLogLogPlusTest and their Iterable
// forms: a sketch of the input whose estimate is the number of distinct
// non-null values offered.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "graph-core/hll_sketch.h"
#include "graph-core/hyper_log_log_plus.h"
#include "tests/graph-core/functions/function_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Call;
using ::quarry::testing::ParseFn;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

TEST(ToHllSketchTest, SketchOfOneValue) {
  auto fn = ParseFn(R"({"class":"ToHllSketch"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::String("a")}));
  ASSERT_EQ(v.type(), ValueType::kHllSketch);
  EXPECT_EQ(v.AsSketch().lg_k(), HllSketch::kDefaultLgK);
  EXPECT_NEAR(v.AsSketch().Estimate(), 1.0, 0.01);
  ASSERT_OK_AND_ASSIGN(Value empty, Call(*fn, {Value()}));
  EXPECT_NEAR(empty.AsSketch().Estimate(), 0.0, 0.01);
  // Each call starts afresh (Java's function would keep accumulating).
  ASSERT_OK_AND_ASSIGN(Value again, Call(*fn, {Value::Int64(5)}));
  EXPECT_NEAR(again.AsSketch().Estimate(), 1.0, 0.01);
  EXPECT_EQ(fn->ToJson(), Json::parse(R"({"class":
      "uk.gov.gchq.gaffer.sketches.datasketches.cardinality.function.ToHllSketch"})"));
  auto k = ParseFn(R"({"class":"ToHllSketch","logK":12})");
  ASSERT_NE(k, nullptr);
  ASSERT_OK_AND_ASSIGN(Value k12, Call(*k, {Value::String("a")}));
  EXPECT_EQ(k12.AsSketch().lg_k(), 12);
  EXPECT_EQ(k->ToJson()["logK"], 12);
}

TEST(ToHllSketchTest, IterableCountsDistinctNonNullItems) {
  auto fn = ParseFn(R"({"class":"IterableToHllSketch"})");
  ASSERT_NE(fn, nullptr);
  ValueList items;
  for (int i = 0; i < 100; ++i) items.push_back(Value::Int32(i % 50));
  items.push_back(Value());
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::List(std::move(items))}));
  EXPECT_NEAR(v.AsSketch().Estimate(), 50.0, 5.0);
  EXPECT_THAT(Call(*fn, {Value::String("x")}), StatusIs(StatusCode::kInvalidArgument));
}

TEST(ToHyperLogLogPlusTest, PrecisionFromP) {
  auto fn = ParseFn(R"({"class":"ToHyperLogLogPlus","p":10,"sp":12})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::String("a")}));
  ASSERT_EQ(v.type(), ValueType::kHyperLogLogPlus);
  EXPECT_EQ(v.AsHyperLogLogPlus().p(), 10);
  EXPECT_EQ(v.AsHyperLogLogPlus().sp(), 12);
  EXPECT_EQ(v.AsHyperLogLogPlus().Cardinality(), 1);
  EXPECT_EQ(fn->ToJson(), Json::parse(R"({"class":
      "uk.gov.gchq.gaffer.sketches.clearspring.cardinality.function.ToHyperLogLogPlus",
      "p":10,"sp":12})"));
  auto iterable = ParseFn(R"({"class":"IterableToHyperLogLogPlus"})");
  ASSERT_NE(iterable, nullptr);
  ASSERT_OK_AND_ASSIGN(
      Value two,
      Call(*iterable, {Value::List({Value::String("a"), Value::String("b"), Value::String("a")})}));
  EXPECT_EQ(two.AsHyperLogLogPlus().p(), 5);
  EXPECT_EQ(two.AsHyperLogLogPlus().sp(), 5);
  EXPECT_EQ(two.AsHyperLogLogPlus().Cardinality(), 2);
  auto bad = ParseFunction(Json::parse(R"({"class":"ToHyperLogLogPlus","p":30})"), "f");
  EXPECT_THAT(bad.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "f.p"));
  // clearspring: p may not exceed sp (unless sp is 0).
  bad = ParseFunction(Json::parse(R"({"class":"ToHyperLogLogPlus","p":8,"sp":6})"), "f");
  EXPECT_THAT(bad.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "between 4 and sp"));
}

// Gaffer's ToHyperLogLogPlusTest and IterableToHyperLogLogPlusTest.
TEST(ToHyperLogLogPlusTest, GaffersCardinalities) {
  auto to = ParseFn(R"({"class":"ToHyperLogLogPlus"})");
  auto iterable = ParseFn(R"({"class":"IterableToHyperLogLogPlus"})");
  ASSERT_NE(to, nullptr);
  ASSERT_NE(iterable, nullptr);
  auto cardinality = [](const Function& fn, Value input) {
    Result<Value> v = Call(fn, {std::move(input)});
    EXPECT_TRUE(v.ok()) << v.status().message();
    return v.ok() ? v->AsHyperLogLogPlus().Cardinality() : -1;
  };
  EXPECT_EQ(cardinality(*to, Value()), 0);
  EXPECT_EQ(cardinality(*to, Value::String("input")), 1);
  EXPECT_EQ(cardinality(*iterable, Value()), 0);
  auto strings = [](std::initializer_list<const char*> items) {
    ValueList list;
    for (const char* item : items) list.push_back(Value::String(item));
    return Value::List(std::move(list));
  };
  EXPECT_EQ(cardinality(*iterable, strings({"one", "two", "three", "four", "five"})), 5);
  EXPECT_EQ(cardinality(*iterable, strings({"one", "one", "two", "two", "three"})), 3);
}

}  // namespace
}  // namespace quarry
