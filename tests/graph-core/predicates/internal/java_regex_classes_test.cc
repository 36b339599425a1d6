// Expected sets from java.util.regex.Pattern's documentation: \p{Upper} is
// ASCII [A-Z] without UNICODE_CHARACTER_CLASS; \p{Lu} is the Unicode
// upper-case letter category (U+00C4 is in it); (?i) folds ASCII letters.
#include "graph-core/predicates/internal/java_regex_classes.h"

#include <gtest/gtest.h>

namespace quarry::internal {
namespace {

bool ClassHas(const CodePointRanges& ranges, uint32_t cp) {
  for (const auto& [lo, hi] : ranges) {
    if (lo <= cp && cp <= hi) return true;
  }
  return false;
}

TEST(JavaRegexClassesTest, NamedClasses) {
  EXPECT_EQ(NamedClassRanges("Upper"), (CodePointRanges{{'A', 'Z'}}));
  EXPECT_TRUE(ClassHas(NamedClassRanges("Lu"), 0xC4));
  EXPECT_TRUE(ClassHas(NamedClassRanges("javaUpperCase"), 0xC4));
  EXPECT_FALSE(ClassHas(NamedClassRanges("Ll"), 0xC4));
  EXPECT_TRUE(NamedClassRanges("Nope").empty());
}

TEST(JavaRegexClassesTest, CaseFolding) {
  CodePointRanges ascii = {{'a', 'c'}, {0xE4, 0xE4}};
  AddAsciiCaseFold(&ascii);
  EXPECT_TRUE(ClassHas(ascii, 'B'));
  EXPECT_FALSE(ClassHas(ascii, 0xC4));
  CodePointRanges unicode = {{0xE4, 0xE4}};
  AddUnicodeCaseFold(&unicode);
  EXPECT_TRUE(ClassHas(unicode, 0xC4));
  CodePointRanges wide = {{0, 0x10FFFF}};
  AddUnicodeCaseFold(&wide);  // Too wide to fold: unchanged.
  EXPECT_EQ(wide, (CodePointRanges{{0, 0x10FFFF}}));
}

}  // namespace
}  // namespace quarry::internal
