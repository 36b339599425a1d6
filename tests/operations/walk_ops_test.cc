// GetWalks against the gaffer-doc operations guide's GetWalks graph
// (docs/reference/operations-guide/get.md, "GetWalks Graph"): edges
// 1->2 1->5 2->5 3->2 3->4 4->7 5->6 6->3 6->7 8->5 8->8, each with count =
// source + destination, in group "edge" if that count is even, else "edge1".
// Expected walks are the guide's documented results.
#include <unistd.h>

#include <filesystem>
#include <set>
#include <string>

#include "gtest/gtest.h"
#include "operations/executor.h"
#include "tests/operations/fake_graph.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;

class GetWalksTest : public ::testing::Test {
 protected:
  void SetUp() override {
    graph_ = FakeGraph::WithDocSchema();
    ASSERT_NE(graph_, nullptr);
    AddElementsResult result;
    ASSERT_OK(graph_->AddElements(WalkGraphElements(), AddElementsOptions(), &result));
    executor_ = std::make_unique<Executor>(graph_, limits_);
  }

  static std::vector<Element> WalkGraphElements() {
    std::vector<Element> elements;
    const int kEdges[][2] = {{1, 2}, {1, 5}, {2, 5}, {3, 2}, {3, 4}, {4, 7},
                             {5, 6}, {6, 3}, {6, 7}, {8, 5}, {8, 8}};
    for (const auto& e : kEdges) {
      int count = e[0] + e[1];
      elements.push_back(Element::Edge(count % 2 == 0 ? "edge" : "edge1", Value::Int32(e[0]),
                                       Value::Int32(e[1]), true, {{"count", Value::Int32(count)}}));
    }
    // Our own entities: entity1 with count = vertex on every vertex, and
    // one "entity" on vertex 2, to see where walks pick entities up.
    for (int v = 1; v <= 8; ++v) {
      elements.push_back(Element::Entity("entity1", Value::Int32(v), {{"count", Value::Int32(v)}}));
    }
    elements.push_back(Element::Entity("entity", Value::Int32(2), {{"count", Value::Int32(20)}}));
    return elements;
  }

  Result<Json> Run(const std::string& text) { return executor_->Execute(User(), text); }

  // "1->5->6" for each walk, from its entities' vertex keys.
  static std::multiset<std::string> Paths(const Json& walks) {
    std::multiset<std::string> paths;
    for (const Json& walk : walks) {
      std::string path;
      for (const Json& entry : walk["entities"]) {
        if (!path.empty()) path += "->";
        path += entry.begin().key();
      }
      paths.insert(path);
    }
    return paths;
  }

  // A chain of `n` GetElements hops with the given includeIncomingOutGoing flags.
  static std::string Hops(std::vector<std::string> flags) {
    std::string out;
    for (const std::string& f : flags) {
      if (!out.empty()) out += ",";
      out += R"({"class":"OperationChain","operations":[{"class":"GetElements",)"
             R"("includeIncomingOutGoing":")" +
             f + R"("}]})";
    }
    return out;
  }

  static std::string Walks(const std::string& seed, const std::string& hops,
                           const std::string& extra = "") {
    return R"({"class":"GetWalks","input":[{"class":"EntitySeed","vertex":)" + seed +
           R"(}],"operations":[)" + hops + "]" + extra + "}";
  }

  ExecutorLimits limits_;
  std::shared_ptr<FakeGraph> graph_;
  std::unique_ptr<Executor> executor_;
};

TEST_F(GetWalksTest, OutgoingTwoHopsMatchTheGuide) {
  ASSERT_OK_AND_ASSIGN(
      Json walks, Run(Walks("1", Hops({"OUTGOING", "OUTGOING"}), R"(,"resultsLimit":1000000)")));
  EXPECT_EQ(Paths(walks), (std::multiset<std::string>{"1->5->6", "1->2->5"}));
}

