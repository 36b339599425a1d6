// Expected values from gaffer-doc's koryphe-functions reference (ToSet,
// Cast "String", Base64Decode "dGVzdCBzdHJpbmc=", DictionaryLookup) and
// koryphe's ToSet/ToBoolean/MultiplyLongBy sources.
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

TEST(ToSetTest, HashSetByDefault) {
  auto fn = ParseFn(R"({"class":"uk.gov.gchq.koryphe.impl.function.ToSet"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value s, Call(*fn, {Value::String("test")}));
  EXPECT_EQ(s, Value::HashSet({Value::String("test")}));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_EQ(null, Value::HashSet({Value()}));
  ASSERT_OK_AND_ASSIGN(Value l, Call(*fn, {Value::Int64(30)}));
  EXPECT_EQ(l, Value::HashSet({Value::Int64(30)}));
  ASSERT_OK_AND_ASSIGN(Value list,
                       Call(*fn, {Value::List({Value::String("test1"), Value::String("test2"),
                                               Value::String("test1")})}));
  EXPECT_EQ(list, Value::HashSet({Value::String("test1"), Value::String("test2")}));
  EXPECT_EQ(fn->ToJson(), Json::parse(R"({"class":"uk.gov.gchq.koryphe.impl.function.ToSet",
                                          "implementation":"java.util.HashSet"})"));
}

TEST(ToSetTest, TreeSetImplementation) {
  auto fn = ParseFn(R"({"class":"ToSet","implementation":"java.util.TreeSet"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_EQ(null, Value::TreeSet({}));
  ASSERT_OK_AND_ASSIGN(Value list, Call(*fn, {Value::List({Value::Int32(2), Value::Int32(1)})}));
  EXPECT_EQ(list, Value::TreeSet({Value::Int32(1), Value::Int32(2)}));
  auto bad = ParseFunction(Json::parse(R"({"class":"ToSet","implementation":"LinkedList"})"), "f");
  EXPECT_THAT(bad.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "f.implementation"));
}

TEST(CastTest, PassesInstancesRefusesOthers) {
  auto fn = ParseFn(R"({"class":"Cast","outputClass":"String"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value s, Call(*fn, {Value::String("inputString")}));
  EXPECT_EQ(s, Value::String("inputString"));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
  EXPECT_THAT(Call(*fn, {Value::Int32(5)}), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(fn->ToJson()["outputClass"], "java.lang.String");
  auto number = ParseFn(R"({"class":"Cast","outputClass":"java.lang.Number"})");
  ASSERT_NE(number, nullptr);
  ASSERT_OK_AND_ASSIGN(Value n, Call(*number, {Value::Float(1.5f)}));
  EXPECT_EQ(n, Value::Float(1.5f));
  auto map = ParseFn(R"({"class":"Cast","outputClass":"java.util.HashMap"})");
  ASSERT_NE(map, nullptr);
  EXPECT_TRUE(Call(*map, {Value::FreqMap({{"a", 1}})}).ok());  // FreqMap extends HashMap
  auto bad = ParseFunction(Json::parse(R"({"class":"Cast","outputClass":"Widget"})"), "f");
  EXPECT_THAT(bad.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "f.outputClass"));
  auto missing = ParseFn(R"({"class":"Cast"})");
  ASSERT_NE(missing, nullptr);
  EXPECT_THAT(Call(*missing, {Value::Int32(1)}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "no outputClass"));
}

TEST(ToBooleanTest, StringsAndBooleans) {
  auto fn = ParseFn(R"({"class":"ToBoolean"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value t, Call(*fn, {Value::String("TRUE")}));
  EXPECT_EQ(t, Value::Bool(true));
  ASSERT_OK_AND_ASSIGN(Value f, Call(*fn, {Value::String("yes")}));
  EXPECT_EQ(f, Value::Bool(false));
  ASSERT_OK_AND_ASSIGN(Value b, Call(*fn, {Value::Bool(false)}));
  EXPECT_EQ(b, Value::Bool(false));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
  EXPECT_THAT(Call(*fn, {Value::Int32(1)}), StatusIs(StatusCode::kInvalidArgument));
}

TEST(DictionaryLookupTest, LooksUpStringKeys) {
  auto fn = ParseFn(R"({"class":"DictionaryLookup",
                        "dictionary":{"1":"one","2":"two","3":"three"}})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value one, Call(*fn, {Value::String("1")}));
  EXPECT_EQ(one, Value::String("one"));
  ASSERT_OK_AND_ASSIGN(Value four, Call(*fn, {Value::String("4")}));
  EXPECT_TRUE(four.is_null());
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
  // JSON keys are Strings, so a Long 2 finds nothing (as the doc's Long 2).
  ASSERT_OK_AND_ASSIGN(Value long_two, Call(*fn, {Value::Int64(2)}));
  EXPECT_TRUE(long_two.is_null());
  EXPECT_EQ(fn->ToJson()["dictionary"]["3"], "three");
  auto none = ParseFn(R"({"class":"DictionaryLookup"})");
  ASSERT_NE(none, nullptr);
  EXPECT_THAT(Call(*none, {Value::String("1")}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "dictionary"));
}

TEST(Base64DecodeTest, DecodesBytes) {
  auto fn = ParseFn(R"({"class":"Base64Decode"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::Bytes("dGVzdCBzdHJpbmc=")}));
  EXPECT_EQ(v, Value::Bytes("test string"));
  ASSERT_OK_AND_ASSIGN(Value empty, Call(*fn, {Value::Bytes("")}));
  EXPECT_EQ(empty, Value::Bytes(""));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
  EXPECT_THAT(Call(*fn, {Value::Bytes("not*base64")}), StatusIs(StatusCode::kInvalidArgument));
}

TEST(ToBytesTest, Utf8Only) {
  auto fn = ParseFn(R"({"class":"ToBytes"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::String("\xC3\xA9")}));
  EXPECT_EQ(v, Value::Bytes("\xC3\xA9"));
  EXPECT_EQ(fn->ToJson()["charset"], "UTF-8");
  auto latin = ParseFunction(Json::parse(R"({"class":"ToBytes","charset":"ISO-8859-1"})"), "f");
  EXPECT_THAT(latin.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "f.charset"));
}

TEST(SetValueTest, AlwaysTheValue) {
  auto fn = ParseFn(R"({"class":"SetValue","value":{"java.lang.Long":7}})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::String("anything")}));
  EXPECT_EQ(v, Value::Int64(7));
  EXPECT_EQ(fn->ToJson()["value"], Json::parse(R"({"java.lang.Long":7})"));
}

TEST(MultiplyLongByTest, LongsOnly) {
  auto fn = ParseFn(R"({"class":"MultiplyLongBy","by":3})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::Int64(5)}));
  EXPECT_EQ(v, Value::Int64(15));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
  EXPECT_THAT(Call(*fn, {Value::Int32(5)}), StatusIs(StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace quarry
