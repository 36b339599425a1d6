#include "graph-core/predicates/internal/java_regex.h"

#include <optional>
#include <string>

#include "graph-core/predicates/internal/java_regex_ast.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::internal {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

// Matches(pattern, input) with the expectation written as Java's
// Pattern.matches(pattern, input) would answer.
bool Matches(std::string_view pattern, std::string_view input) {
  Result<JavaRegex> r = JavaRegex::Compile(pattern);
  EXPECT_TRUE(r.ok()) << pattern << ": " << r.status().ToString();
  return r.ok() && r->FullMatch(input);
}

TEST(JavaRegexTest, LiteralsAreFullMatches) {
  EXPECT_TRUE(Matches("abc", "abc"));
  EXPECT_FALSE(Matches("abc", "abcd"));
  EXPECT_FALSE(Matches("abc", "xabc"));
  EXPECT_TRUE(Matches("", ""));
  EXPECT_FALSE(Matches("", "a"));
}

TEST(JavaRegexTest, DotAndClasses) {
  EXPECT_TRUE(Matches("a.c", "abc"));
  EXPECT_FALSE(Matches("a.c", "a\nc"));
  EXPECT_TRUE(Matches("(?s)a.c", "a\nc"));
  EXPECT_TRUE(Matches("[a-c]+", "abcab"));
  EXPECT_FALSE(Matches("[a-c]+", "abd"));
  EXPECT_TRUE(Matches("[^a-c]", "d"));
  EXPECT_FALSE(Matches("[^a-c]", "b"));
  EXPECT_TRUE(Matches("[]a]+", "]a]"));
  EXPECT_TRUE(Matches("[a-]+", "a-a"));
  EXPECT_TRUE(Matches("[\\d_]+", "1_2"));
  EXPECT_TRUE(Matches("[\\D]", "x"));
  EXPECT_FALSE(Matches("[\\D]", "5"));
  EXPECT_TRUE(Matches("\\d{3}-\\d{4}", "555-1234"));
  EXPECT_TRUE(Matches("\\w+\\s\\W", "ab_9 !"));
  EXPECT_TRUE(Matches("\\p{Alpha}\\p{Digit}\\P{Alpha}", "a11"));
  EXPECT_TRUE(Matches("\\p{IsAlpha}", "Q"));
}

TEST(JavaRegexTest, QuantifiersAndAlternation) {
  EXPECT_TRUE(Matches("a*", ""));
  EXPECT_TRUE(Matches("a+b?", "aaa"));
  EXPECT_FALSE(Matches("a+", ""));
  EXPECT_TRUE(Matches("a{2,3}", "aaa"));
  EXPECT_FALSE(Matches("a{2,3}", "aaaa"));
  EXPECT_FALSE(Matches("a{2,3}", "a"));
  EXPECT_TRUE(Matches("a{2,}", "aaaaa"));
  EXPECT_TRUE(Matches("a{2}", "aa"));
  EXPECT_TRUE(Matches("(ab|cd)*e", "abcdabe"));
  EXPECT_FALSE(Matches("(ab|cd)*e", "abce"));
  EXPECT_TRUE(Matches("cat|dog", "dog"));
  EXPECT_FALSE(Matches("cat|dog", "catdog"));
  EXPECT_TRUE(Matches(".*?x", "aaax"));  // lazy: same full-match answer
  EXPECT_TRUE(Matches("(?:a|)+", "aaa"));
  EXPECT_TRUE(Matches("(?<year>\\d{4})-\\d\\d", "2017-01"));
}

TEST(JavaRegexTest, AnchorsAndBoundaries) {
  EXPECT_TRUE(Matches("^abc$", "abc"));
  // $ holds before a final line terminator, but matches() must still consume it.
  EXPECT_FALSE(Matches("abc$", "abc\n"));
  EXPECT_TRUE(Matches("abc$\n", "abc\n"));
  EXPECT_FALSE(Matches("abc\\z\n", "abc\n"));
  EXPECT_TRUE(Matches("a\\b.*", "a b"));
  EXPECT_FALSE(Matches("a\\b.*", "ab"));
  EXPECT_TRUE(Matches("a\\B.*", "ab"));
  EXPECT_FALSE(Matches("a^b", "ab"));
}

TEST(JavaRegexTest, CaseInsensitivity) {
  EXPECT_TRUE(Matches("(?i)hello", "HeLLo"));
  EXPECT_TRUE(Matches("(?i)[a-c]+", "AbC"));
  EXPECT_FALSE(Matches("(?i)[^a]", "A"));
  EXPECT_TRUE(Matches("a(?i:b)c", "aBc"));
  EXPECT_FALSE(Matches("a(?i:b)c", "aBC"));
  EXPECT_TRUE(Matches("(?i)a(?-i)b", "Ab"));
  EXPECT_FALSE(Matches("(?i)a(?-i)b", "AB"));
  EXPECT_FALSE(Matches("hello", "HELLO"));
}

// java.util.regex: (?i) alone folds ASCII; with UNICODE_CASE (?u) every
// letter, so (?iu)är.* matches "ÄRGER" and (?i) does not. \p{Lu} is the
// Unicode upper-case letter category (Character.getType UPPERCASE_LETTER).
TEST(JavaRegexTest, UnicodeCaseAndCategories) {
  EXPECT_TRUE(Matches("(?iu)\u00e4r.*", "\xC3\x84RGER"));
  EXPECT_FALSE(Matches("(?i)\u00e4r.*", "\xC3\x84RGER"));
  EXPECT_TRUE(Matches("\\p{Lu}+", "\xC3\x84RGER"));
  EXPECT_FALSE(Matches("\\p{Lu}+", "\xC3\xA4rger"));
  EXPECT_TRUE(Matches("\\p{Ll}+", "\xC3\xA9t\xC3\xA9"));
  EXPECT_TRUE(Matches("\\p{L}+",
                      "\xC3\x84"
                      "b\xC3\xA9"));
  EXPECT_FALSE(Matches("\\p{L}+", "a1"));
}