TEST_F(GetWalksTest, WalkJsonHasEdgeSetsPerHopAndEntitiesPerVertex) {
  ASSERT_OK_AND_ASSIGN(Json walks, Run(Walks("1", Hops({"OUTGOING", "OUTGOING"}))));
  const Json* walk = nullptr;
  for (const Json& w : walks) {
    if (w["entities"][1].begin().key() == "5") walk = &w;
  }
  ASSERT_NE(walk, nullptr) << walks.dump();
  // As the guide's JSON: edges 1->5 (edge, count 6) then 5->6 (edge1,
  // count 11), both matched at the source; the final vertex has no
  // entities because the last operation is a hop.
  Json expected_edges = Json::parse(R"([
    [{"class":"uk.gov.gchq.gaffer.data.element.Edge","group":"edge","source":1,"destination":5,
      "directed":true,"matchedVertex":"SOURCE","properties":{"count":6}}],
    [{"class":"uk.gov.gchq.gaffer.data.element.Edge","group":"edge1","source":5,"destination":6,
      "directed":true,"matchedVertex":"SOURCE","properties":{"count":11}}]])");
  EXPECT_EQ((*walk)["edges"], expected_edges);
  Json expected_entities = Json::parse(R"([
    {"1":[{"class":"uk.gov.gchq.gaffer.data.element.Entity","group":"entity1","vertex":1,
           "properties":{"count":1}}]},
    {"5":[{"class":"uk.gov.gchq.gaffer.data.element.Entity","group":"entity1","vertex":5,
           "properties":{"count":5}}]},
    {"6":[]}])");
  EXPECT_EQ((*walk)["entities"], expected_entities);
}

TEST_F(GetWalksTest, IncomingSecondHopMatchesTheGuide) {
  ASSERT_OK_AND_ASSIGN(Json walks, Run(Walks("1", Hops({"OUTGOING", "INCOMING"}))));
  EXPECT_EQ(Paths(walks),
            (std::multiset<std::string>{"1->5->8", "1->5->1", "1->5->2", "1->2->1", "1->2->3"}));
}

TEST_F(GetWalksTest, PreAggregationFiltersChooseTheEdgesMatchesTheGuide) {
  std::string hops = R"(
    {"class":"OperationChain","operations":[{"class":"GetElements",
      "view":{"edges":{"edge":{"preAggregationFilterFunctions":[{"selection":["count"],
        "predicate":{"class":"IsMoreThan","orEqualTo":false,"value":3}}]}}},
      "includeIncomingOutGoing":"OUTGOING"}]},
    {"class":"OperationChain","operations":[{"class":"GetElements",
      "view":{"edges":{"edge1":{"preAggregationFilterFunctions":[{"selection":["count"],
        "predicate":{"class":"IsMoreThan","orEqualTo":false,"value":8}}]}}},
      "includeIncomingOutGoing":"INCOMING"}]})";
  ASSERT_OK_AND_ASSIGN(Json walks, Run(Walks("1", hops)));
  EXPECT_EQ(Paths(walks), (std::multiset<std::string>{"1->5->8"}));
  // A view of edges only: no entities anywhere on the walk.
  ASSERT_EQ(walks.size(), 1u);
  EXPECT_EQ(walks[0]["entities"], Json::parse(R"([{"1":[]},{"5":[]},{"8":[]}])"));
}

TEST_F(GetWalksTest, LastOperationMayFetchEntitiesOnly) {
  std::string hops = R"(
    {"class":"OperationChain","operations":[{"class":"GetElements",
      "view":{"edges":{"edge":{}},"entities":{"entity1":{},"entity":{}}},
      "includeIncomingOutGoing":"OUTGOING"}]},
    {"class":"OperationChain","operations":[{"class":"GetElements",
      "view":{"edges":{"edge1":{}},"entities":{"entity1":{}}},
      "includeIncomingOutGoing":"INCOMING"}]},
    {"class":"OperationChain","operations":[{"class":"GetElements",
      "view":{"entities":{"entity1":{},"entity":{}}},"includeIncomingOutGoing":"INCOMING"}]})";
  ASSERT_OK_AND_ASSIGN(Json walks, Run(Walks("1", hops)));
  EXPECT_EQ(Paths(walks), (std::multiset<std::string>{"1->5->8", "1->5->2"}));
  for (const Json& w : walks) {
    const Json& last = w["entities"][2];
    if (last.begin().key() == "2") {
      EXPECT_EQ(last["2"].size(), 2u) << "entity1 and entity of vertex 2: " << w.dump();
    } else {
      EXPECT_EQ(last["8"].size(), 1u) << w.dump();
    }
  }
}

