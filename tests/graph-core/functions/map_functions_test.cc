// Expected values from gaffer-doc's koryphe-functions reference (FunctionMap
// multiplying every value by 10; MapFilter on keys containing "a", values
// more than 10, and keys equal to values) and koryphe's MapFilterTest.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/graph-core/functions/function_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Call;
using ::quarry::testing::ParseFn;
using ::quarry::testing::StatusIs;

Value MapOfCells(std::vector<std::pair<const char*, Value>> cells) {
  ValueEntries entries;
  for (auto& [k, v] : cells) entries.emplace_back(Value::String(k), std::move(v));
  return Value::Map(std::move(entries));
}

TEST(FunctionMapTest, AppliesTheFunctionToEveryValue) {
  auto fn = ParseFn(R"({"class":"FunctionMap","function":{"class":"MultiplyBy","by":10}})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(
      Value v,
      Call(*fn, {MapOfCells(
                    {{"key1", Value()}, {"key2", Value::Int32(2)}, {"key3", Value::Int32(3)}})}));
  EXPECT_EQ(
      v, MapOfCells({{"key1", Value()}, {"key2", Value::Int32(20)}, {"key3", Value::Int32(30)}}));
  ASSERT_OK_AND_ASSIGN(Value null_out, Call(*fn, {Value()}));
  EXPECT_TRUE(null_out.is_null());
  EXPECT_EQ(fn->ToJson()["class"], "uk.gov.gchq.koryphe.function.FunctionMap");
  EXPECT_THAT(Call(*fn, {Value::Int32(1)}), StatusIs(StatusCode::kInvalidArgument));
}

TEST(MapFilterTest, KeyValueAndKeyValuePredicates) {
  auto keys = ParseFn(R"({"class":"MapFilter",
      "keyPredicate":{"class":"StringContains","value":"a","ignoreCase":false}})");
  auto values = ParseFn(R"({"class":"MapFilter",
      "valuePredicate":{"class":"IsMoreThan","orEqualTo":false,"value":10}})");
  auto both = ParseFn(R"({"class":"MapFilter","keyValuePredicate":{"class":"AreEqual"}})");
  ASSERT_NE(keys, nullptr);
  ASSERT_NE(values, nullptr);
  ASSERT_NE(both, nullptr);
  ASSERT_OK_AND_ASSIGN(Value k, Call(*keys, {MapOfCells({{"giraffe", Value::Int32(0)},
                                                         {"cat", Value::Int32(3)},
                                                         {"dog", Value::Int32(2)}})}));
  EXPECT_EQ(k, MapOfCells({{"giraffe", Value::Int32(0)}, {"cat", Value::Int32(3)}}));
  ASSERT_OK_AND_ASSIGN(Value v, Call(*values, {MapOfCells({{"Pizza", Value::Int32(30)},
                                                           {"Casserole", Value::Int32(4)},
                                                           {"Steak", Value::Int32(12)}})}));
  EXPECT_EQ(v, MapOfCells({{"Pizza", Value::Int32(30)}, {"Steak", Value::Int32(12)}}));
  ASSERT_OK_AND_ASSIGN(Value b, Call(*both, {MapOfCells({{"1", Value::String("2")},
                                                         {"3", Value::String("3")},
                                                         {"6", Value::String("4")}})}));
  EXPECT_EQ(b, MapOfCells({{"3", Value::String("3")}}));
}

TEST(MapFilterTest, NoPredicateKeepsTheMapAndAFreqMapStaysOne) {
  auto none = ParseFn(R"({"class":"MapFilter"})");
  ASSERT_NE(none, nullptr);
  Value map = MapOfCells({{"a", Value::Int32(1)}});
  ASSERT_OK_AND_ASSIGN(Value same, Call(*none, {map}));
  EXPECT_EQ(same, map);
  auto big = ParseFn(R"({"class":"MapFilter",
      "valuePredicate":{"class":"IsMoreThan","value":{"java.lang.Long":1}}})");
  ASSERT_NE(big, nullptr);
  ASSERT_OK_AND_ASSIGN(Value f, Call(*big, {Value::FreqMap({{"x", 1}, {"y", 5}})}));
  EXPECT_EQ(f, Value::FreqMap({{"y", 5}}));
}

}  // namespace
}  // namespace quarry
