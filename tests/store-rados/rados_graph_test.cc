// RadosGraph against the fixture's cluster (label rados).
#include "store-rados/rados_graph.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "store-rados/internal/rados_graph.h"
#include "tests/store-rados/rados_test_env.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing {
namespace {

using ::testing::ElementsAre;

std::vector<Element> Seeded(const Graph& graph, const std::string& vertex) {
  std::vector<ElementId> seeds = {EntitySeed{Value::String(vertex)}};
  return Drain(graph.GetElements(seeds, QueryOptions()));
}

TEST_F(RadosGraphTest, CreateOpenAndRefusals) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  EXPECT_EQ(graph->key_package().Name(), "byteEntity");
  EXPECT_THAT(CreateRadosGraph(StoreTestSchema(), properties_),
              StatusIs(StatusCode::kAlreadyExists));
  ASSERT_OK_AND_ASSIGN(auto reopened, OpenRadosGraph(properties_));
  EXPECT_EQ(reopened->schema()->json(), graph->schema()->json());
  EXPECT_EQ(reopened->created_time_ms(), graph->created_time_ms());
  EXPECT_EQ(dynamic_cast<internal::RadosGraph&>(*reopened).tablets().tablets(), 4u);
  EXPECT_THAT(OpenRadosGraph(properties_, VisibilityTestSchema()),
              StatusIs(StatusCode::kFailedPrecondition));
  EXPECT_THAT(OpenRadosGraph(FreshRadosProperties()), StatusIs(StatusCode::kNotFound));
}

TEST_F(RadosGraphTest, IngestAggregatesAcrossRequestsAndReopen) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  std::vector<Element> first = {CountEntity("a", 2, "f1", "l1"), CountEntity("a", 3, "f2", "l2"),
                                CountEntity("b", 1, "x", "x")};
  ASSERT_OK(graph->AddElements(first, AddElementsOptions(), nullptr));
  ASSERT_OK_AND_ASSIGN(auto other, OpenRadosGraph(properties_));  // A second client.
  std::vector<Element> second = {CountEntity("a", 10, "f3", "l3")};
  ASSERT_OK(other->AddElements(second, AddElementsOptions(), nullptr));
  // Sum 2 + 3 + 10; First keeps the newest write, Last the oldest (§4.2).
  EXPECT_THAT(Sorted(Seeded(*graph, "a")),
              ElementsAre(CountEntity("a", 15, "f3", "l1").DebugString()));
  EXPECT_THAT(Sorted(Seeded(*other, "b")),
              ElementsAre(CountEntity("b", 1, "x", "x").DebugString()));
  EXPECT_TRUE(Seeded(*graph, "zz").empty());
}

TEST_F(RadosGraphTest, NonAggregatedInsertsAreEachKept) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  Element event = Element::Entity("Event", Value::String("e"), {{"note", Value::String("n")}});
  ASSERT_OK(graph->AddElements(std::vector<Element>{event, event}, AddElementsOptions(), nullptr));
  ASSERT_OK_AND_ASSIGN(auto other, OpenRadosGraph(properties_));
  ASSERT_OK(other->AddElements(std::vector<Element>{event}, AddElementsOptions(), nullptr));
  EXPECT_EQ(Seeded(*graph, "e").size(), 3u);
  QueryOptions all;
  EXPECT_EQ(Drain(graph->GetAllElements(all)).size(), 3u);
  ASSERT_OK_AND_ASSIGN(GraphStats stats, graph->Stats());
  EXPECT_EQ(stats.groups["Event"].estimated_keys, 3u);
  EXPECT_EQ(stats.groups["Count"].estimated_keys, 0u);
}

TEST_F(RadosGraphTest, InvalidRequestStoresNothing) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  std::vector<Element> batch = {CountEntity("a", 1),
                                Element::Entity("Nope", Value::String("a"), {})};
  AddElementsResult result;
  EXPECT_THAT(graph->AddElements(batch, AddElementsOptions(), &result),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(result.added, 0u);
  EXPECT_TRUE(Seeded(*graph, "a").empty());
  AddElementsOptions skip;
  skip.skip_invalid_elements = true;
  ASSERT_OK(graph->AddElements(batch, skip, &result));
  EXPECT_EQ(result.added, 1u);
  EXPECT_EQ(result.skipped, 1u);
  EXPECT_EQ(Seeded(*graph, "a").size(), 1u);
}

TEST_F(RadosGraphTest, LargeRequestsAreCutIntoBatches) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  // More entries than one batch holds, on one key and on many.
  std::vector<Element> elements;
  for (int i = 0; i < 5000; ++i) elements.push_back(CountEntity("hot", 1, "f", "l"));
  for (int i = 0; i < 3000; ++i) elements.push_back(CountEntity("v" + std::to_string(i), 2));
  ASSERT_OK(graph->AddElements(elements, AddElementsOptions(), nullptr));
  EXPECT_THAT(Sorted(Seeded(*graph, "hot")),
              ElementsAre(CountEntity("hot", 5000, "f", "l").DebugString()));
  std::vector<Element> all = Drain(graph->GetAllElements(QueryOptions()));
  EXPECT_EQ(all.size(), 3001u);
}

TEST_F(RadosGraphTest, CallersMetadata) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  ASSERT_OK(graph->PutMetadata("job/1", "a"));
  ASSERT_OK(graph->PutMetadata("job/2", std::string("b\x00c", 3)));
  ASSERT_OK(graph->PutMetadata("named/x", "n"));
  ASSERT_OK_AND_ASSIGN(auto value, graph->GetMetadata("job/2"));
  EXPECT_EQ(value, std::optional<std::string>(std::string("b\x00c", 3)));
  ASSERT_OK_AND_ASSIGN(auto missing, graph->GetMetadata("job/9"));
  EXPECT_EQ(missing, std::nullopt);
  ASSERT_OK_AND_ASSIGN(auto jobs, graph->ListMetadata("job/"));
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(jobs[0].first, "job/1");
  EXPECT_EQ(jobs[1].first, "job/2");
  ASSERT_OK(graph->DeleteMetadata("job/1"));
  ASSERT_OK_AND_ASSIGN(auto after, graph->ListMetadata(""));
  EXPECT_EQ(after.size(), 2u);
  EXPECT_THAT(graph->PutMetadata("", "x"), StatusIs(StatusCode::kInvalidArgument));
}

TEST_F(RadosGraphTest, UnsupportedOperationsSaySo) {
  auto graph = CreateGraph(StoreTestSchema(), properties_);
  ASSERT_NE(graph, nullptr);
  EXPECT_THAT(graph->Compact(), StatusIs(StatusCode::kUnimplemented));
  EXPECT_THAT(graph->Checkpoint("/tmp/x"), StatusIs(StatusCode::kUnimplemented));
  EXPECT_THAT(graph->SetSplitPoints({"a"}), StatusIs(StatusCode::kUnimplemented));
  EXPECT_THAT(graph->DeleteAllElements(), StatusIs(StatusCode::kUnimplemented));
}

}  // namespace
}  // namespace quarry::testing
