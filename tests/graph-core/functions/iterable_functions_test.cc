// Expected values from gaffer-doc's koryphe-functions reference: the
// ExtractKeys/ExtractValue(s), FirstItem, LastItem, NthItem, IterableConcat,
// IterableLongest, Longest, DefaultIfEmpty, ToList and ToArray examples.
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

Value ColourMap() {
  return Value::Map({{Value::String("yellowKey"), Value::Int32(4)},
                     {Value::String("greenKey"), Value::Int32(9)},
                     {Value::String("redKey"), Value::Int32(5)},
                     {Value::String("blueKey"), Value::Int32(25)}});
}

TEST(ExtractTest, KeysValuesAndOneValue) {
  auto keys = ParseFn(R"({"class":"ExtractKeys"})");
  auto values = ParseFn(R"({"class":"ExtractValues"})");
  auto value = ParseFn(R"({"class":"ExtractValue","key":"blueKey"})");
  ASSERT_NE(keys, nullptr);
  ASSERT_NE(values, nullptr);
  ASSERT_NE(value, nullptr);
  Value map = Value::Map({{Value::String("firstKey"), Value::Int32(2)},
                          {Value::String("thirdKey"), Value::Int32(9)},
                          {Value::String("secondKey"), Value::Int32(4)}});
  ASSERT_OK_AND_ASSIGN(Value k, Call(*keys, {map}));
  EXPECT_EQ(k, Value::HashSet({Value::String("firstKey"), Value::String("secondKey"),
                               Value::String("thirdKey")}));
  // Values come in key order (Quarry's maps are sorted by key).
  ASSERT_OK_AND_ASSIGN(Value v, Call(*values, {map}));
  EXPECT_EQ(v, Ints({2, 4, 9}));
  ASSERT_OK_AND_ASSIGN(Value blue, Call(*value, {ColourMap()}));
  EXPECT_EQ(blue, Value::Int32(25));
  EXPECT_EQ(value->ToJson(),
            Json::parse(R"({"class":"uk.gov.gchq.koryphe.impl.function.ExtractValue",
                                             "key":"blueKey"})"));
  for (const auto* fn : {keys.get(), values.get(), value.get()}) {
    ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
    EXPECT_TRUE(null.is_null());
    EXPECT_THAT(Call(*fn, {Value::Int32(1)}), StatusIs(StatusCode::kInvalidArgument));
  }
  // A FreqMap is a Map<String, Long>.
  ASSERT_OK_AND_ASSIGN(Value counts, Call(*values, {Value::FreqMap({{"a", 3}, {"b", 1}})}));
  EXPECT_EQ(counts, Value::List({Value::Int64(3), Value::Int64(1)}));
  // Absent key, and a key of another class (Integer 1 is not "1"), give null.
  auto one = ParseFn(R"({"class":"ExtractValue","key":1})");
  ASSERT_NE(one, nullptr);
  ASSERT_OK_AND_ASSIGN(Value absent,
                       Call(*one, {Value::Map({{Value::String("1"), Value::Int32(7)}})}));
  EXPECT_TRUE(absent.is_null());
}