TEST(JavaRegexTest, Escapes) {
  EXPECT_TRUE(Matches("a\\.b", "a.b"));
  EXPECT_FALSE(Matches("a\\.b", "axb"));
  EXPECT_TRUE(Matches("\\t\\x41\\u00e9\\x{1F600}\\0101",
                      "\tA\xC3\xA9\xF0\x9F\x98\x80"
                      "A"));
  EXPECT_TRUE(Matches("\\Q.*\\E", ".*"));
  EXPECT_FALSE(Matches("\\Q.*\\E", "ab"));
  EXPECT_TRUE(Matches("M32:\\d+", "M32:1"));
}

TEST(JavaRegexTest, CodePointsNotBytes) {
  EXPECT_TRUE(Matches(".", "\xC3\xA9"));  // one code point, two bytes
  EXPECT_TRUE(Matches("..",
                      "\xF0\x9F\x98\x80"
                      "a"));
  EXPECT_TRUE(Matches("[\xC3\xA0-\xC3\xBF]", "\xC3\xA9"));
  EXPECT_TRUE(Matches(".", "\xFF"));  // invalid UTF-8 is one U+FFFD
}

TEST(JavaRegexTest, LongInputsDoNotRecurse) {
  // std::regex overflows the stack on inputs of this size.
  std::string big(1'000'000, 'a');
  EXPECT_TRUE(Matches("a.*", big));
  EXPECT_TRUE(Matches("[a-z]+", big));
  EXPECT_FALSE(Matches("(a|aa)*b", big));
}

TEST(JavaRegexTest, UnsupportedAndInvalidPatterns) {
  for (const char* bad : {"(a",         "a)",     "[a",    "a{2",     "a{3,1}", "*a",      "a**",
                          "\\",         "\\1",    "(?=a)", "(?<=a)b", "a++",    "[a&&b]",  "[[a]]",
                          "\\p{Greek}", "\\k<x>", "(?x)a", "[z-a]",   "\\xZZ",  "a{1001}", "\\y"}) {
    EXPECT_THAT(JavaRegex::Compile(bad), StatusIs(StatusCode::kInvalidArgument)) << bad;
  }
  EXPECT_THAT(JavaRegex::Compile("ab("),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "invalid regex 'ab('"));
  EXPECT_THAT(JavaRegex::Compile("(((a{1000}){1000}){1000})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "too large"));
  std::string deep(200, '(');
  deep += std::string(200, ')');
  EXPECT_THAT(JavaRegex::Compile(deep),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "deeply"));
}

TEST(JavaRegexTest, RangeHelpers) {
  CodePointRanges r = {{5, 9}, {1, 3}, {4, 4}, {20, 30}};
  NormalizeRanges(&r);
  EXPECT_EQ(r, (CodePointRanges{{1, 9}, {20, 30}}));
  EXPECT_TRUE(RangesContain(r, 1));
  EXPECT_TRUE(RangesContain(r, 30));
  EXPECT_FALSE(RangesContain(r, 0));
  EXPECT_FALSE(RangesContain(r, 15));
  EXPECT_EQ(ComplementRanges(r), (CodePointRanges{{0, 0}, {10, 19}, {31, kMaxCodePoint}}));
}

// Find(pattern, input, from) as Java's Matcher.find(from) would report it:
// "start-end", or "none".
std::string Find(std::string_view pattern, std::string_view input, size_t from = 0) {
  Result<JavaRegex> r = JavaRegex::Compile(pattern);
  EXPECT_TRUE(r.ok()) << pattern << ": " << r.status().ToString();
  if (!r.ok()) return "error";
  std::optional<std::pair<size_t, size_t>> m = r->Find(input, from);
  return m ? std::to_string(m->first) + "-" + std::to_string(m->second) : "none";
}

TEST(JavaRegexFindTest, LeftmostThenJavaPriority) {
  EXPECT_EQ(Find("[tT]ea", "brainteaser"), "5-8");
  EXPECT_EQ(Find("[tT]ea", "TEA"), "none");
  EXPECT_EQ(Find("a+", "baaab"), "1-4");   // greedy: longest from the leftmost start
  EXPECT_EQ(Find("a+?", "baaab"), "1-2");  // lazy: shortest
  EXPECT_EQ(Find("a|ab", "xab"), "1-2");   // first alternative wins, as Java's
  EXPECT_EQ(Find("ab|a", "xab"), "1-3");
  EXPECT_EQ(Find("x*", "abc"), "0-0");  // empty match at the start
  EXPECT_EQ(Find("[ \\t]+", "a \t b", 0), "1-4");
  EXPECT_EQ(Find("b", "abab", 2), "3-4");
  EXPECT_EQ(Find("^a", "aa", 1), "none");     // ^ is the input start only
  EXPECT_EQ(Find("\\bb", "ab b", 1), "3-4");  // \b sees the code point before `from`
  EXPECT_EQ(Find("<.+?>", "<a><b>"), "0-3");
  EXPECT_EQ(Find("<.+>", "<a><b>"), "0-6");
}

TEST(JavaRegexTest, LazyQuantifiersStillFullMatch) {
  EXPECT_TRUE(Matches("a+?b", "aaab"));
  EXPECT_TRUE(Matches("a{1,3}?", "aaa"));
  EXPECT_FALSE(Matches("a{1,3}?", "aaaa"));
}

}  // namespace
}  // namespace quarry::internal
