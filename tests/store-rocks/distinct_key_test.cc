#include "store-rocks/distinct_key.h"

#include <string>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using namespace std::string_literals;
using ::quarry::testing::StatusIs;

TEST(DistinctKeyTest, AppendsSeparatorAndBigEndianId) {
  std::string key = "A\x00\x01\x00g\x00\x00"s;
  std::string stored = key;
  AppendDistinctSuffix(0x0102030405060708ull, &stored);
  EXPECT_EQ(stored, key + "\x00\x01\x02\x03\x04\x05\x06\x07\x08"s);
  ASSERT_OK_AND_ASSIGN(std::string_view stripped, StripDistinctSuffix(stored));
  EXPECT_EQ(stripped, key);
  ASSERT_OK_AND_ASSIGN(uint64_t id, DistinctId(stored));
  EXPECT_EQ(id, 0x0102030405060708ull);
}

TEST(DistinctKeyTest, StoredOrderFollowsKeyOrderThenId) {
  // "A..vis=x" < "A..vis=xy" as key-package keys; suffixes must keep that,
  // whatever the ids.
  std::string a = "A\x00\x01\x00g\x00\x00x"s, b = a + "y";
  std::string sa = a, sb = b, sa2 = a;
  AppendDistinctSuffix(~0ull, &sa);
  AppendDistinctSuffix(0, &sb);
  AppendDistinctSuffix(~0ull - 1, &sa2);
  EXPECT_LT(sa, sb);
  EXPECT_LT(sa2, sa);
}

TEST(DistinctKeyTest, MalformedSuffixIsDataLoss) {
  EXPECT_THAT(StripDistinctSuffix("short"), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(StripDistinctSuffix("A\x00\x01\x00g\x00\x00\x07\x01\x02\x03\x04\x05\x06\x07\x08"s),
              StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(DistinctId("123456789"), StatusIs(StatusCode::kDataLoss));
}

}  // namespace
}  // namespace quarry
