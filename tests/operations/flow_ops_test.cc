// If, While, ForEach and the request variables through the executor.
//
// Two graphs from the operations guide. flow.md's (While, If): directed
// "edge" edges 1->2, 1->5, 2->5, 3->2, 3->4, 4->7, 5->6, 6->3, 6->7, 8->5,
// 8->8. core.md's (ForEach; DocFixture): edges 1->2, 1->4, 2->3, 2->4, 2->5,
// 3->4 and entities 1..5. Expected results worked out by hand.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/operations/test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

std::string SeedOut(int v) {
  return R"({"class":"uk.gov.gchq.gaffer.operation.data.EntitySeed","vertex":)" +
         std::to_string(v) + "}";
}

std::string SeedsOut(std::initializer_list<int> vs) {
  std::string out = "[";
  for (int v : vs) out += (out.size() > 1 ? "," : "") + SeedOut(v);
  return out + "]";
}

// The flow.md graph in a FakeGraph with the doc schema.
struct FlowGraph {
  std::shared_ptr<FakeGraph> graph = FakeGraph::WithDocSchema();
  std::unique_ptr<Executor> executor;

  explicit FlowGraph(ExecutorLimits limits = {}) {
    executor = std::make_unique<Executor>(graph, limits);
    const int edges[][2] = {{1, 2}, {1, 5}, {2, 5}, {3, 2}, {3, 4}, {4, 7},
                            {5, 6}, {6, 3}, {6, 7}, {8, 5}, {8, 8}};
    std::string input;
    for (const auto& e : edges) {
      input += (input.empty() ? "" : ",") +
               std::string(R"({"class":"uk.gov.gchq.gaffer.data.element.Edge","group":"edge",)") +
               R"("source":)" + std::to_string(e[0]) + R"(,"destination":)" + std::to_string(e[1]) +
               R"(,"directed":true,"properties":{"count":1}})";
    }
    Result<Json> added = Run(R"({"class":"AddElements","input":[)" + input + "]}");
    EXPECT_TRUE(added.ok()) << added.status().ToString();
  }
  Result<Json> Run(std::string_view text) const { return executor->Execute(User(), text); }
};

TEST(FlowOpsTest, WhileRunsGetAdjacentIdsThreeTimes) {
  // flow.md "Run an operation 3 times": 1 -> {2,5} -> {5,6} -> {6,3,7}.
  FlowGraph g;
  ASSERT_OK_AND_ASSIGN(Json out, g.Run(R"({"class":"While","operation":{"class":"GetAdjacentIds",
      "includeIncomingOutGoing":"OUTGOING"},"maxRepeats":3,"condition":true,
      "input":[{"class":"EntitySeed","vertex":1}]})"));
  EXPECT_TRUE(SameMultiset(out, SeedsOut({6, 3, 7})));
}

TEST(FlowOpsTest, WhileUntilAnEndResultIsFound) {
  // flow.md "Run until an end result is found": stops once 7 is reached,
  // after three hops, well before maxRepeats 20.
  FlowGraph g;
  ASSERT_OK_AND_ASSIGN(Json out, g.Run(R"({"class":"uk.gov.gchq.gaffer.operation.impl.While",
      "conditional":{"transform":{"class":"uk.gov.gchq.gaffer.operation.impl.output.ToSet"},
        "predicate":{"class":"Not","predicate":{"class":"CollectionContains",
          "value":{"class":"EntitySeed","vertex":7}}}},
      "operation":{"class":"GetAdjacentIds","includeIncomingOutGoing":"OUTGOING"},
      "maxRepeats":20,"input":[{"class":"EntitySeed","vertex":1}]})"));
  EXPECT_TRUE(SameMultiset(out, SeedsOut({6, 3, 7})));
  // condition false: the input comes back untouched.
  ASSERT_OK_AND_ASSIGN(out, g.Run(R"({"class":"While","condition":false,
      "operation":{"class":"GetAdjacentIds"},"input":[{"class":"EntitySeed","vertex":1}]})"));
  EXPECT_TRUE(SameMultiset(out, SeedsOut({1})));
}

