#include "store-rocks/metadata_format.h"

#include <string>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using namespace std::string_literals;
using ::quarry::testing::StatusIs;

TEST(MetadataFormatTest, SplitPointsRoundTripWithLengthPrefixes) {
  std::vector<std::string> points = {"A\x00"s, "", "B\x00\x01"s};
  std::string bytes = EncodeSplitPoints(points);
  EXPECT_EQ(bytes,
            "\x00\x00\x00\x02"
            "A\x00"
            "\x00\x00\x00\x00"
            "\x00\x00\x00\x03"
            "B\x00\x01"s);
  ASSERT_OK_AND_ASSIGN(auto back, DecodeSplitPoints(bytes));
  EXPECT_EQ(back, points);
  ASSERT_OK_AND_ASSIGN(auto none, DecodeSplitPoints(""));
  EXPECT_TRUE(none.empty());
}

TEST(MetadataFormatTest, TruncatedSplitPointsAreDataLoss) {
  EXPECT_THAT(DecodeSplitPoints("\x00\x00"s), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(DecodeSplitPoints("\x00\x00\x00\x05"
                                "ab"s),
              StatusIs(StatusCode::kDataLoss));
}

TEST(MetadataFormatTest, Numbers) {
  ASSERT_OK_AND_ASSIGN(uint64_t n, ParseMetaNumber(kMetaKeyFormat, "12"));
  EXPECT_EQ(n, 12u);
  EXPECT_THAT(ParseMetaNumber(kMetaKeyFormat, ""), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(ParseMetaNumber(kMetaKeyFormat, "1x"), StatusIs(StatusCode::kDataLoss));
}

}  // namespace
}  // namespace quarry
