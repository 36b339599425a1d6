#include "iterators/key_range.h"

#include <random>
#include <string>
#include <vector>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::testing::ElementsAre;

TEST(KeyRangeTest, DefaultContainsEverything) {
  KeyRange all;
  EXPECT_TRUE(all.Contains(""));
  EXPECT_TRUE(all.Contains("\xff\xff"));
  EXPECT_FALSE(all.has_start());
  EXPECT_FALSE(all.has_end());
  EXPECT_FALSE(all.IsEmpty());
}

TEST(KeyRangeTest, BoundsHonourInclusivity) {
  KeyRange closed = KeyRange::Closed("b", "d");
  EXPECT_FALSE(closed.Contains("a"));
  EXPECT_TRUE(closed.Contains("b"));
  EXPECT_TRUE(closed.Contains("c"));
  EXPECT_TRUE(closed.Contains("d"));
  EXPECT_FALSE(closed.Contains(std::string("d\0", 2)));

  KeyRange half = KeyRange::HalfOpen("b", "d");
  EXPECT_TRUE(half.Contains("b"));
  EXPECT_TRUE(half.Contains("c\xff"));
  EXPECT_FALSE(half.Contains("d"));

  KeyRange open("b", false, "d", false);
  EXPECT_FALSE(open.Contains("b"));
  EXPECT_TRUE(open.Contains(std::string("b\0", 2)));
  EXPECT_TRUE(open.BeforeStart("b"));
  EXPECT_TRUE(open.AfterEnd("d"));
  EXPECT_FALSE(open.AfterEnd("c"));
}

TEST(KeyRangeTest, BytesCompareUnsigned) {
  // 0x80 sorts after 0x7f as RocksDB's bytewise comparator orders it.
  KeyRange r = KeyRange::HalfOpen("\x7f", "\x80");
  EXPECT_TRUE(r.Contains("\x7f\xff"));
  EXPECT_FALSE(r.Contains("\x80"));
  EXPECT_FALSE(r.IsEmpty());
}

TEST(KeyRangeTest, HalfBoundedRanges) {
  EXPECT_TRUE(KeyRange::AtLeast("m").Contains("m"));
  EXPECT_FALSE(KeyRange::AtLeast("m", false).Contains("m"));
  EXPECT_TRUE(KeyRange::AtLeast("m", false).Contains("m\x01"));
  EXPECT_TRUE(KeyRange::AtMost("m").Contains("m"));
  EXPECT_FALSE(KeyRange::AtMost("m", false).Contains("m"));
  EXPECT_TRUE(KeyRange::AtMost("m", false).Contains(""));
  EXPECT_TRUE(KeyRange::Exact("k").Contains("k"));
  EXPECT_FALSE(KeyRange::Exact("k").Contains(std::string("k\0", 2)));
}

TEST(KeyRangeTest, PrefixRange) {
  EXPECT_EQ(KeyRange::Prefix("ab"), KeyRange::HalfOpen("ab", "ac"));
  EXPECT_EQ(KeyRange::Prefix("a\xff"), KeyRange::HalfOpen("a\xff", "b"));
  EXPECT_EQ(KeyRange::Prefix("\xff\xff"), KeyRange::AtLeast("\xff\xff"));
  EXPECT_EQ(KeyRange::Prefix(""), KeyRange::AtLeast(""));
  KeyRange v = KeyRange::Prefix(std::string("V\0\x01", 3));
  EXPECT_TRUE(v.Contains(std::string("V\0\x01", 3)));
  EXPECT_TRUE(v.Contains(std::string("V\0\x01\xff\xff", 5)));
  EXPECT_FALSE(v.Contains(std::string("V\0\x02", 3)));
}

TEST(KeyRangeTest, PrefixSuccessorAndImmediateSuccessor) {
  std::string out = "unchanged";
  EXPECT_FALSE(PrefixSuccessor("", &out));
  EXPECT_FALSE(PrefixSuccessor("\xff", &out));
  EXPECT_EQ(out, "unchanged");
  ASSERT_TRUE(PrefixSuccessor("a\x01\xff\xff", &out));
  EXPECT_EQ(out, "a\x02");
  EXPECT_EQ(ImmediateSuccessor("ab"), std::string("ab\0", 3));
}

TEST(KeyRangeTest, IsEmpty) {
  EXPECT_TRUE(KeyRange::Closed("b", "a").IsEmpty());
  EXPECT_TRUE(KeyRange::HalfOpen("a", "a").IsEmpty());
  EXPECT_FALSE(KeyRange::Exact("a").IsEmpty());
  EXPECT_TRUE(KeyRange("a", false, std::string("a\0", 2), false).IsEmpty());
  EXPECT_FALSE(KeyRange("a", false, std::string("a\0", 2), true).IsEmpty());
  EXPECT_FALSE(KeyRange("a", false, std::string("a\0\0", 3), false).IsEmpty());
  EXPECT_TRUE(KeyRange::AtMost("", false).IsEmpty());
  EXPECT_FALSE(KeyRange::AtMost("", true).IsEmpty());
  EXPECT_FALSE(KeyRange::AtLeast("\xff", false).IsEmpty());
}

TEST(KeyRangeTest, Intersect) {
  EXPECT_EQ(KeyRange::Intersect(KeyRange::Closed("a", "m"), KeyRange::HalfOpen("c", "z")),
            KeyRange::Closed("c", "m"));
  EXPECT_EQ(KeyRange::Intersect(KeyRange::Closed("a", "m"), KeyRange("a", false, "m", false)),
            KeyRange("a", false, "m", false));
  EXPECT_EQ(KeyRange::Intersect(KeyRange::All(), KeyRange::AtMost("q")), KeyRange::AtMost("q"));
  EXPECT_TRUE(
      KeyRange::Intersect(KeyRange::Closed("a", "b"), KeyRange::Closed("c", "d")).IsEmpty());
}

