#include "graph-core/predicate.h"
#include "tests/graph-core/predicates/predicate_test_util.h"

namespace quarry {
namespace {

using ::quarry::testing::ExpectJsonRoundTrip;
using ::quarry::testing::Pred;
using ::quarry::testing::StatusIsWithMessage;
using ::quarry::testing::TryPred;

TEST(StringPredicateTest, RegexIsAFullMatchNotASubstring) {
  auto p = Pred(R"({"class": "Regex", "value": {"java.util.regex.Pattern": "[a-d]"}})");
  EXPECT_TRUE(p->Test(Value::String("a")));
  EXPECT_TRUE(p->Test(Value::String("d")));
  EXPECT_FALSE(p->Test(Value::String("e")));
  EXPECT_FALSE(p->Test(Value::String("ab")));  // matches a substring only
  EXPECT_FALSE(p->Test(Value::String("xa")));
  auto prefix = Pred(R"({"class": "Regex", "value": "M32.*"})");
  EXPECT_TRUE(prefix->Test(Value::String("M32:1")));
  EXPECT_FALSE(prefix->Test(Value::String("xM32:1")));
}

TEST(StringPredicateTest, RegexNeedsAStringInput) {
  auto p = Pred(R"({"class": "Regex", "value": {"Pattern": "1"}})");
  EXPECT_FALSE(p->Test(Value::Int32(1)));
  EXPECT_FALSE(p->Test(Value()));
  EXPECT_TRUE(p->Test(Value::String("1")));
}

TEST(StringPredicateTest, RegexCaseInsensitiveFlag) {
  auto p = Pred(R"({"class": "Regex", "value": {"java.util.regex.Pattern": "(?i)ab+"}})");
  EXPECT_TRUE(p->Test(Value::String("ABB")));
  EXPECT_FALSE(p->Test(Value::String("AC")));
}

TEST(StringPredicateTest, RegexErrors) {
  EXPECT_THAT(TryPred(R"({"class": "Regex"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.value: missing required field"));
  EXPECT_THAT(TryPred(R"({"class": "Regex", "value": {"java.util.regex.Pattern": "a("}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "invalid regex 'a('"));
  EXPECT_THAT(TryPred(R"({"class": "Regex", "value": 5})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.value"));
}

TEST(StringPredicateTest, MultiRegexMatchesAny) {
  auto p = Pred(R"({"class": "MultiRegex", "value": [{"java.util.regex.Pattern": "[a-d]"},
                                                      {"java.util.regex.Pattern": "[0-4]"}]})");
  EXPECT_TRUE(p->Test(Value::String("b")));
  EXPECT_TRUE(p->Test(Value::String("3")));
  EXPECT_FALSE(p->Test(Value::String("e")));
  EXPECT_FALSE(p->Test(Value::String("b3")));
  EXPECT_FALSE(Pred(R"({"class": "MultiRegex", "value": []})")->Test(Value::String("")));
  EXPECT_THAT(TryPred(R"({"class": "MultiRegex", "value": ["ok", "(("]})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.value[1]"));
}

TEST(StringPredicateTest, StringContains) {
  auto p = Pred(R"({"class": "StringContains", "value": "oo"})");
  EXPECT_TRUE(p->Test(Value::String("food")));
  EXPECT_FALSE(p->Test(Value::String("FOOD")));
  EXPECT_FALSE(p->Test(Value()));
  EXPECT_FALSE(p->Test(Value::Int32(100)));
  auto ic = Pred(R"({"class": "StringContains", "value": "Oo", "ignoreCase": true})");
  EXPECT_TRUE(ic->Test(Value::String("FOOD")));
  EXPECT_TRUE(ic->Test(Value::String("food")));
  EXPECT_FALSE(ic->Test(Value::String("fod")));
  // commons-lang's containsIgnoreCase folds every letter (regionMatches):
  // "\u00e4r" is found in "\u00c4RGER".
  auto unicode = Pred(R"({"class": "StringContains", "value": "\u00e4r", "ignoreCase": true})");
  EXPECT_TRUE(unicode->Test(Value::String("\xC3\x84RGER")));
  EXPECT_FALSE(unicode->Test(Value::String("ARGER")));
  auto empty = Pred(R"({"class": "StringContains", "value": ""})");
  EXPECT_TRUE(empty->Test(Value::String("")));
  EXPECT_THAT(TryPred(R"({"class": "StringContains"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.value"));
}

TEST(StringPredicateTest, JsonRoundTrips) {
  ExpectJsonRoundTrip(R"({"class": "Regex", "value": "a.*"})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.Regex",
                          "value": {"java.util.regex.Pattern": "a.*"}})");
  ExpectJsonRoundTrip(R"({"class": "MultiRegex", "value": ["a", {"Pattern": "b"}]})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.MultiRegex",
                          "value": [{"java.util.regex.Pattern": "a"},
                                    {"java.util.regex.Pattern": "b"}]})");
  ExpectJsonRoundTrip(R"({"class": "StringContains", "value": "x"})",
                      R"({"class": "uk.gov.gchq.koryphe.impl.predicate.StringContains",
                          "value": "x", "ignoreCase": false})");
}

}  // namespace
}  // namespace quarry
