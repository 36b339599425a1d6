// Expected values from Java's Character.toUpperCase / toLowerCase and the
// Unicode general categories (U+00C4 LATIN CAPITAL LETTER A WITH DIAERESIS
// is Lu, U+00E4 is Ll, U+0416 CYRILLIC CAPITAL ZHE is Lu).
#include "graph-core/internal/unicode_chars.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace quarry::internal {
namespace {

bool InRanges(const std::vector<std::pair<uint32_t, uint32_t>>& ranges, uint32_t cp) {
  return std::any_of(ranges.begin(), ranges.end(),
                     [cp](const auto& r) { return r.first <= cp && cp <= r.second; });
}

TEST(UnicodeCharsTest, CaseMappingsAndFolding) {
  EXPECT_EQ(UnicodeToUpper(0xE4), 0xC4u);
  EXPECT_EQ(UnicodeToLower(0xC4), 0xE4u);
  EXPECT_EQ(UnicodeToLower(0x416), 0x436u);
  EXPECT_EQ(UnicodeFold('Q'), static_cast<uint32_t>('q'));
  EXPECT_EQ(FoldedCodePoints("\xC3\x84R"), (std::vector<uint32_t>{0xE4, 'r'}));
  EXPECT_EQ(FoldedCodePoints("\xFF"), (std::vector<uint32_t>{0xFFFD}));
}

TEST(UnicodeCharsTest, Categories) {
  EXPECT_TRUE(InRanges(UnicodeCategory("Lu"), 0xC4));
  EXPECT_TRUE(InRanges(UnicodeCategory("Lu"), 0x416));
  EXPECT_FALSE(InRanges(UnicodeCategory("Lu"), 0xE4));
  EXPECT_TRUE(InRanges(UnicodeCategory("Ll"), 0xE4));
  EXPECT_TRUE(InRanges(UnicodeCategory("L"), 'a'));
  EXPECT_FALSE(InRanges(UnicodeCategory("L"), '1'));
  EXPECT_TRUE(UnicodeCategory("Nd").empty());
}

}  // namespace
}  // namespace quarry::internal
