#include "graph-core/element.h"

#include <algorithm>
#include <functional>
#include <string>
#include <string_view>
#include <tuple>
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

TEST(ElementTest, InPlaceResetsKeepVertexStorageAndNormaliseAsEdgeDoes) {
  const std::string long_name(40, 'z');  // Past the small-string buffer.
  Element reused = Element::Edge("old", Value::String(long_name), Value::String("y"), true, {},
                                 MatchedVertex::kDestination);

  // An undirected edge read under its greater end: source and destination
  // swap, and so does the matched vertex.
  auto [source, destination] = reused.ResetToEdgeInPlace("g", false, MatchedVertex::kSource);
  source->AssignString("B" + long_name);
  destination->AssignString("A");
  reused.NormaliseEdge();
  EXPECT_EQ(reused, Element::Edge("g", Value::String("B" + long_name), Value::String("A"), false,
                                  {}, MatchedVertex::kSource));
  EXPECT_EQ(reused.matched_vertex(), MatchedVertex::kDestination);

  // A directed edge keeps its order; the slot reused the string's buffer.
  Element directed = Element::Edge("old", Value::String(long_name), Value::String("y"), true);
  const char* buffer = directed.source().AsString().data();
  std::tie(source, destination) = directed.ResetToEdgeInPlace("d", true, MatchedVertex::kSource);
  source->AssignString("b" + long_name.substr(1));
  destination->AssignString("a");
  directed.NormaliseEdge();
  EXPECT_EQ(directed, Element::Edge("d", Value::String("b" + long_name.substr(1)),
                                    Value::String("a"), true, {}, MatchedVertex::kSource));
  EXPECT_EQ(directed.source().AsString().data(), buffer);

  directed.ResetToEntityInPlace("e") = Value::Int32(7);
  EXPECT_EQ(directed, Element::Entity("e", Value::Int32(7)));
  EXPECT_EQ(directed.matched_vertex(), std::nullopt);
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

// Decodes "name=value;..." into String properties and counts its calls.
class CountingDecoder : public PropertyDecoder {
 public:
  void DecodeHeld(std::string_view held, Properties* out) const override {
    ++calls;
    out->Clear();
    while (!held.empty()) {
      std::string_view pair = held.substr(0, held.find(';'));
      held.remove_prefix(std::min(held.size(), pair.size() + 1));
      const size_t eq = pair.find('=');
      out->Set(std::string(pair.substr(0, eq)), Value::String(std::string(pair.substr(eq + 1))));
    }
  }
  mutable int calls = 0;
};

TEST(ElementTest, HeldPropertiesAreDecodedOnceOnTheFirstRead) {
  CountingDecoder decoder;
  Properties p{{"stale", Value::Int64(1)}};
  std::string* held = p.Hold(&decoder);
  ASSERT_TRUE(held->empty());
  held->append("a=x;b=y");
  EXPECT_TRUE(p.holds_undecoded());
  EXPECT_EQ(decoder.calls, 0);
  ASSERT_NE(p.Find("b"), nullptr);
  EXPECT_EQ(p.Find("b")->AsString(), "y");
  EXPECT_FALSE(p.Contains("stale"));
  EXPECT_EQ(p.size(), 2u);
  EXPECT_FALSE(p.holds_undecoded());
  EXPECT_EQ(decoder.calls, 1);

  // The next hold starts from an empty buffer and decodes afresh.
  p.Hold(&decoder)->append("c=z");
  EXPECT_EQ(p, (Properties{{"c", Value::String("z")}}));
  EXPECT_EQ(decoder.calls, 2);
}

TEST(ElementTest, EveryReadOfHeldPropertiesDecodesThemFirst) {
  const Properties want{{"a", Value::String("x")}};
  // Each read, on a fresh hold, must see the decoded properties.
  std::vector<std::function<void(Properties&)>> reads = {
      [&](Properties& p) { EXPECT_EQ(p.Get("a").AsString(), "x"); },
      [&](Properties& p) { EXPECT_FALSE(p.empty()); },
      [&](Properties& p) { EXPECT_EQ(p.begin()->first, "a"); },
      [&](Properties& p) { EXPECT_TRUE(p.Erase("a")); },
      [&](Properties& p) {
        *p.Slot("b") = Value::Int64(2);
        EXPECT_EQ(p.size(), 2u);
      },
      [&](Properties& p) {
        p.Set("b", Value::Int64(2));
        EXPECT_TRUE(p.Contains("a"));
      },
      [&](Properties& p) { EXPECT_EQ(p, want); },
      [&](Properties& p) {
        Properties copy(p);
        EXPECT_EQ(copy, want);
      },
      [&](Properties& p) {
        Properties moved(std::move(p));
        EXPECT_EQ(moved, want);
      },
      [&](Properties& p) {
        Properties other;
        other = p;
        EXPECT_EQ(other, want);
      },
  };
  for (size_t i = 0; i < reads.size(); ++i) {
    CountingDecoder decoder;
    Properties p;
    p.Hold(&decoder)->append("a=x");
    reads[i](p);
    EXPECT_EQ(decoder.calls, 1) << "read " << i;
    EXPECT_FALSE(p.holds_undecoded()) << "read " << i;
  }
}

// Every Element carries a Properties, and results and batches hold millions
// of them: lazy decoding may add a pointer or two, not a buffer.
static_assert(sizeof(Properties) <= sizeof(std::vector<Properties::Entry>) + 2 * sizeof(void*));

TEST(ElementTest, CopiesOfAHeldElementNeverHold) {
  CountingDecoder decoder;
  Element e = Element::Entity("G", Value::String("v"));
  e.mutable_properties().Hold(&decoder)->append("a=x");
  const Element copy = e;
  EXPECT_FALSE(copy.properties().holds_undecoded());
  EXPECT_EQ(copy.properties().Get("a").AsString(), "x");
  EXPECT_EQ(decoder.calls, 1);
  // Clear drops held bytes without decoding them.
  e.mutable_properties().Hold(&decoder)->append("a=y");
  e.mutable_properties().Clear();
  EXPECT_TRUE(e.properties().empty());
  EXPECT_EQ(decoder.calls, 1);
}

TEST(ElementTest, AssignKeepingHoldCopiesHeldBytesUndecoded) {
  CountingDecoder decoder;
  Element scan = Element::Edge("G", Value::String("a"), Value::String("b"), true);
  scan.mutable_properties().Hold(&decoder)->append("a=x");
  Element kept = Element::Entity("Old", Value::Int64(1), {{"stale", Value::Int64(2)}});
  kept.AssignKeepingHold(scan);
  EXPECT_TRUE(kept.properties().holds_undecoded());
  EXPECT_TRUE(scan.properties().holds_undecoded());
  EXPECT_EQ(decoder.calls, 0);
  EXPECT_EQ(kept, Element::Edge("G", Value::String("a"), Value::String("b"), true,
                                {{"a", Value::String("x")}}));
  EXPECT_EQ(decoder.calls, 1);  // kept decoded its own copy; scan still holds.
  EXPECT_TRUE(scan.properties().holds_undecoded());
  // From decoded properties it is a plain copy.
  kept.AssignKeepingHold(Element::Entity("E", Value::Int64(3), {{"b", Value::Int64(4)}}));
  EXPECT_EQ(kept, Element::Entity("E", Value::Int64(3), {{"b", Value::Int64(4)}}));
}

TEST(ElementTest, EdgeSeedOrdersOnlyWhenUndirected) {
  EdgeSeed either = MakeEdgeSeed(Value::Int32(3), Value::Int32(2), DirectedType::kEither);
  EXPECT_EQ(either.source, Value::Int32(3));
  EdgeSeed undirected = MakeEdgeSeed(Value::Int32(3), Value::Int32(2), DirectedType::kUndirected);
  EXPECT_EQ(undirected.source, Value::Int32(2));
}

}  // namespace
}  // namespace quarry
