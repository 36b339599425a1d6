// Expected values from gaffer-doc's koryphe-functions reference: the If
// (StringContains "upper"), IterableFilter (IsMoreThan 5), IterableFunction
// (MultiplyBy 2 then 4), FirstValid and FunctionChain examples.
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

Value Ints(std::vector<int> items) {
  ValueList out;
  for (int i : items) out.push_back(Value::Int32(i));
  return Value::List(std::move(out));
}

constexpr const char* kIfJson = R"({
  "class" : "uk.gov.gchq.koryphe.impl.function.If",
  "predicate" : {"class" : "StringContains", "value" : "upper", "ignoreCase" : false},
  "then" : {"class" : "ToUpperCase"},
  "otherwise" : {"class" : "ToLowerCase"}})";

TEST(IfTest, DocumentedUpperOrLower) {
  auto fn = ParseFn(kIfJson);
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value up, Call(*fn, {Value::String("Convert me to upper case")}));
  EXPECT_EQ(up, Value::String("CONVERT ME TO UPPER CASE"));
  ASSERT_OK_AND_ASSIGN(Value low, Call(*fn, {Value::String("Convert me to lower case")}));
  EXPECT_EQ(low, Value::String("convert me to lower case"));
  ASSERT_OK_AND_ASSIGN(Value empty, Call(*fn, {Value::String("")}));
  EXPECT_EQ(empty, Value::String(""));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
  Json json = fn->ToJson();
  EXPECT_EQ(json["class"], "uk.gov.gchq.koryphe.impl.function.If");
  EXPECT_EQ(json["then"]["class"], "uk.gov.gchq.koryphe.impl.function.ToUpperCase");
  EXPECT_EQ(json["predicate"]["value"], "upper");
  EXPECT_FALSE(json.contains("condition"));
}

TEST(IfTest, ConditionWinsAndMissingBranchReturnsInput) {
  auto fn = ParseFn(R"({"class":"If","condition":false,
                        "predicate":{"class":"Exists"},"then":{"class":"ToNull"}})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::Int32(3)}));
  EXPECT_EQ(v, Value::Int32(3));  // condition false, no otherwise: the input
  EXPECT_EQ(fn->ToJson()["condition"], false);
  // Several inputs: the predicate sees them all; the input comes back as a list.
  auto pair = ParseFn(R"({"class":"If","predicate":{"class":"IsXLessThanY"},
                          "then":{"class":"Concat","separator":"<"}})");
  ASSERT_NE(pair, nullptr);
  ASSERT_OK_AND_ASSIGN(Value less, Call(*pair, {Value::Int32(1), Value::Int32(2)}));
  EXPECT_EQ(less, Value::String("1<2"));
  ASSERT_OK_AND_ASSIGN(Value more, Call(*pair, {Value::Int32(3), Value::Int32(2)}));
  EXPECT_EQ(more, Ints({3, 2}));
}

TEST(IfTest, BadNestedPartsNameTheirPath) {
  auto bad_then = ParseFunction(Json::parse(R"({"class":"If","then":{"class":"Nope"}})"), "t");
  EXPECT_THAT(bad_then.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "t.then.class"));
  auto bad_predicate =
      ParseFunction(Json::parse(R"({"class":"If","predicate":{"class":"Nope"}})"), "t");
  EXPECT_THAT(bad_predicate.status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "t.predicate"));
  auto bad_condition = ParseFunction(Json::parse(R"({"class":"If","condition":"yes"})"), "t");
  EXPECT_THAT(bad_condition.status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "t.condition"));
}

TEST(FunctionChainTest, AppliesInTurn) {
  auto fn = ParseFn(R"({"class":"FunctionChain","functions":[
      {"class":"ToLowerCase"},{"class":"ToTypeSubTypeValue"}]})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::String("UPPER")}));
  EXPECT_EQ(v, Value::TypeSubTypeValue("", "", "upper"));
  ASSERT_OK_AND_ASSIGN(Value n, Call(*fn, {Value::Int32(12)}));
  EXPECT_EQ(n, Value::TypeSubTypeValue("", "", "12"));
  Json json = fn->ToJson();
  ASSERT_EQ(json["functions"].size(), 2u);
  EXPECT_EQ(json["functions"][1]["class"], "uk.gov.gchq.gaffer.types.function.ToTypeSubTypeValue");
  auto bad = ParseFunction(
      Json::parse(R"({"class":"FunctionChain","functions":[{"class":"Identity"},{}]})"), "c");
  EXPECT_THAT(bad.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "c.functions[1]"));
  auto empty = ParseFn(R"({"class":"FunctionChain"})");
  ASSERT_NE(empty, nullptr);
  ASSERT_OK_AND_ASSIGN(Value same, Call(*empty, {Value::Int64(4)}));
  EXPECT_EQ(same, Value::Int64(4));
}

