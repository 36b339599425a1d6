// Expected values from gaffer-doc's koryphe-functions reference (CallMethod
// toString and toLowerCase; CreateObject String and ArrayList) and Java's
// own methods (String.hashCode of "abc" is 96354; Long.hashCode of 2^32 is 1).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/graph-core/functions/function_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Call;
using ::quarry::testing::ParseFn;
using ::quarry::testing::StatusIsWithMessage;

TEST(CallMethodTest, DocExamples) {
  auto to_string = ParseFn(R"({"class":"CallMethod","method":"toString"})");
  auto lower = ParseFn(R"({"class":"CallMethod","method":"toLowerCase"})");
  ASSERT_NE(to_string, nullptr);
  ASSERT_NE(lower, nullptr);
  ASSERT_OK_AND_ASSIGN(Value one, Call(*to_string, {Value::Int32(1)}));
  EXPECT_EQ(one, Value::String("1"));
  ASSERT_OK_AND_ASSIGN(Value s, Call(*lower, {Value::String("STRING1")}));
  EXPECT_EQ(s, Value::String("string1"));
  ASSERT_OK_AND_ASSIGN(Value null_out, Call(*lower, {Value()}));
  EXPECT_TRUE(null_out.is_null());
}

TEST(CallMethodTest, JavaMethodsByClass) {
  auto hash = ParseFn(R"({"class":"CallMethod","method":"hashCode"})");
  auto length = ParseFn(R"({"class":"CallMethod","method":"length"})");
  auto size = ParseFn(R"({"class":"CallMethod","method":"size"})");
  auto long_value = ParseFn(R"({"class":"CallMethod","method":"longValue"})");
  ASSERT_OK_AND_ASSIGN(Value h, Call(*hash, {Value::String("abc")}));
  EXPECT_EQ(h, Value::Int32(96354));
  ASSERT_OK_AND_ASSIGN(Value hl, Call(*hash, {Value::Int64(1LL << 32)}));
  EXPECT_EQ(hl, Value::Int32(1));
  ASSERT_OK_AND_ASSIGN(Value n, Call(*length, {Value::String("héllo")}));
  EXPECT_EQ(n, Value::Int32(5));
  ASSERT_OK_AND_ASSIGN(Value z, Call(*size, {Value::List({Value::Int32(1), Value::Int32(2)})}));
  EXPECT_EQ(z, Value::Int32(2));
  ASSERT_OK_AND_ASSIGN(Value l, Call(*long_value, {Value::Double(2.9)}));
  EXPECT_EQ(l, Value::Int64(2));
  EXPECT_THAT(Call(*length, {Value::Int32(3)}),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "unable to invoke length on object class java.lang.Integer"));
}

TEST(CreateObjectTest, ConstructorsByInput) {
  auto str = ParseFn(R"({"class":"CreateObject","objectClass":"String"})");
  auto list = ParseFn(R"({"class":"CreateObject","objectClass":"ArrayList"})");
  auto lng = ParseFn(R"({"class":"CreateObject","objectClass":"java.lang.Long"})");
  ASSERT_NE(str, nullptr);
  ASSERT_NE(list, nullptr);
  ASSERT_NE(lng, nullptr);
  ASSERT_OK_AND_ASSIGN(Value s, Call(*str, {Value::String("a normal string")}));
  EXPECT_EQ(s, Value::String("a normal string"));
  ASSERT_OK_AND_ASSIGN(Value empty, Call(*str, {Value()}));
  EXPECT_EQ(empty, Value::String(""));
  Value items = Value::List({Value::String("list"), Value::String("example")});
  ASSERT_OK_AND_ASSIGN(Value l, Call(*list, {items}));
  EXPECT_EQ(l, items);
  ASSERT_OK_AND_ASSIGN(Value none, Call(*list, {Value()}));
  EXPECT_EQ(none, Value::List({}));
  ASSERT_OK_AND_ASSIGN(Value five, Call(*lng, {Value::String("5")}));
  EXPECT_EQ(five, Value::Int64(5));
  EXPECT_THAT(Call(*lng, {Value::Int32(5)}),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "No constructors were found that accept a java.lang.Integer"));
  EXPECT_THAT(Call(*lng, {Value()}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "no-arg constructor"));
  EXPECT_EQ(str->ToJson()["objectClass"], "java.lang.String");
}

}  // namespace
}  // namespace quarry
