// Expected values from gaffer-doc's koryphe-functions reference (StringSplit,
// StringJoin, StringReplace, StringTrim, StringPrepend, StringAppend,
// StringTruncate, ReverseString examples) and commons-lang StringUtils rules.
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

Value EditStr(const char* s) { return Value::String(s); }
Value EditStrs(std::vector<const char*> items) {
  ValueList out;
  for (const char* s : items) out.push_back(Value::String(s));
  return Value::List(std::move(out));
}

TEST(StringSplitTest, EachDelimiterCharacterSeparatesAndEmptiesDrop) {
  auto fn = ParseFn(R"({"class":"StringSplit","delimiter":" "})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value none, Call(*fn, {EditStr("no-delimiters-in-this-string")}));
  EXPECT_EQ(none, EditStrs({"no-delimiters-in-this-string"}));
  ASSERT_OK_AND_ASSIGN(Value two, Call(*fn, {EditStr("string  with  two  spaces")}));
  EXPECT_EQ(two, EditStrs({"string", "with", "two", "spaces"}));
  ASSERT_OK_AND_ASSIGN(Value tab, Call(*fn, {EditStr("tab\tdelimited\tstring")}));
  EXPECT_EQ(tab, EditStrs({"tab\tdelimited\tstring"}));
  ASSERT_OK_AND_ASSIGN(Value empty, Call(*fn, {EditStr("")}));
  EXPECT_EQ(empty, Value::List({}));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
  EXPECT_EQ(fn->ToJson(), Json::parse(R"({"class":"uk.gov.gchq.koryphe.impl.function.StringSplit",
                                          "delimiter":" "})"));
  // Several delimiter characters: each one splits (StringUtils semantics).
  auto multi = ParseFn(R"({"class":"StringSplit","delimiter":",;"})");
  ASSERT_NE(multi, nullptr);
  ASSERT_OK_AND_ASSIGN(Value parts, Call(*multi, {EditStr("a,b;;c,")}));
  EXPECT_EQ(parts, EditStrs({"a", "b", "c"}));
  // No delimiter: whitespace.
  auto ws = ParseFn(R"({"class":"StringSplit"})");
  ASSERT_NE(ws, nullptr);
  ASSERT_OK_AND_ASSIGN(Value words, Call(*ws, {EditStr(" a\tb\n c ")}));
  EXPECT_EQ(words, EditStrs({"a", "b", "c"}));
}

TEST(StringJoinTest, JoinsToStringOfItems) {
  auto plain = ParseFn(R"({"class":"StringJoin"})");
  auto dash = ParseFn(R"({"class":"StringJoin","delimiter":"-"})");
  ASSERT_NE(plain, nullptr);
  ASSERT_NE(dash, nullptr);
  Value words = EditStrs({"here", "are", "my", "strings"});
  ASSERT_OK_AND_ASSIGN(Value a, Call(*plain, {words}));
  EXPECT_EQ(a, EditStr("herearemystrings"));
  ASSERT_OK_AND_ASSIGN(Value b, Call(*dash, {words}));
  EXPECT_EQ(b, EditStr("here-are-my-strings"));
  ASSERT_OK_AND_ASSIGN(Value single, Call(*dash, {EditStrs({"single"})}));
  EXPECT_EQ(single, EditStr("single"));
  ASSERT_OK_AND_ASSIGN(Value empty, Call(*dash, {Value::List({})}));
  EXPECT_EQ(empty, EditStr(""));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*dash, {Value()}));
  EXPECT_TRUE(null.is_null());
  // Non-string items use toString(); null items are empty.
  ASSERT_OK_AND_ASSIGN(Value mixed,
                       Call(*dash, {Value::List({Value::Int64(1), Value(), Value::Bool(true)})}));
  EXPECT_EQ(mixed, EditStr("1--true"));
  EXPECT_EQ(dash->ToJson()["delimiter"], "-");
}

TEST(StringReplaceTest, LiteralReplaceOfEveryOccurrence) {
  // The documented example searches for "[tea", which is literal text.
  auto fn = ParseFn(R"({"class":"StringReplace","replacement":"cake","searchString":"[tea"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {EditStr("brainteaser")}));
  EXPECT_EQ(v, EditStr("brainteaser"));
  auto tea = ParseFn(R"({"class":"StringReplace","replacement":"cake","searchString":"tea"})");
  ASSERT_NE(tea, nullptr);
  ASSERT_OK_AND_ASSIGN(Value w, Call(*tea, {EditStr("tea for teatime")}));
  EXPECT_EQ(w, EditStr("cake for caketime"));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*tea, {Value()}));
  EXPECT_TRUE(null.is_null());
  EXPECT_THAT(Call(*tea, {Value::Int64(5)}), StatusIs(StatusCode::kInvalidArgument));
  // No replacement: StringUtils.replace returns the input.
  auto none = ParseFn(R"({"class":"StringReplace","searchString":"a"})");
  ASSERT_NE(none, nullptr);
  ASSERT_OK_AND_ASSIGN(Value same, Call(*none, {EditStr("banana")}));
  EXPECT_EQ(same, EditStr("banana"));
}