TEST(KeyRangeTest, ToStringEscapes) {
  EXPECT_EQ(KeyRange(std::string("a\0", 2), true, "b", false).ToString(), "[\"a\\x00\", \"b\")");
  EXPECT_EQ(KeyRange::AtMost("z").ToString(), "(-inf, \"z\"]");
  EXPECT_EQ(KeyRange::AtLeast("z", false).ToString(), "(\"z\", +inf)");
}

std::vector<KeyRange> Merged(std::vector<KeyRange> ranges) {
  MergeOverlapping(&ranges);
  return ranges;
}

TEST(KeyRangeTest, MergeOverlappingAccumuloCases) {
  EXPECT_THAT(Merged({KeyRange::Closed("a", "c"), KeyRange::Closed("b", "d")}),
              ElementsAre(KeyRange::Closed("a", "d")));
  EXPECT_THAT(Merged({KeyRange::HalfOpen("a", "b"), KeyRange::Closed("b", "c")}),
              ElementsAre(KeyRange::Closed("a", "c")));
  EXPECT_THAT(Merged({KeyRange::Closed("a", "b"), KeyRange("b", false, "c", true)}),
              ElementsAre(KeyRange::Closed("a", "c")));
  // b is in neither range, so they stay apart.
  EXPECT_THAT(Merged({KeyRange("b", false, "c", true), KeyRange::HalfOpen("a", "b")}),
              ElementsAre(KeyRange::HalfOpen("a", "b"), KeyRange("b", false, "c", true)));
  EXPECT_THAT(Merged({KeyRange::Closed("b", "c"), KeyRange::Closed("a", "d")}),
              ElementsAre(KeyRange::Closed("a", "d")));
  EXPECT_THAT(Merged({KeyRange::Closed("a", "b"), KeyRange::Closed("a", "b")}),
              ElementsAre(KeyRange::Closed("a", "b")));
  EXPECT_THAT(Merged({KeyRange("a", false, "c", true), KeyRange::Closed("a", "b")}),
              ElementsAre(KeyRange::Closed("a", "c")));
}

TEST(KeyRangeTest, MergeOverlappingUnboundedAndEmpty) {
  EXPECT_THAT(Merged({KeyRange::Closed("a", "c"), KeyRange::AtMost("b")}),
              ElementsAre(KeyRange::AtMost("c")));
  EXPECT_THAT(Merged({KeyRange::Closed("b", "c"), KeyRange::AtLeast("a"), KeyRange::Exact("z")}),
              ElementsAre(KeyRange::AtLeast("a")));
  EXPECT_THAT(Merged({KeyRange::Closed("x", "y"), KeyRange::All()}), ElementsAre(KeyRange::All()));
  EXPECT_THAT(Merged({KeyRange::Closed("b", "a"), KeyRange::HalfOpen("c", "c")}), ElementsAre());
  EXPECT_THAT(Merged({}), ElementsAre());
  EXPECT_THAT(Merged({KeyRange::Exact("q"), KeyRange::Exact("c")}),
              ElementsAre(KeyRange::Exact("c"), KeyRange::Exact("q")));
}

// Random ranges over a small alphabet: merging keeps exactly the covered keys
// and leaves sorted ranges that neither overlap nor touch.
TEST(KeyRangeTest, MergeOverlappingPreservesCoverage) {
  const uint32_t seed = 20261121;
  std::mt19937 rng(seed);
  std::vector<std::string> universe;
  for (char a : std::string("abcd")) {
    universe.push_back(std::string(1, a));
    for (char b : std::string("abcd")) universe.push_back(std::string{a, b});
  }
  auto random_key = [&] { return universe[rng() % universe.size()]; };
  for (int trial = 0; trial < 500; ++trial) {
    SCOPED_TRACE("seed=" + std::to_string(seed) + " trial=" + std::to_string(trial));
    std::vector<KeyRange> input;
    int n = 1 + rng() % 5;
    for (int i = 0; i < n; ++i) {
      int kind = rng() % 8;
      std::string start = random_key();
      bool start_inclusive = rng() % 2;
      std::string end = random_key();
      bool end_inclusive = rng() % 2;
      if (kind == 0) {
        input.push_back(KeyRange::AtLeast(start, start_inclusive));
      } else if (kind == 1) {
        input.push_back(KeyRange::AtMost(end, end_inclusive));
      } else {
        input.push_back(KeyRange(start, start_inclusive, end, end_inclusive));
      }
    }
    std::vector<KeyRange> merged = Merged(input);
    for (const std::string& key : universe) {
      bool in_input = false;
      for (const KeyRange& r : input) in_input |= r.Contains(key);
      int hits = 0;
      for (const KeyRange& r : merged) hits += r.Contains(key);
      EXPECT_EQ(hits, in_input ? 1 : 0) << "key " << key;
    }
    for (size_t i = 1; i < merged.size(); ++i) {
      const KeyRange& prev = merged[i - 1];
      const KeyRange& next = merged[i];
      ASSERT_TRUE(prev.has_end() && next.has_start());
      int c = prev.end().compare(next.start());
      EXPECT_TRUE(c < 0 || (c == 0 && !prev.end_inclusive() && !next.start_inclusive()))
          << prev.ToString() << " then " << next.ToString();
    }
  }
}

}  // namespace
}  // namespace quarry
