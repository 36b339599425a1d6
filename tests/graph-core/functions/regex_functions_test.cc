// Expected values from gaffer-doc's koryphe-functions reference
// (StringRegexReplace "[tT]ea" -> "cake", StringRegexSplit "[ \t]+") and
// Java's String.replaceAll / Pattern.split rules.
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

TEST(StringRegexReplaceTest, DocumentedTeaToCake) {
  auto fn = ParseFn(R"({"class":"StringRegexReplace","regex":"[tT]ea","replacement":"cake"})");
  ASSERT_NE(fn, nullptr);
  for (auto [in, out] :
       std::vector<std::pair<const char*, const char*>>{{"tea", "cake"},
                                                        {"Tea", "cake"},
                                                        {"TEA", "TEA"},
                                                        {"brainteaser", "braincakeser"},
                                                        {"coffee", "coffee"}}) {
    ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Str(in)}));
    EXPECT_EQ(v, Str(out)) << in;
  }
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
  EXPECT_THAT(Call(*fn, {Value::Int64(5)}), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(fn->ToJson(),
            Json::parse(R"({"class":"uk.gov.gchq.koryphe.impl.function.StringRegexReplace",
                            "regex":"[tT]ea","replacement":"cake"})"));
}

TEST(StringRegexReplaceTest, JavaReplaceAllRules) {
  // Empty matches: "abc".replaceAll("x*", "-") is "-a-b-c-".
  auto empty = ParseFn(R"({"class":"StringRegexReplace","regex":"x*","replacement":"-"})");
  ASSERT_NE(empty, nullptr);
  ASSERT_OK_AND_ASSIGN(Value a, Call(*empty, {Str("abc")}));
  EXPECT_EQ(a, Str("-a-b-c-"));
  // $0 is the whole match; \$ is a literal dollar.
  auto whole = ParseFn(R"({"class":"StringRegexReplace","regex":"[0-9]+",
                           "replacement":"<$0>\\$"})");
  ASSERT_NE(whole, nullptr);
  ASSERT_OK_AND_ASSIGN(Value b, Call(*whole, {Str("a12b3")}));
  EXPECT_EQ(b, Str("a<12>$b<3>$"));
  // Lazy quantifiers take the shortest match.
  auto lazy = ParseFn(R"({"class":"StringRegexReplace","regex":"<.+?>","replacement":""})");
  ASSERT_NE(lazy, nullptr);
  ASSERT_OK_AND_ASSIGN(Value c, Call(*lazy, {Str("<b>bold</b>")}));
  EXPECT_EQ(c, Str("bold"));
}

TEST(StringRegexReplaceTest, UnsupportedFieldsAreNamed) {
  auto group = ParseFunction(
      Json::parse(R"j({"class":"StringRegexReplace","regex":"(a)","replacement":"$1"})j"), "fn");
  EXPECT_THAT(group.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "fn.replacement"));
  auto bad = ParseFunction(
      Json::parse(R"({"class":"StringRegexReplace","regex":"(a","replacement":""})"), "fn");
  EXPECT_THAT(bad.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "fn.regex"));
  // Missing fields parse (as Java's) and fail when applied.
  auto missing = ParseFn(R"({"class":"StringRegexReplace","regex":"a"})");
  ASSERT_NE(missing, nullptr);
  EXPECT_THAT(Call(*missing, {Str("a")}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "no replacement is set"));
}

TEST(StringRegexSplitTest, DocumentedWhitespaceSplit) {
  auto fn = ParseFn(R"({"class":"StringRegexSplit","regex":"[ \\t]+"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value none, Call(*fn, {Str("no-delimiters-in-this-string")}));
  EXPECT_EQ(none, Strs({"no-delimiters-in-this-string"}));
  ASSERT_OK_AND_ASSIGN(Value two, Call(*fn, {Str("string  with  two  spaces")}));
  EXPECT_EQ(two, Strs({"string", "with", "two", "spaces"}));
  ASSERT_OK_AND_ASSIGN(Value tab, Call(*fn, {Str("tab\tdelimited\tstring")}));
  EXPECT_EQ(tab, Strs({"tab", "delimited", "string"}));
  // "".split(...) is [""] in Java (the doc prints it as []).
  ASSERT_OK_AND_ASSIGN(Value empty, Call(*fn, {Str("")}));
  EXPECT_EQ(empty, Strs({""}));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
}

TEST(StringRegexSplitTest, LeadingKeptTrailingDropped) {
  auto fn = ParseFn(R"({"class":"StringRegexSplit","regex":","})");
  ASSERT_NE(fn, nullptr);
  // ",a,,b,,".split(",") is ["", "a", "", "b"].
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Str(",a,,b,,")}));
  EXPECT_EQ(v, Strs({"", "a", "", "b"}));
  // "abc".split("") is ["a", "b", "c"]: no leading empty string.
  auto chars = ParseFn(R"({"class":"StringRegexSplit","regex":""})");
  ASSERT_NE(chars, nullptr);
  ASSERT_OK_AND_ASSIGN(Value c, Call(*chars, {Str("abc")}));
  EXPECT_EQ(c, Strs({"a", "b", "c"}));
  EXPECT_EQ(fn->ToJson(),
            Json::parse(R"({"class":"uk.gov.gchq.koryphe.impl.function.StringRegexSplit",
                                          "regex":","})"));
}

}  // namespace
}  // namespace quarry
