#include "iterators/visibility.h"

#include <string>
#include <vector>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

Authorizations Auths(const std::vector<std::string>& values) {
  Result<Authorizations> auths = Authorizations::Create(values);
  EXPECT_OK(auths);
  return auths.ok() ? *auths : Authorizations();
}

std::string Normal(std::string_view expression) {
  Result<std::string> normal = NormalizeVisibility(expression);
  EXPECT_OK(normal);
  return normal.ok() ? *normal : "<error>";
}

TEST(VisibilityTest, AccumuloDocumentedValidExpressions) {
  for (const char* text :
       {"A", "A&B", "A|B", "(A&B)|C", "(A|B)&(C|D)", "orange|(red&yellow)", "\"a b\"&C",
        "\"A#C\"&B", "((A))", "A&(B|(C&(D|E)))", "A-B_c:d.e/f", "\"\xc3\xa9t\xc3\xa9\"|x"}) {
    SCOPED_TRACE(text);
    EXPECT_OK(VisibilityExpression::Parse(text));
  }
}

struct BadCase {
  std::string text;
  std::string reason;
  size_t position;
};

TEST(VisibilityTest, InvalidExpressionsNameReasonAndPosition) {
  const std::vector<BadCase> cases = {
      {"A&B|C", "cannot mix '&' and '|'", 3},
      {"A|B&C", "cannot mix '&' and '|'", 3},
      {"&A", "missing term before '&'", 0},
      {"A&", "missing term after '&'", 2},
      {"A|", "missing term after '|'", 2},
      {"A|B|", "missing term after '|'", 4},
      {"A&|B", "missing term after '&'", 2},
      {"A&&B", "missing term after '&'", 2},
      {"()", "empty parentheses", 1},
      {")", "missing term before ')'", 0},
      {"(A", "unclosed '('", 0},
      {"((A)", "unclosed '('", 0},
      {"A)", "unmatched ')'", 1},
      {"(A))", "unmatched ')'", 3},
      {"\"unclosed", "unclosed quote", 0},
      {"A&\"b", "unclosed quote", 2},
      {"\"\"", "empty quoted term", 0},
      {"\"a\\b\"", "invalid escape", 2},
      {"\"a\\", "invalid escape", 2},
      {"A!B", "invalid character '!'", 1},
      {"A=B", "invalid character '='", 1},
      {"dog|!cat", "invalid character '!'", 4},
      {"A B", "invalid character ' '", 1},
      {std::string("A\x01", 2), "invalid character 0x01", 1},
      {"A(B)", "expected '&' or '|' before '('", 1},
      {"(A)B", "expected '&' or '|' before 'B'", 3},
      {"\"a\"b", "expected '&' or '|' before 'b'", 3},
      {"A\"b\"", "expected '&' or '|' before '\"'", 1},
      {"\"\xff\"", "not valid UTF-8", 0},
      {"\"\xc0\xaf\"", "not valid UTF-8", 0},  // Overlong '/'.
  };
  for (const BadCase& c : cases) {
    SCOPED_TRACE(c.text);
    Result<VisibilityExpression> parsed = VisibilityExpression::Parse(c.text);
    EXPECT_THAT(parsed, StatusIsWithMessage(StatusCode::kInvalidArgument, c.reason));
    EXPECT_THAT(parsed, StatusIsWithMessage(StatusCode::kInvalidArgument,
                                            "at position " + std::to_string(c.position)));
  }
}

TEST(VisibilityTest, ErrorMessageNamesTheExpression) {
  EXPECT_THAT(VisibilityExpression::Parse("A&B|C"),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "visibility expression \"A&B|C\": cannot mix '&' and '|' "
                                  "without parentheses at position 3"));
}

TEST(VisibilityTest, NestingIsBounded) {
  std::string ok = std::string(100, '(') + "A" + std::string(100, ')');
  EXPECT_OK(VisibilityExpression::Parse(ok));
  std::string deep = std::string(101, '(') + "A" + std::string(101, ')');
  EXPECT_THAT(VisibilityExpression::Parse(deep),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "nested deeper than 100"));
}

TEST(VisibilityTest, EmptyExpressionIsVisibleToAll) {
  ASSERT_OK_AND_ASSIGN(VisibilityExpression empty, VisibilityExpression::Parse(""));
  EXPECT_TRUE(empty.empty());
  EXPECT_TRUE(empty.Evaluate(Authorizations()));
  EXPECT_EQ(empty.Normalized(), "");
  EXPECT_TRUE(VisibilityExpression().Evaluate(Auths({"A"})));
}

