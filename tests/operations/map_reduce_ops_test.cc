// Map and Reduce through the executor, on the gaffer-doc operations example
// graph (DocFixture: entities 1..5 with counts 3,1,2,1,3; directed edges
// 1->2, 1->4, 2->3, 2->4, 2->5, 3->4). Expected results from core.md's
// examples and worked out by hand from that data.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/operations/test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

Json J(std::string_view text) { return Json::parse(text); }

TEST(MapOpTest, FirstItemOfGetElementsIsOneEntity) {
  // core.md "Example extracting from get elements": one entity (not a list)
  // of the two seeds' entities: vertex 1 (count 3) or vertex 2 (count 1).
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"OperationChain","operations":[
      {"class":"GetElements","input":[{"class":"EntitySeed","vertex":1},{"class":"EntitySeed","vertex":2}],
       "view":{"entities":{"entity":{}}}},
      {"class":"Map","functions":[{"class":"FirstItem"}]}]})"));
  ASSERT_TRUE(out.is_object()) << out.dump();
  EXPECT_EQ(out["class"], "uk.gov.gchq.gaffer.data.element.Entity");
  int vertex = out["vertex"].get<int>();
  ASSERT_TRUE(vertex == 1 || vertex == 2) << out.dump();
  EXPECT_EQ(out["properties"]["count"], vertex == 1 ? 3 : 1);
}

TEST(MapOpTest, IterableFunctionExtractsEachElementsProperty) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"OperationChain","operations":[
      {"class":"GetAllElements","view":{"entities":{"entity":{}}}},
      {"class":"Map","functions":[{"class":"IterableFunction","functions":[
          {"class":"ExtractProperty","name":"count"}]}]}]})"));
  EXPECT_TRUE(SameMultiset(out, "[3, 1, 2, 1, 3]"));
}

TEST(MapOpTest, ExtractIdThenToEntityIdFeedsTheNextHop) {
  // Destinations of 1's outgoing edges (2 and 4) as seeds, then their entities.
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"OperationChain","operations":[
      {"class":"GetElements","input":[{"class":"EntitySeed","vertex":1}],
       "includeIncomingOutGoing":"OUTGOING","view":{"edges":{"edge":{}}}},
      {"class":"Map","functions":[{"class":"IterableFunction","functions":[
          {"class":"ExtractId","id":"DESTINATION"},{"class":"ToEntityId"}]}]},
      {"class":"GetElements","view":{"entities":{"entity":{}}}},
      {"class":"Map","functions":[{"class":"IterableFunction","functions":[
          {"class":"ExtractId","id":"VERTEX"}]}]}]})"));
  EXPECT_TRUE(SameMultiset(out, "[2, 4]"));
}

TEST(MapOpTest, DocExampleFirstItemsFromWalks) {
  // core.md "Example extracting first items from walks": the sources of the
  // first edges of the walks from 1 and 2 are {1, 2}.
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"OperationChain","operations":[
      {"class":"GetWalks","input":[{"class":"EntitySeed","vertex":1},{"class":"EntitySeed","vertex":2}],
       "operations":[{"class":"OperationChain","operations":[
         {"class":"GetElements","view":{"edges":{"edge":{}}}}]}],"resultsLimit":100},
      {"class":"Map","functions":[{"class":"IterableFunction","functions":[
          {"class":"ExtractWalkEdgesFromHop","hop":0},{"class":"FirstItem"}]}]},
      {"class":"ToVertices","edgeVertices":"SOURCE"},
      {"class":"uk.gov.gchq.gaffer.operation.impl.output.ToSet"}]})"));
  EXPECT_TRUE(SameMultiset(out, "[1, 2]"));
}

TEST(MapOpTest, ExplicitSingleInputAndGraphCoreFunction) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"Map","input":"abc",
      "functions":[{"class":"ToUpperCase"}]})"));
  EXPECT_EQ(out, J(R"("ABC")"));
  ASSERT_OK_AND_ASSIGN(Json one, f.Run(R"({"class":"Map","input":[1,2,3],
      "function":{"class":"uk.gov.gchq.koryphe.impl.function.LastItem"}})"));
  EXPECT_EQ(one, J("3"));
}

TEST(MapOpTest, InsideForEachMapsEachSeedsEdges) {
  // Nested: ForEach over seeds 1 and 3; per seed the destinations of its
  // outgoing edges (1: 2 and 4; 3: 4).
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"ForEach",
      "input":[{"class":"EntitySeed","vertex":1},{"class":"EntitySeed","vertex":3}],
      "operation":{"class":"OperationChain","operations":[
        {"class":"ToSingletonList"},
        {"class":"GetElements","includeIncomingOutGoing":"OUTGOING","view":{"edges":{"edge":{}}}},
        {"class":"Map","functions":[{"class":"IterableFunction","functions":[
            {"class":"ExtractId","id":"DESTINATION"}]},{"class":"ToSet"}]}]}})"));
  ASSERT_TRUE(out.is_array() && out.size() == 2) << out.dump();
  EXPECT_TRUE(SameMultiset(out[0], "[2, 4]")) << out.dump();
  EXPECT_EQ(out[1], J("[4]"));
}

