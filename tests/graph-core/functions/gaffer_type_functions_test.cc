#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/graph-core/functions/function_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Call;
using ::quarry::testing::ParseFn;
using ::quarry::testing::StatusIs;

// Gaffer's FreqMapExtractorTest: the key's count, or null when absent.
TEST(FreqMapExtractorTest, ExtractsTheKeysCount) {
  auto fn = ParseFn(R"({"class":"uk.gov.gchq.gaffer.types.function.FreqMapExtractor",
                        "key":"BUS"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value bus, Call(*fn, {Value::FreqMap({{"BUS", 1200}, {"CAR", 7}})}));
  EXPECT_EQ(bus, Value::Int64(1200));
  ASSERT_OK_AND_ASSIGN(Value missing, Call(*fn, {Value::FreqMap({{"CAR", 7}})}));
  EXPECT_TRUE(missing.is_null());
  ASSERT_OK_AND_ASSIGN(Value no_map, Call(*fn, {Value()}));
  EXPECT_TRUE(no_map.is_null());
  EXPECT_THAT(Call(*fn, {Value::String("BUS")}), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(fn->ToJson(),
            Json::parse(R"({"class":"uk.gov.gchq.gaffer.types.function.FreqMapExtractor",
                                          "key":"BUS"})"));
}

// gaffer-doc's ToFreqMap examples: {aString=1}, {100=1}, {20=1}.
TEST(ToFreqMapTest, CountsTheToString) {
  auto fn = ParseFn(R"({"class":"ToFreqMap"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value s, Call(*fn, {Value::String("aString")}));
  EXPECT_EQ(s, Value::FreqMap({{"aString", 1}}));
  ASSERT_OK_AND_ASSIGN(Value l, Call(*fn, {Value::Int64(100)}));
  EXPECT_EQ(l, Value::FreqMap({{"100", 1}}));
  ASSERT_OK_AND_ASSIGN(Value i, Call(*fn, {Value::Int32(20)}));
  EXPECT_EQ(i, Value::FreqMap({{"20", 1}}));
  // Java gives {null=1}; a Quarry FreqMap has String keys only.
  EXPECT_THAT(Call(*fn, {Value()}), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(fn->ToJson(),
            Json::parse(R"({"class":"uk.gov.gchq.gaffer.types.function.ToFreqMap"})"));
}

TEST(IterableToFreqMapTest, UpsertsEachString) {
  auto fn = ParseFn(R"({"class":"IterableToFreqMap"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(
      Value v,
      Call(*fn, {Value::List({Value::String("a"), Value::String("b"), Value::String("a")})}));
  EXPECT_EQ(v, Value::FreqMap({{"a", 2}, {"b", 1}}));
  EXPECT_THAT(Call(*fn, {Value::List({Value::Int32(1)})}), StatusIs(StatusCode::kInvalidArgument));
}

// gaffer-doc's ToTypeValue / ToTypeSubTypeValue examples (no type set), and
// with the type fields set.
TEST(ToTypeValueTest, ValueIsTheToString) {
  auto tv = ParseFn(R"({"class":"ToTypeValue"})");
  auto tstv = ParseFn(R"({"class":"ToTypeSubTypeValue","type":"t","subType":"st"})");
  ASSERT_NE(tv, nullptr);
  ASSERT_NE(tstv, nullptr);
  ASSERT_OK_AND_ASSIGN(Value a, Call(*tv, {Value::String("aString")}));
  EXPECT_EQ(a, Value::TypeValue("", "aString"));
  ASSERT_OK_AND_ASSIGN(Value b, Call(*tv, {Value::Int64(100)}));
  EXPECT_EQ(b, Value::TypeValue("", "100"));
  ASSERT_OK_AND_ASSIGN(Value nested, Call(*tv, {Value::TypeValue("type1", "value1")}));
  EXPECT_EQ(nested, Value::TypeValue("", "TypeValue[type=type1,value=value1]"));
  ASSERT_OK_AND_ASSIGN(Value c, Call(*tstv, {Value::Int32(25)}));
  EXPECT_EQ(c, Value::TypeSubTypeValue("t", "st", "25"));
  EXPECT_EQ(tstv->ToJson(),
            Json::parse(R"({"class":"uk.gov.gchq.gaffer.types.function.ToTypeSubTypeValue",
                            "type":"t","subType":"st"})"));
}

TEST(StringsToTypeValueTest, BuildsFromInputs) {
  auto tv = ParseFn(R"({"class":"StringsToTypeValue"})");
  auto tstv = ParseFn(R"({"class":"StringsToTypeSubTypeValue"})");
  ASSERT_NE(tv, nullptr);
  ASSERT_NE(tstv, nullptr);
  ASSERT_OK_AND_ASSIGN(Value a, Call(*tv, {Value::String("t"), Value::String("v")}));
  EXPECT_EQ(a, Value::TypeValue("t", "v"));
  ASSERT_OK_AND_ASSIGN(Value b,
                       Call(*tstv, {Value::String("t"), Value::String("st"), Value::String("v")}));
  EXPECT_EQ(b, Value::TypeSubTypeValue("t", "st", "v"));
  EXPECT_THAT(Call(*tv, {Value::String("t")}), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(Call(*tv, {Value::String("t"), Value::Int32(1)}),
              StatusIs(StatusCode::kInvalidArgument));
}

// gaffer-doc's TypeSubTypeValueToTuple / TypeValueToTuple examples.
TEST(TypeValueToTupleTest, SplitsIntoFields) {
  auto tv = ParseFn(R"({"class":"uk.gov.gchq.gaffer.data.element.function.TypeValueToTuple"})");
  auto tstv =
      ParseFn(R"({"class":"uk.gov.gchq.gaffer.data.element.function.TypeSubTypeValueToTuple"})");
  ASSERT_NE(tv, nullptr);
  ASSERT_NE(tstv, nullptr);
  ASSERT_OK_AND_ASSIGN(Value a, Call(*tv, {Value::TypeValue("type", "value")}));
  EXPECT_EQ(a, Value::List({Value::String("type"), Value::String("value")}));
  ASSERT_OK_AND_ASSIGN(Value b, Call(*tstv, {Value::TypeSubTypeValue("type", "subType", "value")}));
  EXPECT_EQ(b,
            Value::List({Value::String("type"), Value::String("subType"), Value::String("value")}));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*tv, {Value()}));
  EXPECT_TRUE(null.is_null());
}

}  // namespace
}  // namespace quarry