TEST(FlowOpsTest, WhileOverTheMaximumIsRefusedBeforeAnythingRuns) {
  ExecutorLimits limits;
  limits.max_while_repeats = 50;
  FlowGraph g(limits);
  size_t before = g.graph->elements().size();
  EXPECT_THAT(g.Run(R"({"class":"OperationChain","operations":[
      {"class":"AddElements","input":[{"class":"uk.gov.gchq.gaffer.data.element.Entity",
        "group":"entity","vertex":42,"properties":{"count":1}}]},
      {"class":"If","condition":true,"then":{"class":"While","maxRepeats":51,"condition":true,
        "operation":{"class":"GetAdjacentIds"}}}]})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "operations[1].then.maxRepeats: max repeats of the While "
                                  "operation is too large: 51 > 50"));
  EXPECT_EQ(g.graph->elements().size(), before);  // The AddElements never ran.
  // Gaffer's default bound is While.MAX_REPEATS = 1000.
  FlowGraph defaults;
  EXPECT_THAT(defaults.Run(R"({"class":"While","maxRepeats":1001,"operation":{"class":"Count"}})"),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(FlowOpsTest, IfConditionalOnGetAdjacentIds) {
  // flow.md "Conditionally get elements or limit current results", on the
  // flow graph: the vertices adjacent to 2 are 1, 5, 3 (fewer than 5), so
  // "then" runs; here it turns them into vertices.
  FlowGraph g;
  std::string chain = R"({"class":"OperationChain","operations":[
      {"class":"GetAdjacentIds","input":[{"class":"EntitySeed","vertex":2}]},
      {"class":"uk.gov.gchq.gaffer.operation.impl.If",
       "conditional":{"predicate":{"class":"IsShorterThan","maxLength":MAX,"orEqualTo":false}},
       "then":{"class":"OperationChain","operations":[{"class":"ToVertices"}]},
       "otherwise":{"class":"Limit","resultLimit":1,"truncate":true}}]})";
  std::string five = chain;
  five.replace(five.find("MAX"), 3, "5");
  ASSERT_OK_AND_ASSIGN(Json out, g.Run(five));
  EXPECT_TRUE(SameMultiset(out, "[1,5,3]"));
  std::string three = chain;
  three.replace(three.find("MAX"), 3, "3");  // 3 is not shorter than 3: "otherwise".
  ASSERT_OK_AND_ASSIGN(out, g.Run(three));
  EXPECT_EQ(out.size(), 1u);
  // A boolean condition without the branch taken passes the input through.
  ASSERT_OK_AND_ASSIGN(out, g.Run(R"({"class":"If","condition":false,
      "then":{"class":"Count"},"input":[{"class":"EntitySeed","vertex":8}]})"));
  EXPECT_TRUE(SameMultiset(out, SeedsOut({8})));
  ASSERT_OK_AND_ASSIGN(out, g.Run(R"({"class":"If","condition":true,"then":{"class":"Count"},
      "input":[{"class":"EntitySeed","vertex":8}]})"));
  EXPECT_EQ(out, 1);
}

TEST(FlowOpsTest, ForEachInAChain) {
  // flow.md "Example of ForEach in a chain" (core graph): the vertices
  // adjacent to 1 are 2 and 4; adjacent to 2: 3, 4, 5, 1; to 4: 1, 2, 3.
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"OperationChain","operations":[
      {"class":"GetAdjacentIds","input":[{"class":"EntitySeed","vertex":1}]},
      {"class":"ForEach","operation":{"class":"OperationChain","operations":[
        {"class":"ToSingletonList"},{"class":"GetAdjacentIds"},{"class":"ToVertices"}]}}]})"));
  ASSERT_TRUE(out.is_array());
  ASSERT_EQ(out.size(), 2u);
  Json sorted = Json::array();
  for (const Json& list : out) sorted.push_back(Json(SortedDumps(list)));
  EXPECT_TRUE(SameMultiset(sorted, R"([["1","3","4","5"],["1","2","3"]])"));
}