TEST(IterableFunctionTest, MapsEveryItem) {
  auto fn = ParseFn(R"({"class":"IterableFunction","functions":[
      {"class":"MultiplyBy","by":2},{"class":"MultiplyBy","by":4}]})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Ints({2, 4, 10})}));
  EXPECT_EQ(v, Ints({16, 32, 80}));
  ASSERT_OK_AND_ASSIGN(Value nulls, Call(*fn, {Value::List({Value::Int32(1), Value()})}));
  EXPECT_EQ(nulls, Value::List({Value::Int32(8), Value()}));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
  EXPECT_THAT(Call(*fn, {Value::List({Value::String("x")})}),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(IterableFilterTest, KeepsAcceptedItems) {
  auto fn = ParseFn(R"({"class":"IterableFilter",
                        "predicate":{"class":"IsMoreThan","orEqualTo":false,"value":5}})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value a, Call(*fn, {Ints({1, 2, 3})}));
  EXPECT_EQ(a, Ints({}));
  ASSERT_OK_AND_ASSIGN(Value b, Call(*fn, {Ints({5, 10, 15})}));
  EXPECT_EQ(b, Ints({10, 15}));
  ASSERT_OK_AND_ASSIGN(Value c,
                       Call(*fn, {Value::List({Value::Int32(1), Value(), Value::Int32(3)})}));
  EXPECT_EQ(c, Ints({}));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
  EXPECT_EQ(fn->ToJson()["predicate"]["class"], "uk.gov.gchq.koryphe.impl.predicate.IsMoreThan");
}

TEST(FirstValidTest, FirstAcceptedOrNull) {
  auto fn = ParseFn(R"({"class":"FirstValid",
                        "predicate":{"class":"StringContains","value":"my","ignoreCase":false}})");
  ASSERT_NE(fn, nullptr);
  auto strs = [](std::vector<const char*> items) {
    ValueList out;
    for (const char* s : items) out.push_back(Value::String(s));
    return Value::List(std::move(out));
  };
  ASSERT_OK_AND_ASSIGN(Value a, Call(*fn, {strs({"Hello", "my", "value"})}));
  EXPECT_EQ(a, Value::String("my"));
  ASSERT_OK_AND_ASSIGN(Value b, Call(*fn, {strs({"MY", "tummy", "my", "My"})}));
  EXPECT_EQ(b, Value::String("tummy"));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
  auto none = ParseFn(R"({"class":"FirstValid"})");
  ASSERT_NE(none, nullptr);
  ASSERT_OK_AND_ASSIGN(Value c, Call(*none, {strs({"a", "b"})}));
  EXPECT_TRUE(c.is_null());
}

}  // namespace
}  // namespace quarry

namespace quarry {
namespace {

// koryphe's ApplyBiFunctionTest: a BinaryOperator (Sum) with koryphe's
// null-skipping, or a two-input function (Concat); null without a function.
TEST(ApplyBiFunctionTest, BinaryOperatorOrTwoInputFunction) {
  auto sum = testing::ParseFn(R"({"class":"uk.gov.gchq.koryphe.impl.function.ApplyBiFunction",
      "function":{"class":"uk.gov.gchq.koryphe.impl.binaryoperator.Sum"}})");
  ASSERT_NE(sum, nullptr);
  ASSERT_OK_AND_ASSIGN(Value three, testing::Call(*sum, {Value::Int64(1), Value::Int64(2)}));
  EXPECT_EQ(three, Value::Int64(3));
  ASSERT_OK_AND_ASSIGN(Value one, testing::Call(*sum, {Value::Int64(1), Value()}));
  EXPECT_EQ(one, Value::Int64(1));
  EXPECT_EQ(sum->ToJson()["function"]["class"], "uk.gov.gchq.koryphe.impl.binaryoperator.Sum");
  auto concat = testing::ParseFn(R"({"class":"ApplyBiFunction",
      "function":{"class":"Concat","separator":"-"}})");
  ASSERT_NE(concat, nullptr);
  ASSERT_OK_AND_ASSIGN(Value joined,
                       testing::Call(*concat, {Value::String("a"), Value::String("b")}));
  EXPECT_EQ(joined, Value::String("a-b"));
  auto none = testing::ParseFn(R"({"class":"ApplyBiFunction"})");
  ASSERT_NE(none, nullptr);
  ASSERT_OK_AND_ASSIGN(Value null, testing::Call(*none, {Value::Int64(1), Value::Int64(2)}));
  EXPECT_TRUE(null.is_null());
  // A known operator with a bad field is reported as that operator's error.
  EXPECT_THAT(ParseFunction(Json::parse(R"({"class":"ApplyBiFunction",
      "function":{"class":"StringConcat","separator":7}})"),
                            "fn")
                  .status(),
              testing::StatusIsWithMessage(StatusCode::kInvalidArgument, "fn.function.separator"));
  EXPECT_THAT(ParseFunction(Json::parse(R"({"class":"ApplyBiFunction",
      "function":{"class":"NoSuchThing"}})"),
                            "fn")
                  .status(),
              testing::StatusIsWithMessage(StatusCode::kInvalidArgument, "fn.function"));
}

}  // namespace
}  // namespace quarry