// Evaluates `text` for every subset of {A, B, C} (bit 0 = A, bit 1 = B,
// bit 2 = C) and returns the verdicts as a string of 0/1, subset 0 first.
std::string TruthTable(std::string_view text) {
  Result<VisibilityExpression> parsed = VisibilityExpression::Parse(text);
  EXPECT_OK(parsed);
  if (!parsed.ok()) return "";
  std::string out;
  for (int mask = 0; mask < 8; ++mask) {
    std::vector<std::string> auths;
    if (mask & 1) auths.push_back("A");
    if (mask & 2) auths.push_back("B");
    if (mask & 4) auths.push_back("C");
    out.push_back(parsed->Evaluate(Auths(auths)) ? '1' : '0');
  }
  return out;
}

TEST(VisibilityTest, TruthTables) {
  // Subsets in order: {}, A, B, AB, C, AC, BC, ABC.
  EXPECT_EQ(TruthTable("A"), "01010101");
  EXPECT_EQ(TruthTable("A&B"), "00010001");
  EXPECT_EQ(TruthTable("A|B"), "01110111");
  EXPECT_EQ(TruthTable("(A&B)|C"), "00011111");
  EXPECT_EQ(TruthTable("A&(B|C)"), "00010101");
  EXPECT_EQ(TruthTable("A&B&C"), "00000001");
  EXPECT_EQ(TruthTable("A|B|C"), "01111111");
  EXPECT_EQ(TruthTable("(A|B)&(A|C)"), "01010111");
  EXPECT_EQ(TruthTable("((C))"), "00001111");
  EXPECT_EQ(TruthTable("D|A"), "01010101");
}

TEST(VisibilityTest, QuotedTermsMatchUnescapedAuthorizations) {
  ASSERT_OK_AND_ASSIGN(bool seen, EvaluateVisibility("\"a b\"&C", Auths({"a b", "C"})));
  EXPECT_TRUE(seen);
  ASSERT_OK_AND_ASSIGN(seen, EvaluateVisibility("\"a b\"&C", Auths({"a b"})));
  EXPECT_FALSE(seen);
  ASSERT_OK_AND_ASSIGN(seen, EvaluateVisibility("\"x\\\"y\\\\z\"", Auths({"x\"y\\z"})));
  EXPECT_TRUE(seen);
  ASSERT_OK_AND_ASSIGN(seen, EvaluateVisibility("\"abc\"", Auths({"abc"})));
  EXPECT_TRUE(seen);
  ASSERT_OK_AND_ASSIGN(seen, EvaluateVisibility("a", Auths({"A"})));
  EXPECT_FALSE(seen) << "terms are case-sensitive";
  EXPECT_THAT(EvaluateVisibility("A&", Auths({"A"})), StatusIs(StatusCode::kInvalidArgument));
}

TEST(VisibilityTest, NormalizedForm) {
  EXPECT_EQ(Normal("A"), "A");
  EXPECT_EQ(Normal("b&a"), "a&b");
  EXPECT_EQ(Normal("B|A"), "A|B");
  EXPECT_EQ(Normal("(a)"), "a");
  EXPECT_EQ(Normal("((a))"), "a");
  EXPECT_EQ(Normal("a&b&a"), "a&b");
  EXPECT_EQ(Normal("a|(a)"), "a");
  EXPECT_EQ(Normal("a|(b|a)"), "a|b");
  EXPECT_EQ(Normal("(c|b)&a&a"), "a&(b|c)");
  EXPECT_EQ(Normal("(A&B)|C"), "C|(A&B)");
  EXPECT_EQ(Normal("A&(B&(C|D))"), "A&B&(C|D)");
  EXPECT_EQ(Normal("(a&b)|(b&a)"), "a&b");
  EXPECT_EQ(Normal("a&((b&c)|(c&b))"), "a&b&c");
  EXPECT_EQ(Normal("(a&b)|(c|d)"), "c|d|(a&b)");
  EXPECT_EQ(Normal("(a|b|c)&(d|e)"), "(d|e)&(a|b|c)");
  EXPECT_EQ(Normal("(A|B)&(C|D)"), "(A|B)&(C|D)");
  EXPECT_EQ(Normal("orange|(red&yellow)"), "orange|(red&yellow)");
}

TEST(VisibilityTest, NormalizedFormQuotesOnlyWhenNeeded) {
  EXPECT_EQ(Normal("\"abc\""), "abc");
  EXPECT_EQ(Normal("\"abc\"|abc"), "abc");
  EXPECT_EQ(Normal("\"a b\"&C"), "C&\"a b\"");
  EXPECT_EQ(Normal("B&\"A#C\""), "\"A#C\"&B");  // Sorted unquoted: "A#C" < "B".
  EXPECT_EQ(Normal("\"x\\\"y\""), "\"x\\\"y\"");
  EXPECT_EQ(Normal("\"\xc3\xa9\""), "\"\xc3\xa9\"");
}

