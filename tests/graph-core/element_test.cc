#include "graph-core/element.h"

#include <string>
#include <vector>

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

// ResetToEdge / ResetToEntity must give what Edge() / Entity() give, from
// whatever the element held before.
TEST(ElementTest, ResetsGiveWhatTheFactoriesGive) {
  Element reused = Element::Edge("old", Value::String("x"), Value::String("y"), true,
                                 {{"count", Value::Int32(3)}, {"when", Value::Date(5)}},
                                 MatchedVertex::kDestination);
  reused.ResetToEdge("g", Value::String("B"), Value::String("A"), /*directed=*/false,
                     MatchedVertex::kSource);
  Element expected =
      Element::Edge("g", Value::String("B"), Value::String("A"), false, {}, MatchedVertex::kSource);
  EXPECT_EQ(reused.source(), Value::String("A"));
  EXPECT_EQ(reused.destination(), Value::String("B"));
  EXPECT_FALSE(reused.directed());
  EXPECT_EQ(reused.group(), "g");
  EXPECT_EQ(reused.matched_vertex(), MatchedVertex::kDestination);
  // The properties are the caller's to clear or overwrite.
  EXPECT_EQ(reused.properties().Get("count"), Value::Int32(3));
  reused.mutable_properties().Clear();
  EXPECT_EQ(reused, expected);

  reused.mutable_properties().Set("count", Value::Int64(1));
  reused.ResetToEntity("e", Value::Int32(7));
  reused.mutable_properties().Clear();
  EXPECT_EQ(reused, Element::Entity("e", Value::Int32(7)));
  EXPECT_TRUE(reused.is_entity());
  EXPECT_FALSE(reused.directed());
  EXPECT_EQ(reused.matched_vertex(), std::nullopt);
  EXPECT_TRUE(reused.destination().is_null());

  // A group view into the element's own group name is safe to reset from.
  reused.ResetToEntity(reused.group(), Value::Int32(8));
  EXPECT_EQ(reused.group(), "e");
}

TEST(ElementTest, SlotInsertsInNameOrderAndFindsWhatIsThere) {
  Properties p{{"b", Value::Int32(2)}};
  *p.Slot("c") = Value::Int32(3);
  *p.Slot("a") = Value::Int32(1);
  *p.Slot("b") = Value::String("two");
  std::vector<std::string> names;
  for (const auto& [name, value] : p) names.push_back(name);
  EXPECT_EQ(names, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(p.Get("b"), Value::String("two"));
  p.Clear();
  EXPECT_TRUE(p.empty());
  EXPECT_EQ(p.Find("a"), nullptr);
}

TEST(ElementTest, EdgeSeedOrdersOnlyWhenUndirected) {
  EdgeSeed either = MakeEdgeSeed(Value::Int32(3), Value::Int32(2), DirectedType::kEither);
  EXPECT_EQ(either.source, Value::Int32(3));
  EdgeSeed undirected = MakeEdgeSeed(Value::Int32(3), Value::Int32(2), DirectedType::kUndirected);
  EXPECT_EQ(undirected.source, Value::Int32(2));
}

}  // namespace
}  // namespace quarry