TEST(StringTrimTest, TrimsBothEnds) {
  auto fn = ParseFn(R"({"class":"StringTrim"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value a, Call(*fn, {EditStr("trailing spaces    ")}));
  EXPECT_EQ(a, EditStr("trailing spaces"));
  ASSERT_OK_AND_ASSIGN(Value b, Call(*fn, {EditStr("    leading spaces")}));
  EXPECT_EQ(b, EditStr("leading spaces"));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
  EXPECT_THAT(Call(*fn, {Value::Int64(54)}), StatusIs(StatusCode::kInvalidArgument));
}

TEST(StringAffixTest, PrependAndAppend) {
  auto prepend = ParseFn(R"({"class":"StringPrepend","prefix":"myPrefix"})");
  auto append = ParseFn(R"({"class":"StringAppend","suffix":"mySuffix"})");
  ASSERT_NE(prepend, nullptr);
  ASSERT_NE(append, nullptr);
  ASSERT_OK_AND_ASSIGN(Value p, Call(*prepend, {EditStr("a string of some kind")}));
  EXPECT_EQ(p, EditStr("myPrefixa string of some kind"));
  ASSERT_OK_AND_ASSIGN(Value a, Call(*append, {EditStr("a string of some kind")}));
  EXPECT_EQ(a, EditStr("a string of some kindmySuffix"));
  ASSERT_OK_AND_ASSIGN(Value empty, Call(*append, {EditStr("")}));
  EXPECT_EQ(empty, EditStr("mySuffix"));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*prepend, {Value()}));
  EXPECT_TRUE(null.is_null());
  EXPECT_THAT(Call(*append, {Value::Int64(54)}), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(append->ToJson(),
            Json::parse(R"({"class":"uk.gov.gchq.koryphe.impl.function.StringAppend",
                                              "suffix":"mySuffix"})"));
}

TEST(StringTruncateTest, CutsToLengthWithOptionalEllipses) {
  auto plain = ParseFn(R"({"class":"StringTruncate","length":5,"ellipses":false})");
  auto dots = ParseFn(R"({"class":"StringTruncate","length":5,"ellipses":true})");
  ASSERT_NE(plain, nullptr);
  ASSERT_NE(dots, nullptr);
  ASSERT_OK_AND_ASSIGN(Value a, Call(*plain, {EditStr("no more than five")}));
  EXPECT_EQ(a, EditStr("no mo"));
  ASSERT_OK_AND_ASSIGN(Value b, Call(*dots, {EditStr("no more than five")}));
  EXPECT_EQ(b, EditStr("no mo..."));
  ASSERT_OK_AND_ASSIGN(Value c, Call(*dots, {EditStr("four")}));
  EXPECT_EQ(c, EditStr("four"));
  ASSERT_OK_AND_ASSIGN(Value d, Call(*dots, {EditStr("")}));
  EXPECT_EQ(d, EditStr(""));
  EXPECT_THAT(Call(*dots, {Value::Int64(54)}), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(dots->ToJson(),
            Json::parse(R"({"class":"uk.gov.gchq.koryphe.impl.function.StringTruncate",
                                            "length":5,"ellipses":true})"));
  // UTF-16 units: "é" is one unit.
  auto two = ParseFn(R"({"class":"StringTruncate","length":2})");
  ASSERT_NE(two, nullptr);
  ASSERT_OK_AND_ASSIGN(Value e, Call(*two, {EditStr("\xC3\xA9t\xC3\xA9")}));
  EXPECT_EQ(e, EditStr("\xC3\xA9t"));
}

TEST(StringTruncateTest, NegativeLengthIsRefused) {
  auto fn = ParseFunction(Json::parse(R"({"class":"StringTruncate","length":-1})"), "f");
  EXPECT_THAT(fn.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "f.length"));
}

TEST(ReverseStringTest, ReversesCodePoints) {
  auto fn = ParseFn(R"({"class":"ReverseString"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value a, Call(*fn, {EditStr("reverse")}));
  EXPECT_EQ(a, EditStr("esrever"));
  ASSERT_OK_AND_ASSIGN(Value u, Call(*fn, {EditStr("a\xC3\xA9z")}));
  EXPECT_EQ(u, EditStr("z\xC3\xA9"
                       "a"));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
}

}  // namespace
}  // namespace quarry