TEST(VisibilityTest, NormalizedFormIsStableAndEquivalent) {
  for (const char* text : {"(c|b)&a&a", "A&(B|(C&(D|E)))", "\"a b\"|(x&\"a b\")", "z|y|(x&w)"}) {
    SCOPED_TRACE(text);
    std::string once = Normal(text);
    EXPECT_EQ(Normal(once), once);
    ASSERT_OK_AND_ASSIGN(VisibilityExpression original, VisibilityExpression::Parse(text));
    ASSERT_OK_AND_ASSIGN(VisibilityExpression normal, VisibilityExpression::Parse(once));
    for (const auto& auths : std::vector<std::vector<std::string>>{{},
                                                                   {"a"},
                                                                   {"b", "a"},
                                                                   {"c", "a"},
                                                                   {"A", "B"},
                                                                   {"A", "C", "D"},
                                                                   {"a b"},
                                                                   {"x", "w"},
                                                                   {"z"},
                                                                   {"A", "E", "C"}}) {
      EXPECT_EQ(original.Evaluate(Auths(auths)), normal.Evaluate(Auths(auths)));
    }
  }
}

std::string Combined(std::string_view a, std::string_view b) {
  Result<std::string> combined = CombineVisibilities(a, b);
  return combined.ok() ? *combined : combined.status().ToString();
}

TEST(VisibilityTest, CombineVisibilities) {
  EXPECT_EQ(Combined("public", "private"), "private&public");
  EXPECT_EQ(Combined("A|B", "C"), "C&(A|B)");
  EXPECT_EQ(Combined("A&B", "B&C"), "A&B&C");
  EXPECT_EQ(Combined("(A)", "A"), "A");
  EXPECT_EQ(Combined("", "b|a"), "a|b");
  EXPECT_EQ(Combined("A", ""), "A");
  EXPECT_EQ(Combined("", ""), "");
  EXPECT_THAT(CombineVisibilities("A|", "B"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(CombineVisibilities("A", "(B"), StatusIs(StatusCode::kInvalidArgument));
}

TEST(VisibilityTest, AndOfExpressions) {
  ASSERT_OK_AND_ASSIGN(VisibilityExpression a, VisibilityExpression::Parse("x|y"));
  ASSERT_OK_AND_ASSIGN(VisibilityExpression b, VisibilityExpression::Parse("z"));
  VisibilityExpression both = VisibilityExpression::And(a, b);
  EXPECT_EQ(both.text(), "z&(x|y)");
  EXPECT_TRUE(both.Evaluate(Auths({"y", "z"})));
  EXPECT_FALSE(both.Evaluate(Auths({"y"})));
  EXPECT_TRUE(VisibilityExpression::And(VisibilityExpression(), VisibilityExpression()).empty());
}

TEST(VisibilityTest, QuoteVisibilityTerm) {
  EXPECT_EQ(QuoteVisibilityTerm("abc"), "abc");
  EXPECT_EQ(QuoteVisibilityTerm("a b"), "\"a b\"");
  EXPECT_EQ(QuoteVisibilityTerm("x\"y\\"), "\"x\\\"y\\\\\"");
  // A quoted term parses back to itself.
  ASSERT_OK_AND_ASSIGN(bool seen,
                       EvaluateVisibility(QuoteVisibilityTerm("x\"y\\"), Auths({"x\"y\\"})));
  EXPECT_TRUE(seen);
}

TEST(AuthorizationsTest, CreateAndParse) {
  ASSERT_OK_AND_ASSIGN(Authorizations auths, Authorizations::FromCommaSeparated("B,A,B"));
  EXPECT_EQ(auths.size(), 2u);
  EXPECT_TRUE(auths.Contains("A"));
  EXPECT_FALSE(auths.Contains("C"));
  EXPECT_EQ(auths.ToString(), "A,B");
  ASSERT_OK_AND_ASSIGN(Authorizations none, Authorizations::FromCommaSeparated(""));
  EXPECT_TRUE(none.empty());
  EXPECT_THAT(Authorizations::FromCommaSeparated("A,,B"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "authorizations \"A,,B\""));
  EXPECT_THAT(Authorizations::Create({"A", ""}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "authorization 1 is empty"));
}

}  // namespace
}  // namespace quarry