TEST(FlowOpsTest, ForEachHandsEachItemOnAsItself) {
  // Gaffer's ForEachHandler sets the item itself as the operation's input
  // (ForEachIT): an inner list is counted item by item, and an edge wrapped
  // by ToSingletonList is an edge to ToVertices.
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json counts, f.Run(R"({"class":"ForEach",
      "input":[["java.util.ArrayList",["1","2","3"]],["java.util.ArrayList",[]]],
      "operation":{"class":"Count"}})"));
  EXPECT_EQ(counts, Json::parse("[3,0]"));
  ASSERT_OK_AND_ASSIGN(Json ends, f.Run(R"({"class":"ForEach",
      "input":[{"class":"Edge","group":"edge","source":1,"destination":2,"directed":true}],
      "operation":{"class":"OperationChain","operations":[
        {"class":"ToSingletonList"},{"class":"ToVertices","edgeVertices":"BOTH"}]}})"));
  EXPECT_EQ(ends, Json::parse("[[1,2]]"));
}

TEST(FlowOpsTest, ForEachInsideIf) {
  // The same ForEach as the "then" of an If whose input has more than one
  // item; with IsLongerThan 5 the "otherwise" (Count) runs instead.
  DocFixture f;
  std::string chain = R"({"class":"OperationChain","operations":[
      {"class":"GetAdjacentIds","input":[{"class":"EntitySeed","vertex":1}]},
      {"class":"If","conditional":{"predicate":{"class":"IsLongerThan","minLength":MIN}},
       "then":{"class":"ForEach","operation":{"class":"OperationChain","operations":[
         {"class":"ToSingletonList"},{"class":"GetAdjacentIds"},{"class":"Count"}]}},
       "otherwise":{"class":"Count"}}]})";
  std::string one = chain;
  one.replace(one.find("MIN"), 3, "1");
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(one));
  EXPECT_TRUE(SameMultiset(out, "[4,3]"));  // |adj(2)| = 4, |adj(4)| = 3.
  std::string five = chain;
  five.replace(five.find("MIN"), 3, "5");
  ASSERT_OK_AND_ASSIGN(out, f.Run(five));
  EXPECT_EQ(out, 2);
}

TEST(FlowOpsTest, VariablesAreSetAndReadWithinARequest) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"OperationChain","operations":[
      {"class":"SetVariable","variableName":"seeds","input":[{"class":"EntitySeed","vertex":4}]},
      {"class":"GetVariable","variableName":"seeds"},
      {"class":"GetAdjacentIds"},
      {"class":"ToVertices"}]})"));
  EXPECT_TRUE(SameMultiset(out, "[1,2,3]"));
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"OperationChain","operations":[
      {"class":"SetVariable","variableName":"n","input":[{"class":"EntitySeed","vertex":4}]},
      {"class":"GetElements","input":[{"class":"EntitySeed","vertex":4}]},
      {"class":"Count"},
      {"class":"uk.gov.gchq.gaffer.operation.impl.SetVariable","variableName":"count"},
      {"class":"GetVariables","variableNames":["count","n","unset"]}]})"));
  // Vertex 4: entity 4 and edges 1->4, 2->4, 3->4.
  EXPECT_EQ(out, Json::parse(R"({"count":4,"n":[)" + SeedOut(4) + R"(],"unset":null})"));
  // A variable does not outlive its request.
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"GetVariable","variableName":"n"})"));
  EXPECT_TRUE(out.is_null());
  EXPECT_THAT(f.Run(R"({"class":"GetVariable"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "variableName"));
  EXPECT_THAT(f.Run(R"({"class":"SetVariable","variableName":"x"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "cannot be null"));
}

TEST(FlowOpsTest, BadFlowFieldsNameTheirPath) {
  DocFixture f;
  EXPECT_THAT(f.Run(R"({"class":"If","condition":"yes"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "condition"));
  EXPECT_THAT(f.Run(R"({"class":"If","then":{"class":"NoSuchOp"}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "then.class"));
  EXPECT_THAT(f.Run(R"({"class":"ForEach","input":[1]})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "operation"));
  EXPECT_THAT(f.Run(R"({"class":"While","maxRepeats":-1})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "maxRepeats"));
  // A predicate that cannot take a list of elements.
  EXPECT_THAT(
      f.Run(R"({"class":"OperationChain","operations":[{"class":"GetAllElements"},
      {"class":"If","conditional":{"predicate":{"class":"IsMoreThan","value":1}}}]})"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "operations[1].conditional.predicate"));
}

}  // namespace
}  // namespace quarry
