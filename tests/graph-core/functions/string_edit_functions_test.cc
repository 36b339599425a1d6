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

Value Str(const char* s) { return Value::String(s); }
Value Strs(std::vector<const char*> items) {
  ValueList out;
  for (const char* s : items) out.push_back(Value::String(s));
  return Value::List(std::move(out));
}

TEST(StringSplitTest, EachDelimiterCharacterSeparatesAndEmptiesDrop) {
  auto fn = ParseFn(R"({"class":"StringSplit","delimiter":" "})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value none, Call(*fn, {Str("no-delimiters-in-this-string")}));
  EXPECT_EQ(none, Strs({"no-delimiters-in-this-string"}));
  ASSERT_OK_AND_ASSIGN(Value two, Call(*fn, {Str("string  with  two  spaces")}));
  EXPECT_EQ(two, Strs({"string", "with", "two", "spaces"}));
  ASSERT_OK_AND_ASSIGN(Value tab, Call(*fn, {Str("tab\tdelimited\tstring")}));
  EXPECT_EQ(tab, Strs({"tab\tdelimited\tstring"}));
  ASSERT_OK_AND_ASSIGN(Value empty, Call(*fn, {Str("")}));
  EXPECT_EQ(empty, Value::List({}));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
  EXPECT_EQ(fn->ToJson(), Json::parse(R"({"class":"uk.gov.gchq.koryphe.impl.function.StringSplit",
                                          "delimiter":" "})"));
  // Several delimiter characters: each one splits (StringUtils semantics).
  auto multi = ParseFn(R"({"class":"StringSplit","delimiter":",;"})");
  ASSERT_NE(multi, nullptr);
  ASSERT_OK_AND_ASSIGN(Value parts, Call(*multi, {Str("a,b;;c,")}));
  EXPECT_EQ(parts, Strs({"a", "b", "c"}));
  // No delimiter: whitespace.
  auto ws = ParseFn(R"({"class":"StringSplit"})");
  ASSERT_NE(ws, nullptr);
  ASSERT_OK_AND_ASSIGN(Value words, Call(*ws, {Str(" a\tb\n c ")}));
  EXPECT_EQ(words, Strs({"a", "b", "c"}));
}

TEST(StringJoinTest, JoinsToStringOfItems) {
  auto plain = ParseFn(R"({"class":"StringJoin"})");
  auto dash = ParseFn(R"({"class":"StringJoin","delimiter":"-"})");
  ASSERT_NE(plain, nullptr);
  ASSERT_NE(dash, nullptr);
  Value words = Strs({"here", "are", "my", "strings"});
  ASSERT_OK_AND_ASSIGN(Value a, Call(*plain, {words}));
  EXPECT_EQ(a, Str("herearemystrings"));
  ASSERT_OK_AND_ASSIGN(Value b, Call(*dash, {words}));
  EXPECT_EQ(b, Str("here-are-my-strings"));
  ASSERT_OK_AND_ASSIGN(Value single, Call(*dash, {Strs({"single"})}));
  EXPECT_EQ(single, Str("single"));
  ASSERT_OK_AND_ASSIGN(Value empty, Call(*dash, {Value::List({})}));
  EXPECT_EQ(empty, Str(""));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*dash, {Value()}));
  EXPECT_TRUE(null.is_null());
  // Non-string items use toString(); null items are empty.
  ASSERT_OK_AND_ASSIGN(Value mixed,
                       Call(*dash, {Value::List({Value::Int64(1), Value(), Value::Bool(true)})}));
  EXPECT_EQ(mixed, Str("1--true"));
  EXPECT_EQ(dash->ToJson()["delimiter"], "-");
}

