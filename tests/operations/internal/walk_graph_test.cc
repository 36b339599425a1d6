// The walk cursor over a hand-built WalkGraph, checked against
// GetWalksHandler.walk()/buildWalk(): complete walks only unless partial
// walks are asked for; entities per position; edge sets per (from, to).
#include "operations/internal/walk_graph.h"

#include <set>
#include <string>

#include "gtest/gtest.h"

namespace quarry::operations_internal {
namespace {

Element WalkEdge(int s, int d, int count = 1) {
  Element e = Element::Edge("edge", Value::Int32(s), Value::Int32(d), true,
                            {{"count", Value::Int32(count)}});
  e.set_matched_vertex(MatchedVertex::kSource);
  return e;
}

std::multiset<std::string> Paths(ItemStream& walks) {
  std::multiset<std::string> out;
  for (; walks.Valid(); walks.Next()) {
    const Json& walk = std::get<Json>(walks.item());
    std::string path;
    for (const Json& entry : walk["entities"]) path += entry.begin().key() + ";";
    out.insert(path + std::to_string(walk["edges"].size()));
  }
  return out;
}

// Hop 0: 1->2, 1->3 and a second, different 1->2 edge; hop 1: 2->4.
std::shared_ptr<WalkGraph> Sample() {
  auto g = std::make_shared<WalkGraph>(2);
  HopResults& h0 = g->AddHop(true);
  h0.Add(WalkEdge(1, 2));
  h0.Add(WalkEdge(1, 3));
  h0.Add(WalkEdge(1, 2, 5));
  h0.Add(WalkEdge(1, 2));  // Same edge again: a set keeps it once.
  h0.Add(Element::Entity("entity", Value::Int32(1), {}));
  HopResults& h1 = g->AddHop(true);
  h1.Add(WalkEdge(2, 4));
  return g;
}

TEST(WalkGraphTest, OnlyCompleteWalksByDefault) {
  auto walks = MakeWalkStream(Sample(), {Value::Int32(1)}, false);
  EXPECT_EQ(Paths(*walks), (std::multiset<std::string>{"1;2;4;2"}));
}

TEST(WalkGraphTest, PartialWalksStopAtDeadEnds) {
  auto walks = MakeWalkStream(Sample(), {Value::Int32(1), Value::Int32(9)}, true);
  // 9 has no edges and no entities: a walk with neither (Walk.Builder adds
  // no vertex for an empty entity set when there is no edge).
  EXPECT_EQ(Paths(*walks), (std::multiset<std::string>{"1;2;4;2", "1;3;1", "0"}));
}

TEST(WalkGraphTest, EdgesBetweenTheSameVerticesFormOneSet) {
  auto walks = MakeWalkStream(Sample(), {Value::Int32(1)}, false);
  ASSERT_TRUE(walks->Valid());
  const Json& walk = std::get<Json>(walks->item());
  ASSERT_EQ(walk["edges"].size(), 2u);
  EXPECT_EQ(walk["edges"][0].size(), 2u);  // count 1 and count 5.
  EXPECT_EQ(walk["entities"][0]["1"].size(), 1u);
  EXPECT_TRUE(walk["entities"][2]["4"].empty());
}

}  // namespace
}  // namespace quarry::operations_internal