TEST_F(GetWalksTest, LoopsAndSelfLoopsMatchTheGuide) {
  std::vector<std::string> six(6, "OUTGOING");
  ASSERT_OK_AND_ASSIGN(Json loops, Run(Walks("1", Hops(six))));
  EXPECT_EQ(Paths(loops), (std::multiset<std::string>{"1->5->6->3->2->5->6", "1->2->5->6->3->4->7",
                                                      "1->2->5->6->3->2->5"}));
  ASSERT_OK_AND_ASSIGN(Json self, Run(Walks("8", Hops({"OUTGOING", "OUTGOING", "OUTGOING"}))));
  EXPECT_EQ(Paths(self), (std::multiset<std::string>{"8->8->8->8", "8->8->8->5", "8->8->5->6",
                                                     "8->5->6->3", "8->5->6->7"}));
}

// Not in the guide; worked out from GetWalksHandler.walk(): a dead end
// before the last hop ends the walk there when includePartial is set.
TEST_F(GetWalksTest, IncludePartialKeepsDeadEnds) {
  std::string hops = Hops({"OUTGOING", "OUTGOING"});
  ASSERT_OK_AND_ASSIGN(Json full, Run(Walks("4", hops)));
  EXPECT_TRUE(full.empty()) << full.dump();  // 4->7, and 7 goes nowhere.
  ASSERT_OK_AND_ASSIGN(Json partial, Run(Walks("4", hops, R"(,"includePartial":true)")));
  ASSERT_EQ(partial.size(), 1u);
  EXPECT_EQ(Paths(partial), (std::multiset<std::string>{"4->7"}));
  EXPECT_EQ(partial[0]["edges"].size(), 1u);
}

TEST_F(GetWalksTest, EveryInputSeedStartsWalks) {
  std::string op = R"({"class":"GetWalks","input":[1, {"class":"EntitySeed","vertex":3}],
                       "operations":[)" +
                   Hops({"OUTGOING"}) + "]}";
  ASSERT_OK_AND_ASSIGN(Json walks, Run(op));
  EXPECT_EQ(Paths(walks), (std::multiset<std::string>{"1->2", "1->5", "3->2", "3->4"}));
}

TEST_F(GetWalksTest, SeedsCanComeFromThePreviousOperation) {
  std::string op = R"({"operations":[{"class":"GetAdjacentIds","input":[{"class":"EntitySeed",
      "vertex":6}],"includeIncomingOutGoing":"OUTGOING"},
      {"class":"GetWalks","operations":[)" +
                   Hops({"OUTGOING"}) + "]}]}";
  ASSERT_OK_AND_ASSIGN(Json walks, Run(op));
  EXPECT_EQ(Paths(walks), (std::multiset<std::string>{"3->2", "3->4"}));  // 7 has no way out.
}

TEST_F(GetWalksTest, OverResultsLimitIsAnError) {
  auto walks = Run(Walks("1", Hops({"OUTGOING", "OUTGOING"}), R"(,"resultsLimit":2)"));
  // Hop 0 from 1 returns entity1(1) and two edges: three elements.
  EXPECT_THAT(walks.status(), StatusIs(StatusCode::kResourceExhausted));
  EXPECT_NE(walks.status().message().find("Limit of 2 exceeded"), std::string::npos)
      << walks.status().message();
}

