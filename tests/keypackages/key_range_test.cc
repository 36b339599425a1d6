#include "keypackages/key_range.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace quarry {
namespace {

using namespace std::string_literals;

TEST(KeyRangeTest, HalfOpenContainsStartNotEnd) {
  KeyRange r = KeyRange::HalfOpen("b", "d");
  EXPECT_FALSE(r.Contains("a"));
  EXPECT_TRUE(r.Contains("b"));
  EXPECT_TRUE(r.Contains("c\xff"));
  EXPECT_FALSE(r.Contains("d"));
}

TEST(KeyRangeTest, ExclusiveStartInclusiveEnd) {
  KeyRange r{"b", "d", false, true};
  EXPECT_FALSE(r.Contains("b"));
  EXPECT_TRUE(r.Contains("b\0"s));
  EXPECT_TRUE(r.Contains("d"));
  EXPECT_FALSE(r.Contains("d\0"s));
}

TEST(KeyRangeTest, EmptyEndIsUnbounded) {
  KeyRange r = KeyRange::All();
  EXPECT_TRUE(r.Contains(""));
  EXPECT_TRUE(r.Contains("\xff\xff\xff"));
  EXPECT_FALSE(r.has_end());
}

TEST(KeyRangeTest, PrefixRangeHoldsExactlyPrefixedKeys) {
  KeyRange r = KeyRange::Prefix("a\x01\xff"s);
  EXPECT_EQ(r.start, "a\x01\xff"s);
  EXPECT_EQ(r.end, "a\x02"s);
  EXPECT_TRUE(r.Contains("a\x01\xff\xff\xff"s));
  EXPECT_FALSE(r.Contains("a\x01\xfe"s));
  EXPECT_FALSE(r.Contains("a\x02"s));
}

TEST(KeyRangeTest, PrefixSuccessorOfAllFfIsUnbounded) {
  EXPECT_EQ(PrefixSuccessor("\xff\xff"), "");
  EXPECT_EQ(PrefixSuccessor("a\x00"s), "a\x01"s);
}

TEST(KeyRangeTest, EmptinessCases) {
  EXPECT_TRUE(KeyRange::HalfOpen("b", "b").IsEmpty());
  EXPECT_TRUE(KeyRange::HalfOpen("c", "b").IsEmpty());
  EXPECT_FALSE((KeyRange{"b", "b", true, true}).IsEmpty());
  EXPECT_TRUE((KeyRange{"b", "b\0"s, false, false}).IsEmpty());
  EXPECT_FALSE((KeyRange{"b", "b\0"s, false, true}).IsEmpty());
}

TEST(KeyRangeTest, MergeJoinsOverlappingAndTouchingRanges) {
  std::vector<KeyRange> v = {KeyRange::HalfOpen("e", "g"), KeyRange::HalfOpen("a", "c"),
                             KeyRange::HalfOpen("b", "d"), KeyRange::HalfOpen("d", "e")};
  MergeOverlapping(&v);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0], KeyRange::HalfOpen("a", "g"));
}

TEST(KeyRangeTest, MergeKeepsGapAtExcludedBoundary) {
  std::vector<KeyRange> v = {KeyRange{"a", "c", true, false}, KeyRange{"c", "e", false, false}};
  MergeOverlapping(&v);
  EXPECT_EQ(v.size(), 2u);
}

TEST(KeyRangeTest, MergeWithUnboundedSwallowsLaterRanges) {
  std::vector<KeyRange> v = {KeyRange::HalfOpen("x", "z"), KeyRange::HalfOpen("b", "")};
  MergeOverlapping(&v);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].start, "b");
  EXPECT_FALSE(v[0].has_end());
}

// Random ranges over a tiny alphabet: the merged union contains exactly the
// keys the inputs contain, and the merged ranges are disjoint.
TEST(KeyRangeTest, MergePreservesUnionRandomised) {
  const uint32_t seed = 20261121;
  std::mt19937 rng(seed);
  auto random_key = [&rng]() {
    std::string s;
    int n = rng() % 3;
    for (int i = 0; i < n; ++i) s.push_back("\x00\x01\x02"[rng() % 3]);
    return s;
  };
  std::vector<std::string> probes;
  for (int i = 0; i < 200; ++i) probes.push_back(random_key());
  for (int round = 0; round < 300; ++round) {
    std::vector<KeyRange> in;
    int n = rng() % 5;
    for (int i = 0; i < n; ++i) {
      in.push_back(KeyRange{random_key(), random_key(), rng() % 2 == 0, rng() % 2 == 0});
    }
    std::vector<KeyRange> merged = in;
    MergeOverlapping(&merged);
    for (const std::string& k : probes) {
      int in_count = 0, out_count = 0;
      for (const KeyRange& r : in) in_count += r.Contains(k) ? 1 : 0;
      for (const KeyRange& r : merged) out_count += r.Contains(k) ? 1 : 0;
      ASSERT_EQ(in_count > 0, out_count > 0) << "seed " << seed << " round " << round;
      ASSERT_LE(out_count, 1) << "seed " << seed << " round " << round;
    }
  }
}

TEST(KeyRangeTest, DebugStringShowsHex) {
  EXPECT_EQ(KeyRange::HalfOpen("A\0"s, "A\x01"s).DebugString(), "[41 00, 41 01)");
  EXPECT_EQ(HexBytes("\xff\x00"s), "ff 00");
}

}  // namespace
}  // namespace quarry
