#include "store-rados/tablet_map.h"

#include <gtest/gtest.h>

#include <set>

namespace quarry {
namespace {

TEST(TabletMapTest, Fnv1a64MatchesThePublishedVectors) {
  // FNV-1a 64 test vectors (Fowler/Noll/Vo reference: "" and "a").
  EXPECT_EQ(Fnv1a64(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(Fnv1a64("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(Fnv1a64("foobar"), 0x85944171f73967e8ull);
}

TEST(TabletMapTest, EveryRowOfAVertexLandsInOneTablet) {
  TabletMap map("g", 8);
  const std::string entity("v1\x00\x01", 4);
  const std::string edge("v1\x00\x02\x00v2\x00\x02", 9);
  EXPECT_EQ(map.TabletOf(entity), map.TabletOf(edge));
  EXPECT_EQ(map.TabletOf(entity), Fnv1a64(std::string("v1\x00", 3)) & 7);
  std::set<uint32_t> used;
  for (int i = 0; i < 200; ++i) {
    uint32_t t = map.TabletOf("v" + std::to_string(i) + std::string("\x00\x01", 2));
    EXPECT_LT(t, 8u);
    used.insert(t);
  }
  EXPECT_EQ(used.size(), 8u);
}

TEST(TabletMapTest, RangeWithinOneRowPrefixHasOneTablet) {
  TabletMap map("g", 8);
  const std::string v1("v1\x00", 3);
  KeyRange vertex = KeyRange::Prefix(v1);
  EXPECT_EQ(map.TabletOfRange(vertex), map.TabletOf(v1 + "\x01"));
  EXPECT_EQ(map.TabletOfRange(KeyRange::All()), -1);
  EXPECT_EQ(map.TabletOfRange(KeyRange::HalfOpen(v1, "v3")), -1);
  KeyRange inclusive_successor = vertex;
  inclusive_successor.end_inclusive = true;
  EXPECT_EQ(map.TabletOfRange(inclusive_successor), -1);
  EXPECT_EQ(TabletMap("g", 1).TabletOfRange(KeyRange::All()), 0);
}

TEST(TabletMapTest, ObjectNames) {
  TabletMap map("roads", 4);
  EXPECT_EQ(map.MetaObject(), "roads.meta");
  EXPECT_EQ(map.TabletObject(3), "roads.tablet.3");
}

}  // namespace
}  // namespace quarry