TEST_F(GetWalksTest, ResultsLimitOverTheExecutorsLimitIsRefused) {
  limits_.max_materialised_items = 100;
  executor_ = std::make_unique<Executor>(graph_, limits_);
  auto walks = Run(Walks("1", Hops({"OUTGOING"}), R"(,"resultsLimit":1000)"));
  EXPECT_THAT(walks.status(), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_NE(walks.status().message().find("resultsLimit"), std::string::npos);
}

TEST_F(GetWalksTest, HopRulesAreGaffers) {
  std::string entities_only = R"({"class":"GetElements","view":{"entities":{"entity1":{}}}})";
  auto none = Run(Walks("1", entities_only));
  EXPECT_THAT(none.status(), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_NE(none.status().message().find("no hops"), std::string::npos);

  auto middle = Run(Walks("1", entities_only + "," + Hops({"OUTGOING"})));
  EXPECT_THAT(middle.status(), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_NE(middle.status().message().find("operation chain 0 does not contain a hop"),
            std::string::npos)
      << middle.status().message();

  std::string two = R"({"class":"OperationChain","operations":[{"class":"GetElements"},
                        {"class":"GetElements"}]})";
  auto multiple = Run(Walks("1", two));
  EXPECT_THAT(multiple.status(), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_NE(multiple.status().message().find("multiple hops"), std::string::npos);

  auto with_input = Run(Walks("1", R"({"class":"GetElements","input":[2]})"));
  EXPECT_THAT(with_input.status(), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_NE(with_input.status().message().find("input for operations must be null"),
            std::string::npos);

  auto empty_chain =
      Run(Walks("1", R"({"class":"OperationChain","operations":[]},)" + Hops({"OUTGOING"})));
  EXPECT_THAT(empty_chain.status(), StatusIs(StatusCode::kInvalidArgument));
}

TEST_F(GetWalksTest, EdgeSeedsAndPredicatesThatCannotTakeAWalkAreRefused) {
  auto edge_seed = Run(R"({"class":"GetWalks","input":[{"class":"EdgeSeed","source":1,
      "destination":2,"directedType":"DIRECTED"}],"operations":[)" +
                       Hops({"OUTGOING"}) + "]}");
  EXPECT_THAT(edge_seed.status(), StatusIs(StatusCode::kInvalidArgument));
  // Gaffer: IsTrue cannot take a Walk (a ClassCastException there).
  auto conditional =
      Run(Walks("1", Hops({"OUTGOING"}), R"(,"conditional":{"predicate":{"class":"IsTrue"}})"));
  EXPECT_THAT(conditional.status(), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_NE(conditional.status().message().find("conditional"), std::string::npos);
}

// GetWalksIT.shouldNotFilterAnyWalks...: a conditional whose predicate
// holds for every walk keeps them all; Not of it keeps none.
TEST_F(GetWalksTest, ConditionalKeepsTheWalksItHoldsFor) {
  ASSERT_OK_AND_ASSIGN(Json all, Run(Walks("1", Hops({"OUTGOING", "OUTGOING"}),
                                           R"(,"conditional":{"predicate":{"class":"Exists"}})")));
  EXPECT_EQ(Paths(all), (std::multiset<std::string>{"1->5->6", "1->2->5"}));
  ASSERT_OK_AND_ASSIGN(Json none, Run(Walks("1", Hops({"OUTGOING", "OUTGOING"}),
                                            R"(,"conditional":{"predicate":{"class":"Not",
                               "predicate":{"class":"Exists"}}})")));
  EXPECT_TRUE(none.empty()) << none.dump();
}

// The guide's "Run a while operation within a get walks" and
// GetWalksIT.shouldGetPathsWithWhile: a hop chain holding one While repeats
// its hop maxRepeats times, as that many explicit hops would.
TEST_F(GetWalksTest, WhileHopRepeatsTheHop) {
  std::string loop = R"({"class":"OperationChain","operations":[{"class":"While","maxRepeats":2,
      "condition":true,"operation":{"class":"GetElements","includeIncomingOutGoing":"OUTGOING"}}]})";
  ASSERT_OK_AND_ASSIGN(Json walks, Run(Walks("1", loop)));
  EXPECT_EQ(Paths(walks), (std::multiset<std::string>{"1->5->6", "1->2->5"}));
  // The While's conditional sees the current seeds: stop once 6 is reached.
  std::string until_six = R"({"class":"OperationChain","operations":[{"class":"While",
      "maxRepeats":3,"conditional":{"predicate":{"class":"Not","predicate":{
        "class":"CollectionContains","value":6}}},
      "operation":{"class":"GetElements","includeIncomingOutGoing":"OUTGOING"}}]})";
  // Hop 1 reaches {2,5}, hop 2 {5,6}: 6 is there, so no third hop; with
  // three hops counted, walks of two hops are partial and dropped.
  ASSERT_OK_AND_ASSIGN(Json stopped, Run(Walks("1", until_six)));
  EXPECT_TRUE(stopped.empty()) << stopped.dump();
  ASSERT_OK_AND_ASSIGN(Json partial, Run(Walks("1", until_six, R"(,"includePartial":true)")));
  EXPECT_EQ(Paths(partial), (std::multiset<std::string>{"1->5->6", "1->2->5"}));
}

