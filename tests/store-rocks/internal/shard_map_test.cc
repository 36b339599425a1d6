#include "store-rocks/internal/shard_map.h"

#include <gtest/gtest.h>

#include <string>

using namespace std::string_literals;

namespace quarry::internal {
namespace {

TEST(ShardMapTest, NoSplitPointsIsOneShardInOneInstance) {
  ShardMap map;
  EXPECT_EQ(map.shards(), 1u);
  EXPECT_EQ(map.ShardOf("anything"), 0u);
  EXPECT_EQ(map.Range(0), KeyRange::All());
}

TEST(ShardMapTest, BoundaryIsTheRowPrefixOfAKeyOrThePointItself) {
  // A key "b 00 01 00 Count 00 00" cuts before every key of vertex b.
  EXPECT_EQ(ShardMap::Boundary("b\x00\x01\x00"s
                               "Count\x00\x00"s),
            "b\x00"s);
  EXPECT_EQ(ShardMap::Boundary("m"), "m");
}

TEST(ShardMapTest, KeysFallInTheShardOfTheBoundariesBelowThem) {
  // Points "m" and "c ..." (boundary "c 00"); a repeat makes no extra cut.
  ShardMap map({"m", "c\x00\x05"s, "c\x00\x09"s}, 2);
  ASSERT_EQ(map.shards(), 3u);
  EXPECT_EQ(map.ShardOf("a"), 0u);
  EXPECT_EQ(map.ShardOf("c"), 0u);           // "c" < "c 00".
  EXPECT_EQ(map.ShardOf("c\x00"s), 1u);      // The boundary starts shard 1.
  EXPECT_EQ(map.ShardOf("c\x00\x01"s), 1u);  // Below the point, same vertex.
  EXPECT_EQ(map.ShardOf("l\xff"), 1u);
  EXPECT_EQ(map.ShardOf("m"), 2u);
  EXPECT_EQ(map.ShardOf("z"), 2u);
  EXPECT_EQ(map.InstanceOfShard(0), 0u);
  EXPECT_EQ(map.InstanceOfShard(1), 1u);
  EXPECT_EQ(map.InstanceOfShard(2), 0u);
  EXPECT_EQ(map.InstanceOf("z"), 0u);
}

TEST(ShardMapTest, RangesOfShardsTileTheKeySpace) {
  ShardMap map({"g", "p"}, 1);
  EXPECT_EQ(map.Range(0), KeyRange::HalfOpen("", "g"));
  EXPECT_EQ(map.Range(1), KeyRange::HalfOpen("g", "p"));
  KeyRange last = KeyRange::All();
  last.start = "p";
  EXPECT_EQ(map.Range(2), last);
}

TEST(ShardMapTest, CutSplitsRangesAtBoundariesAndDropsEmptyParts) {
  ShardMap map({"g", "p"}, 1);
  KeyRange closed{"a", "g", true, true};         // [a, g]: reaches shard 1 at g only.
  KeyRange open = KeyRange::HalfOpen("h", "p");  // Ends exactly at a boundary.
  KeyRange all = KeyRange::All();
  auto cut = map.Cut({closed, open, all});
  ASSERT_EQ(cut.size(), 3u);
  EXPECT_EQ(cut[0],
            (std::vector<KeyRange>{KeyRange::HalfOpen("a", "g"), KeyRange::HalfOpen("", "g")}));
  KeyRange g_only{"g", "g", true, true};
  EXPECT_EQ(cut[1], (std::vector<KeyRange>{g_only, KeyRange::HalfOpen("h", "p"),
                                           KeyRange::HalfOpen("g", "p")}));
  KeyRange tail = KeyRange::All();
  tail.start = "p";
  EXPECT_EQ(cut[2], (std::vector<KeyRange>{tail}));
}

}  // namespace
}  // namespace quarry::internal
