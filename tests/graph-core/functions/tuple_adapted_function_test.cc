// gaffer-doc's "FunctionChain using tuple adapted functions" example: the
// tuple [s, null, null] becomes [s, upper(s), {upper(s)}].
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/graph-core/functions/function_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Call;
using ::quarry::testing::ParseFn;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

constexpr const char* kChain = R"({
  "class" : "FunctionChain",
  "functions" : [ {
    "class" : "TupleAdaptedFunction",
    "selection" : [ 0 ],
    "function" : {"class" : "ToUpperCase"},
    "projection" : [ 1 ]
  }, {
    "class" : "TupleAdaptedFunction",
    "selection" : [ 1 ],
    "function" : {"class" : "uk.gov.gchq.koryphe.impl.function.ToSet"},
    "projection" : [ 2 ]
  } ]
})";

TEST(TupleAdaptedFunctionTest, DocumentedChain) {
  auto fn = ParseFn(kChain);
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::String("someString"), Value(), Value()}));
  EXPECT_EQ(v, Value::List({Value::String("someString"), Value::String("SOMESTRING"),
                            Value::HashSet({Value::String("SOMESTRING")})}));
  ASSERT_OK_AND_ASSIGN(Value n, Call(*fn, {Value::Int32(1234), Value(), Value()}));
  EXPECT_EQ(n, Value::List({Value::Int32(1234), Value::String("1234"),
                            Value::HashSet({Value::String("1234")})}));
  ASSERT_OK_AND_ASSIGN(Value nulls, Call(*fn, {Value(), Value(), Value()}));
  EXPECT_EQ(nulls, Value::List({Value(), Value(), Value::HashSet({Value()})}));
  Json json = fn->ToJson();
  EXPECT_EQ(json["functions"][0]["class"],
            "uk.gov.gchq.koryphe.tuple.function.TupleAdaptedFunction");
  EXPECT_EQ(json["functions"][0]["selection"], Json::parse("[0]"));
  EXPECT_EQ(json["functions"][1]["projection"], Json::parse("[2]"));
}

TEST(TupleAdaptedFunctionTest, SpreadsListOutputsAndGrowsTheTuple) {
  auto fn = ParseFn(R"({"class":"TupleAdaptedFunction","selection":[0],
                        "function":{"class":"DivideBy","by":3},"projection":[1,2]})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::Int32(7)}));
  EXPECT_EQ(v, Value::List({Value::Int32(7), Value::Int32(2), Value::Int32(1)}));
}

TEST(TupleAdaptedFunctionTest, BadFields) {
  auto bad = ParseFunction(
      Json::parse(R"({"class":"TupleAdaptedFunction","selection":[-1],"projection":[0],
                      "function":{"class":"Identity"}})"),
      "f");
  EXPECT_THAT(bad.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "f.selection[0]"));
  auto empty = ParseFn(R"({"class":"TupleAdaptedFunction"})");
  ASSERT_NE(empty, nullptr);
  EXPECT_THAT(Call(*empty, {Value::Int32(1)}), StatusIs(StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace quarry