TEST_F(GetWalksTest, HopViewsMayNameStoredViews) {
  ASSERT_OK(Run(R"({"class": "AddNamedView", "name": "even", "view": {"edges": {"edge": {}}}})")
                .status());
  std::string hops = R"({"class": "GetElements", "includeIncomingOutGoing": "OUTGOING",
                         "view": {"class": "NamedView", "name": "even"}},)" +
                     Hops({"OUTGOING"});
  ASSERT_OK_AND_ASSIGN(Json walks, Run(Walks("1", hops)));
  // Only 1->5 (count 6) is in group "edge" from 1; then 5->6.
  EXPECT_EQ(Paths(walks), (std::multiset<std::string>{"1->5->6"}));
}

// The guide's examples on the RocksDB store (aggregation, both edge rows,
// self loops stored as the store stores them).
TEST_F(GetWalksTest, GuideExamplesOnTheRocksDbStore) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("quarry_walks_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  ASSERT_OK_AND_ASSIGN(std::unique_ptr<Graph> rocks,
                       Graph::Create(dir.string(), graph_->schema(), StoreProperties()));
  std::shared_ptr<Graph> shared(std::move(rocks));
  AddElementsResult added;
  ASSERT_OK(shared->AddElements(WalkGraphElements(), AddElementsOptions(), &added));
  executor_ = std::make_unique<Executor>(shared, limits_);
  ASSERT_OK_AND_ASSIGN(Json outgoing, Run(Walks("1", Hops({"OUTGOING", "OUTGOING"}))));
  EXPECT_EQ(Paths(outgoing), (std::multiset<std::string>{"1->5->6", "1->2->5"}));
  ASSERT_OK_AND_ASSIGN(Json incoming, Run(Walks("1", Hops({"OUTGOING", "INCOMING"}))));
  EXPECT_EQ(Paths(incoming),
            (std::multiset<std::string>{"1->5->8", "1->5->1", "1->5->2", "1->2->1", "1->2->3"}));
  ASSERT_OK_AND_ASSIGN(Json loops, Run(Walks("1", Hops(std::vector<std::string>(6, "OUTGOING")))));
  EXPECT_EQ(Paths(loops), (std::multiset<std::string>{"1->5->6->3->2->5->6", "1->2->5->6->3->4->7",
                                                      "1->2->5->6->3->2->5"}));
  ASSERT_OK_AND_ASSIGN(Json self, Run(Walks("8", Hops({"OUTGOING", "OUTGOING", "OUTGOING"}))));
  EXPECT_EQ(Paths(self), (std::multiset<std::string>{"8->8->8->8", "8->8->8->5", "8->8->5->6",
                                                     "8->5->6->3", "8->5->6->7"}));
  for (const Json& walk : self) {
    for (const Json& edges : walk["edges"]) EXPECT_EQ(edges.size(), 1u) << walk.dump();
  }
  executor_.reset();
  shared.reset();
  fs::remove_all(dir);
}

}  // namespace
}  // namespace quarry
