// Resolution of named operation calls and named views before a chain runs
// (Gaffer's NamedOperationResolver and NamedViewResolver), with nesting
// allowed (AddNamedOperationHandler isNestedNamedOperationsAllowed) so that
// loops and the depth limit (NamedOperationResolver DEPTH_LIMIT_DEFAULT = 3)
// can be exercised. Graph: the gaffer-doc operations example; "2-hop" from 1
// gives 3, 4, 5 (operations guide, named.md).
#include <string>

#include "gtest/gtest.h"
#include "tests/operations/test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIsWithMessage;

constexpr char kResolverAddTwoHop[] = R"({
  "class": "AddNamedOperation", "operationName": "2-hop",
  "operationChain": {"operations": [
    {"class": "GetAdjacentIds", "includeIncomingOutGoing": "OUTGOING"},
    {"class": "GetAdjacentIds", "includeIncomingOutGoing": "OUTGOING"}]}})";

constexpr char kResolverSeeds345[] = R"([
  {"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": 3},
  {"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": 4},
  {"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": 5}])";

class NestedNamedOperationsTest : public ::testing::Test {
 protected:
  NestedNamedOperationsTest() {
    ExecutorLimits limits;
    limits.nested_named_operations = true;
    fx_.executor = std::make_unique<Executor>(fx_.graph, limits);
  }
  Status Add(const std::string& name, const std::string& calls) {
    return fx_
        .Run(R"({"class": "AddNamedOperation", "overwriteFlag": true, "operationName": ")" + name +
             R"(", "operationChain": {"operations": [{"class": "NamedOperation",
             "operationName": ")" +
             calls + R"("}]}})")
        .status();
  }
  DocFixture fx_;
};

TEST_F(NestedNamedOperationsTest, NestedCallsResolve) {
  ASSERT_OK(fx_.Run(kResolverAddTwoHop).status());
  ASSERT_OK(Add("wrapper", "2-hop"));
  ASSERT_OK_AND_ASSIGN(Json result, fx_.Run(R"({"class": "NamedOperation", "input": [1],
      "operationName": "wrapper"})"));
  EXPECT_TRUE(SameMultiset(result, kResolverSeeds345));
}

TEST_F(NestedNamedOperationsTest, SelfReferenceIsRefusedWhenAdded) {
  auto self = Add("loop", "loop");
  EXPECT_THAT(self, StatusIsWithMessage(StatusCode::kInvalidArgument, "Self referencing"));
}

TEST_F(NestedNamedOperationsTest, MutualRecursionIsRefusedNamingTheCycle) {
  // b does not exist yet when a is added; then b calls a.
  ASSERT_OK(Add("a", "b"));
  ASSERT_OK(Add("b", "a"));
  auto run = fx_.Run(R"({"class": "NamedOperation", "input": [1], "operationName": "a"})");
  EXPECT_THAT(run.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "a -> b -> a"));
}

TEST_F(NestedNamedOperationsTest, DepthBeyondTheLimitIsRefused) {
  ASSERT_OK(fx_.Run(kResolverAddTwoHop).status());
  ASSERT_OK(Add("n1", "2-hop"));
  ASSERT_OK(Add("n2", "n1"));
  ASSERT_OK(Add("n3", "n2"));
  // n3 -> n2 -> n1 -> 2-hop: four named operations deep, over Gaffer's 3.
  auto run = fx_.Run(R"({"class": "NamedOperation", "input": [1], "operationName": "n3"})");
  EXPECT_THAT(run.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "depth limit of 3"));
  ASSERT_OK_AND_ASSIGN(Json ok, fx_.Run(R"({"class": "NamedOperation", "input": [1],
      "operationName": "n2"})"));
  EXPECT_TRUE(SameMultiset(ok, kResolverSeeds345));
}

TEST_F(NestedNamedOperationsTest, NamedViewsInsideANamedOperationAreResolved) {
  ASSERT_OK(fx_.Run(R"({"class": "AddNamedView", "name": "heavy",
      "view": {"edges": {"edge": {"preAggregationFilterFunctions": [{"selection": ["count"],
        "predicate": {"class": "IsMoreThan", "value": 1}}]}}}})")
                .status());
  ASSERT_OK(fx_.Run(R"({"class": "AddNamedOperation", "operationName": "heavy-hop",
      "operationChain": {"operations": [{"class": "GetAdjacentIds",
        "view": {"class": "NamedView", "name": "heavy"}}]}})")
                .status());
  // From 1 only 1->2 (count 3) passes; 1->4 has count 1.
  ASSERT_OK_AND_ASSIGN(Json result, fx_.Run(R"({"class": "NamedOperation", "input": [1],
      "operationName": "heavy-hop"})"));
  EXPECT_TRUE(SameMultiset(result, R"([{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed",
      "vertex": 2}])"));
}

TEST_F(NestedNamedOperationsTest, NothingRunsWhenResolutionFails) {
  // The AddElements before the unknown named operation must not run.
  auto run = fx_.Run(R"({"operations": [
      {"class": "AddElements", "input": [{"class": "Entity", "group": "entity", "vertex": 9,
        "properties": {"count": 1}}]},
      {"class": "NamedOperation", "operationName": "nope"}]})");
  EXPECT_THAT(run.status(), StatusIsWithMessage(StatusCode::kNotFound, "nope"));
  EXPECT_EQ(fx_.graph->add_calls(), 0);
}
}  // namespace
}  // namespace quarry