TEST(MapOpTest, InsideNamedOperationWithAParameter) {
  // Nested: a named operation extracting one property, named by a parameter,
  // from its input's elements: entities 1 and 3 have counts 3 and 2.
  DocFixture f;
  ASSERT_OK(f.Run(R"({"class":"AddNamedOperation","operationName":"extract",
      "operationChain":"{\"operations\":[{\"class\":\"GetElements\",\"view\":{\"entities\":{\"entity\":{}}}},{\"class\":\"Map\",\"functions\":[{\"class\":\"IterableFunction\",\"functions\":[{\"class\":\"ExtractProperty\",\"name\":\"${property}\"}]}]}]}",
      "parameters":{"property":{"description":"the property to extract","valueClass":"java.lang.String","defaultValue":"nothing","required":false}}})")
                .status());
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"NamedOperation","operationName":"extract",
      "parameters":{"property":"count"},
      "input":[{"class":"EntitySeed","vertex":1},{"class":"EntitySeed","vertex":3}]})"));
  EXPECT_TRUE(SameMultiset(out, "[3, 2]"));
}

TEST(MapOpTest, BadInputsAreRefusedWithTheirPath) {
  DocFixture f;
  EXPECT_THAT(f.Run(R"({"class":"Map"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "functions: required"));
  EXPECT_THAT(f.Run(R"({"class":"Map","functions":[{"class":"FirstItem"}]})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "Input cannot be null"));
  EXPECT_THAT(
      f.Run(
          R"({"class":"Map","input":[1],"functions":[{"class":"ExtractProperty","name":"count"}]})"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "not an element"));
  EXPECT_THAT(f.Run(R"({"operations":[{"class":"Map","input":1,"functions":[{"class":"Nope"}]}]})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "operations[0].functions[0]"));
}

TEST(MapOpTest, MaterialisationLimitIsEnforced) {
  ExecutorLimits limits;
  limits.max_materialised_items = 3;
  DocFixture f(limits);
  EXPECT_THAT(f.Run(R"({"class":"OperationChain","operations":[{"class":"GetAllElements"},
      {"class":"Map","functions":[{"class":"Size"}]}]})"),
              StatusIsWithMessage(StatusCode::kResourceExhausted, "Map"));
}

TEST(ReduceOpTest, DocExampleSumsAdjacentVerticesPerSeed) {
  // core.md "Example of reduce": 1's neighbours are 2 and 4; 2's neighbours
  // 1, 3, 4, 5 sum to 13; 4's neighbours 1, 2, 3 sum to 6.
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"OperationChain","operations":[
      {"class":"GetAdjacentIds","input":[{"class":"EntitySeed","vertex":1}]},
      {"class":"ForEach","operation":{"class":"OperationChain","operations":[
        {"class":"ToSingletonList"},{"class":"GetAdjacentIds"},{"class":"ToVertices"},
        {"class":"Reduce","aggregateFunction":{"class":"Sum"}}]}}]})"));
  EXPECT_TRUE(SameMultiset(out, "[6, 13]"));
}

TEST(ReduceOpTest, IdentityIsTheStartingValue) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json sum, f.Run(R"({"class":"Reduce","input":[1,2,3],"identity":10,
      "aggregateFunction":{"class":"uk.gov.gchq.koryphe.impl.binaryoperator.Sum"}})"));
  EXPECT_EQ(sum, J("16"));
  ASSERT_OK_AND_ASSIGN(Json max, f.Run(R"({"class":"Reduce","input":["b","c","a"],
      "aggregateFunction":{"class":"Max"}})"));
  EXPECT_EQ(max, J(R"("c")"));
  // Empty input: the identity.
  ASSERT_OK_AND_ASSIGN(Json empty, f.Run(R"({"class":"Reduce","input":[],"identity":7,
      "aggregateFunction":{"class":"Sum"}})"));
  EXPECT_EQ(empty, J("7"));
}

TEST(ReduceOpTest, BadInputsAreRefused) {
  DocFixture f;
  EXPECT_THAT(f.Run(R"({"class":"Reduce","input":[1]})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "aggregateFunction: required"));
  EXPECT_THAT(f.Run(R"({"class":"Reduce","aggregateFunction":{"class":"Sum"}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "Input cannot be null"));
  EXPECT_THAT(f.Run(R"({"class":"OperationChain","operations":[{"class":"GetAllElements"},
      {"class":"Reduce","aggregateFunction":{"class":"Sum"}}]})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "not elements"));
  EXPECT_THAT(f.Run(R"({"class":"Reduce","input":[1,"a"],"aggregateFunction":{"class":"Sum"}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "aggregateFunction"));
}

}  // namespace
}  // namespace quarry