TEST(ItemTest, FirstLastNth) {
  auto first = ParseFn(R"({"class":"FirstItem"})");
  auto last = ParseFn(R"({"class":"LastItem"})");
  auto nth = ParseFn(R"({"class":"NthItem","selection":2})");
  ASSERT_NE(first, nullptr);
  ASSERT_NE(last, nullptr);
  ASSERT_NE(nth, nullptr);
  ASSERT_OK_AND_ASSIGN(Value f, Call(*first, {Ints({2, 3, 5})}));
  EXPECT_EQ(f, Value::Int32(2));
  ASSERT_OK_AND_ASSIGN(Value f_null, Call(*first, {Value::List({Value(), Value::Int32(19)})}));
  EXPECT_TRUE(f_null.is_null());
  ASSERT_OK_AND_ASSIGN(Value l, Call(*last, {Ints({21, 34, 55})}));
  EXPECT_EQ(l, Value::Int32(55));
  ASSERT_OK_AND_ASSIGN(Value n, Call(*nth, {Ints({3, 1, 4})}));
  EXPECT_EQ(n, Value::Int32(4));
  ASSERT_OK_AND_ASSIGN(Value empty, Call(*first, {Value::List({})}));
  EXPECT_TRUE(empty.is_null());
  for (const auto* fn : {first.get(), last.get(), nth.get()}) {
    EXPECT_THAT(Call(*fn, {Value()}),
                StatusIsWithMessage(StatusCode::kInvalidArgument, "input cannot be null"));
  }
  EXPECT_THAT(Call(*nth, {Ints({1, 2})}), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(nth->ToJson()["selection"], 2);
}

TEST(IterableConcatTest, FlattensOneLevel) {
  auto fn = ParseFn(R"({"class":"IterableConcat"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v,
                       Call(*fn, {Value::List({Ints({2, 3, 5}), Ints({7, 11, 13}), Ints({17})})}));
  EXPECT_EQ(v, Ints({2, 3, 5, 7, 11, 13, 17}));
  EXPECT_THAT(Call(*fn, {Value::List({Ints({2}), Value()})}),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(Call(*fn, {Value()}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "iterables are required"));
}

TEST(LongestTest, IterableLongestAndLongest) {
  auto iterable = ParseFn(R"({"class":"IterableLongest"})");
  auto pair = ParseFn(R"({"class":"Longest"})");
  ASSERT_NE(iterable, nullptr);
  ASSERT_NE(pair, nullptr);
  Value words = Value::List({Value::String("which"), Value::String("is"), Value::String("the"),
                             Value::String("longest"), Value::String("word")});
  ASSERT_OK_AND_ASSIGN(Value w, Call(*iterable, {words}));
  EXPECT_EQ(w, Value::String("longest"));
  Value lists = Value::List({Ints({1, 2}), Value::HashSet({Value::Double(1.5)})});
  ASSERT_OK_AND_ASSIGN(Value l, Call(*iterable, {lists}));
  EXPECT_EQ(l, Ints({1, 2}));
  ASSERT_OK_AND_ASSIGN(Value none, Call(*iterable, {Value::List({})}));
  EXPECT_TRUE(none.is_null());
  ASSERT_OK_AND_ASSIGN(Value s,
                       Call(*pair, {Value::String("smaller"), Value::String("long string")}));
  EXPECT_EQ(s, Value::String("long string"));
  ASSERT_OK_AND_ASSIGN(Value v, Call(*pair, {Value(), Value::String("value")}));
  EXPECT_EQ(v, Value::String("value"));
  EXPECT_THAT(Call(*pair, {Value::Int64(5), Value::String("a")}),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(EmptyTest, IsEmptyAndDefaultIfEmpty) {
  auto is_empty = ParseFn(R"({"class":"IsEmpty"})");
  auto default_if_empty = ParseFn(R"({"class":"DefaultIfEmpty","defaultValue":"none"})");
  ASSERT_NE(is_empty, nullptr);
  ASSERT_NE(default_if_empty, nullptr);
  ASSERT_OK_AND_ASSIGN(Value yes, Call(*is_empty, {Value::List({})}));
  EXPECT_EQ(yes, Value::Bool(true));
  ASSERT_OK_AND_ASSIGN(Value no, Call(*is_empty, {Ints({1})}));
  EXPECT_EQ(no, Value::Bool(false));
  EXPECT_THAT(Call(*is_empty, {Value()}), StatusIs(StatusCode::kInvalidArgument));
  ASSERT_OK_AND_ASSIGN(Value kept, Call(*default_if_empty, {Value::String("String input")}));
  EXPECT_EQ(kept, Value::String("String input"));
  ASSERT_OK_AND_ASSIGN(Value replaced, Call(*default_if_empty, {Value::String("")}));
  EXPECT_EQ(replaced, Value::String("none"));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*default_if_empty, {Value()}));
  EXPECT_TRUE(null.is_null());
  EXPECT_THAT(Call(*default_if_empty, {Value::Int64(5)}), StatusIs(StatusCode::kInvalidArgument));
}

TEST(ToListTest, WrapsOrCopies) {
  for (const char* name : {"ToList", "ToArray"}) {
    auto fn = ParseFn(std::string(R"({"class":")") + name + R"("})");
    ASSERT_NE(fn, nullptr);
    ASSERT_OK_AND_ASSIGN(Value s, Call(*fn, {Value::String("test")}));
    EXPECT_EQ(s, Value::List({Value::String("test")}));
    ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
    EXPECT_EQ(null, Value::List({Value()}));
    ASSERT_OK_AND_ASSIGN(Value set,
                         Call(*fn, {Value::HashSet({Value::Int32(1), Value::Int32(2)})}));
    EXPECT_EQ(set, Ints({1, 2}));
    ASSERT_OK_AND_ASSIGN(Value list, Call(*fn, {Ints({3, 1})}));
    EXPECT_EQ(list, Ints({3, 1}));
  }
}

}  // namespace
}  // namespace quarry