TEST(StringReplaceTest, LiteralReplaceOfEveryOccurrence) {
  // The documented example searches for "[tea", which is literal text.
  auto fn = ParseFn(R"({"class":"StringReplace","replacement":"cake","searchString":"[tea"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Str("brainteaser")}));
  EXPECT_EQ(v, Str("brainteaser"));
  auto tea = ParseFn(R"({"class":"StringReplace","replacement":"cake","searchString":"tea"})");
  ASSERT_NE(tea, nullptr);
  ASSERT_OK_AND_ASSIGN(Value w, Call(*tea, {Str("tea for teatime")}));
  EXPECT_EQ(w, Str("cake for caketime"));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*tea, {Value()}));
  EXPECT_TRUE(null.is_null());
  EXPECT_THAT(Call(*tea, {Value::Int64(5)}), StatusIs(StatusCode::kInvalidArgument));
  // No replacement: StringUtils.replace returns the input.
  auto none = ParseFn(R"({"class":"StringReplace","searchString":"a"})");
  ASSERT_NE(none, nullptr);
  ASSERT_OK_AND_ASSIGN(Value same, Call(*none, {Str("banana")}));
  EXPECT_EQ(same, Str("banana"));
}

TEST(StringTrimTest, TrimsBothEnds) {
  auto fn = ParseFn(R"({"class":"StringTrim"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value a, Call(*fn, {Str("trailing spaces    ")}));
  EXPECT_EQ(a, Str("trailing spaces"));
  ASSERT_OK_AND_ASSIGN(Value b, Call(*fn, {Str("    leading spaces")}));
  EXPECT_EQ(b, Str("leading spaces"));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
  EXPECT_THAT(Call(*fn, {Value::Int64(54)}), StatusIs(StatusCode::kInvalidArgument));
}

TEST(StringAffixTest, PrependAndAppend) {
  auto prepend = ParseFn(R"({"class":"StringPrepend","prefix":"myPrefix"})");
  auto append = ParseFn(R"({"class":"StringAppend","suffix":"mySuffix"})");
  ASSERT_NE(prepend, nullptr);
  ASSERT_NE(append, nullptr);
  ASSERT_OK_AND_ASSIGN(Value p, Call(*prepend, {Str("a string of some kind")}));
  EXPECT_EQ(p, Str("myPrefixa string of some kind"));
  ASSERT_OK_AND_ASSIGN(Value a, Call(*append, {Str("a string of some kind")}));
  EXPECT_EQ(a, Str("a string of some kindmySuffix"));
  ASSERT_OK_AND_ASSIGN(Value empty, Call(*append, {Str("")}));
  EXPECT_EQ(empty, Str("mySuffix"));
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
  ASSERT_OK_AND_ASSIGN(Value a, Call(*plain, {Str("no more than five")}));
  EXPECT_EQ(a, Str("no mo"));
  ASSERT_OK_AND_ASSIGN(Value b, Call(*dots, {Str("no more than five")}));
  EXPECT_EQ(b, Str("no mo..."));
  ASSERT_OK_AND_ASSIGN(Value c, Call(*dots, {Str("four")}));
  EXPECT_EQ(c, Str("four"));
  ASSERT_OK_AND_ASSIGN(Value d, Call(*dots, {Str("")}));
  EXPECT_EQ(d, Str(""));
  EXPECT_THAT(Call(*dots, {Value::Int64(54)}), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(dots->ToJson(),
            Json::parse(R"({"class":"uk.gov.gchq.koryphe.impl.function.StringTruncate",
                                            "length":5,"ellipses":true})"));
  // UTF-16 units: "é" is one unit.
  auto two = ParseFn(R"({"class":"StringTruncate","length":2})");
  ASSERT_NE(two, nullptr);
  ASSERT_OK_AND_ASSIGN(Value e, Call(*two, {Str("\xC3\xA9t\xC3\xA9")}));
  EXPECT_EQ(e, Str("\xC3\xA9t"));
}

TEST(StringTruncateTest, NegativeLengthIsRefused) {
  auto fn = ParseFunction(Json::parse(R"({"class":"StringTruncate","length":-1})"), "f");
  EXPECT_THAT(fn.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "f.length"));
}

TEST(ReverseStringTest, ReversesCodePoints) {
  auto fn = ParseFn(R"({"class":"ReverseString"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value a, Call(*fn, {Str("reverse")}));
  EXPECT_EQ(a, Str("esrever"));
  ASSERT_OK_AND_ASSIGN(Value u, Call(*fn, {Str("a\xC3\xA9z")}));
  EXPECT_EQ(u, Str("z\xC3\xA9"
                   "a"));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
}

}  // namespace
}  // namespace quarry
