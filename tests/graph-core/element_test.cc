#include "graph-core/element.h"

#include "graph-core/element_id.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

TEST(ElementTest, UndirectedEdgeIsNormalisedAndMatchedVertexFlips) {
  Element e = Element::Edge("g", Value::String("B"), Value::String("A"), /*directed=*/false, {},
                            MatchedVertex::kSource);
  EXPECT_EQ(e.source(), Value::String("A"));
  EXPECT_EQ(e.destination(), Value::String("B"));
  EXPECT_EQ(e.matched_vertex(), MatchedVertex::kDestination);
}

TEST(ElementTest, DirectedEdgeKeepsOrder) {
  Element e = Element::Edge("g", Value::String("B"), Value::String("A"), /*directed=*/true);
  EXPECT_EQ(e.source(), Value::String("B"));
}

TEST(ElementTest, EqualityIgnoresMatchedVertex) {
  Element a = Element::Edge("g", Value::Int32(1), Value::Int32(2), true,
                            {{"count", Value::Int32(3)}}, MatchedVertex::kSource);
  Element b = Element::Edge("g", Value::Int32(1), Value::Int32(2), true,
                            {{"count", Value::Int32(3)}}, MatchedVertex::kDestination);
  EXPECT_EQ(a, b);
  EXPECT_EQ(ElementHash()(a), ElementHash()(b));
  Element c =
      Element::Edge("g", Value::Int32(1), Value::Int32(2), true, {{"count", Value::Int64(3)}});
  EXPECT_NE(a, c);
}

TEST(ElementTest, PropertiesSetNullRemoves) {
  Properties p{{"a", Value::Int32(1)}};
  p.Set("a", Value());
  EXPECT_TRUE(p.empty());
  EXPECT_TRUE(p.Get("missing").is_null());
}

TEST(ElementTest, IdentifiersResolve) {
  Element e =
      Element::Edge("g", Value::Int32(1), Value::Int32(2), true, {}, MatchedVertex::kDestination);
  EXPECT_EQ(e.GetIdentifierOrProperty("MATCHED_VERTEX"), Value::Int32(2));
  EXPECT_EQ(e.GetIdentifierOrProperty("ADJACENT_MATCHED_VERTEX"), Value::Int32(1));
  EXPECT_EQ(e.GetIdentifierOrProperty("DIRECTED"), Value::Bool(true));
  EXPECT_EQ(e.GetIdentifierOrProperty("GROUP"), Value::String("g"));
}

TEST(ElementTest, EdgeSeedOrdersOnlyWhenUndirected) {
  EdgeSeed either = MakeEdgeSeed(Value::Int32(3), Value::Int32(2), DirectedType::kEither);
  EXPECT_EQ(either.source, Value::Int32(3));
  EdgeSeed undirected = MakeEdgeSeed(Value::Int32(3), Value::Int32(2), DirectedType::kUndirected);
  EXPECT_EQ(undirected.source, Value::Int32(2));
}

}  // namespace
}  // namespace quarry
