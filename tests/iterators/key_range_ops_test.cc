#include "iterators/key_range_ops.h"

#include <random>
#include <string>
#include <vector>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

KeyRange Range(std::string start, bool start_inclusive, std::string end, bool end_inclusive) {
  return KeyRange{std::move(start), std::move(end), start_inclusive, end_inclusive};
}

TEST(KeyRangeOpsTest, KeyBeforeAndAfterRange) {
  KeyRange open = Range("b", false, "d", false);
  EXPECT_TRUE(KeyBeforeRange(open, "a"));
  EXPECT_TRUE(KeyBeforeRange(open, "b"));
  EXPECT_FALSE(KeyBeforeRange(open, std::string("b\0", 2)));
  EXPECT_TRUE(KeyAfterRange(open, "d"));
  EXPECT_FALSE(KeyAfterRange(open, "c\xff"));
  KeyRange closed = ClosedRange("b", "d");
  EXPECT_FALSE(KeyBeforeRange(closed, "b"));
  EXPECT_FALSE(KeyAfterRange(closed, "d"));
  EXPECT_TRUE(KeyAfterRange(closed, std::string("d\0", 2)));
  // An empty end is unbounded.
  EXPECT_FALSE(KeyAfterRange(RangeFrom("x"), "\xff\xff\xff"));
  EXPECT_FALSE(KeyBeforeRange(KeyRange::All(), ""));
}

TEST(KeyRangeOpsTest, Constructors) {
  EXPECT_EQ(RangeFrom("m", false), Range("m", false, "", false));
  EXPECT_EQ(ClosedRange("a", "c"), Range("a", true, "c", true));
  EXPECT_EQ(ExactRange("k"), Range("k", true, "k", true));
  EXPECT_TRUE(ExactRange("k").Contains("k"));
  EXPECT_FALSE(ExactRange("k").Contains(std::string("k\0", 2)));
}

TEST(KeyRangeOpsTest, RangeResumingAfterKeepsTheEnd) {
  EXPECT_EQ(RangeResumingAfter(ClosedRange("a", "z"), "m"), Range("m", false, "z", true));
  EXPECT_EQ(RangeResumingAfter(KeyRange::All(), "m"), RangeFrom("m", false));
}

TEST(KeyRangeOpsTest, IntersectRangesExamples) {
  EXPECT_EQ(IntersectRanges(ClosedRange("a", "m"), KeyRange::HalfOpen("c", "z")),
            ClosedRange("c", "m"));
  EXPECT_EQ(IntersectRanges(ClosedRange("a", "m"), Range("a", false, "m", false)),
            Range("a", false, "m", false));
  EXPECT_EQ(IntersectRanges(KeyRange::All(), ClosedRange("q", "r")), ClosedRange("q", "r"));
  EXPECT_EQ(IntersectRanges(RangeFrom("q"), KeyRange::All()), RangeFrom("q"));
  EXPECT_TRUE(IntersectRanges(ClosedRange("a", "b"), ClosedRange("c", "d")).IsEmpty());
}

// For random ranges over a small alphabet, a key is in the intersection iff
// it is in both ranges.
TEST(KeyRangeOpsTest, IntersectRangesContainsExactlyCommonKeys) {
  const uint32_t seed = 99;
  std::mt19937 rng(seed);
  std::vector<std::string> universe = {""};
  for (char a : std::string("abc")) {
    universe.push_back(std::string(1, a));
    universe.push_back(std::string(1, a) + std::string(1, '\0'));
    for (char b : std::string("abc")) universe.push_back(std::string{a, b});
  }
  auto random_range = [&] {
    std::string start = universe[rng() % universe.size()];
    std::string end = universe[rng() % universe.size()];
    bool si = rng() % 2;
    bool ei = rng() % 2;
    return Range(start, si, end, ei);
  };
  for (int trial = 0; trial < 2000; ++trial) {
    SCOPED_TRACE("seed=" + std::to_string(seed) + " trial=" + std::to_string(trial));
    KeyRange a = random_range();
    KeyRange b = random_range();
    KeyRange both = IntersectRanges(a, b);
    for (const std::string& key : universe) {
      ASSERT_EQ(both.Contains(key), a.Contains(key) && b.Contains(key))
          << a.DebugString() << " & " << b.DebugString() << " key " << key;
    }
  }
}

}  // namespace
}  // namespace quarry
