// Parallel shard scans give exactly the serial scan's output (same elements,
// same order) on random data cut by many split points, for GetAllElements,
// GetElements with many seeds and GetElementsInRanges, with and without a
// view (filters and query-time aggregation) and with visibility auths.
#include <gtest/gtest.h>

#include <random>

#include "graph-core/view.h"
#include "store/graph.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::CountEntity;
using ::quarry::testing::Drain;
using ::quarry::testing::GraphTest;
using ::quarry::testing::InOrder;
using ::quarry::testing::LinkEdge;
using ::quarry::testing::Rocks;
using ::quarry::testing::StoreTestSchema;

constexpr uint32_t kSeed = 20261121;

// Count with count > 3 only; Road summarised over buckets (query-time
// aggregation, groupBy []); Link and Event unfiltered.
View TestView() {
  Json json = Json::parse(R"({
    "entities": {"Count": {"preAggregationFilterFunctions": [{"selection": ["count"],
                  "predicate": {"class": "IsMoreThan", "value": {"Long": 3}}}]},
                 "Event": {}},
    "edges": {"Road": {"groupBy": []}, "Link": {}}})",
                          nullptr, false);
  Result<View> view = ParseView(json, "view");
  EXPECT_TRUE(view.ok()) << view.status().ToString();
  return view.ok() ? *view : View();
}

class ParallelScanTest : public GraphTest {
 protected:
  // Every query's output, in stream order.
  std::vector<std::vector<std::string>> RunQueries(const std::vector<QueryOptions>& options) {
    std::vector<ElementId> seeds;
    std::vector<std::pair<ElementId, ElementId>> ranges;
    for (int i = 0; i < 300; i += 2)
      seeds.push_back(EntitySeed{Value::String("v" + std::to_string(i))});
    for (int i = 0; i < 280; i += 37) {
      ranges.emplace_back(EntitySeed{Value::String("v" + std::to_string(i))},
                          EntitySeed{Value::String("v" + std::to_string(i + 20))});
    }
    std::vector<std::vector<std::string>> out;
    for (const QueryOptions& o : options) {
      out.push_back(InOrder(Drain(graph_->GetAllElements(o))));
      out.push_back(InOrder(Drain(graph_->GetElements(seeds, o))));
      out.push_back(InOrder(Drain(graph_->GetElementsInRanges(ranges, o))));
    }
    return out;
  }

  void ReopenWithThreads(int threads, int read_ahead_cells = 256) {
    graph_.reset();
    StoreProperties props;
    props.raw["quarry.scan.threads"] = std::to_string(threads);
    props.raw["quarry.scan.readahead.cells"] = std::to_string(read_ahead_cells);
    ASSERT_OK_AND_ASSIGN(graph_, Graph::Open(dir_.string(), nullptr, &props));
  }

  std::vector<std::string> SplitPoints(const std::vector<Element>& sample, int shards) {
    Result<std::vector<std::string>> points = graph_->SplitPointsFromSample(sample, shards);
    EXPECT_TRUE(points.ok()) << points.status().ToString();
    std::vector<std::string> out = points.ok() ? *points : std::vector<std::string>();
    out.push_back("v1");  // Shorter points (no 00 byte) cut too.
    out.push_back("v7");
    return out;
  }
};

TEST_F(ParallelScanTest, ShardedParallelScansEqualTheUnshardedSerialScan) {
  SCOPED_TRACE("seed " + std::to_string(kSeed));
  StoreProperties serial;
  serial.raw["quarry.scan.threads"] = "1";
  Create(testing::StoreTestSchema(), serial);
  std::vector<Element> elements = testing::RandomStoreElements(kSeed, 4000, 300);
  for (size_t i = 0; i < elements.size(); i += 500) {
    Add(std::vector<Element>(elements.begin() + i,
                             elements.begin() + std::min(i + 500, elements.size())));
  }
  QueryOptions plain, viewed;
  viewed.view = TestView();
  std::vector<QueryOptions> queries = {plain, viewed};
  auto baseline = RunQueries(queries);
  ASSERT_GT(baseline[0].size(), 1000u);
  ASSERT_GT(baseline[4].size(), 100u);  // The viewed seeded query finds something.

  ASSERT_OK(graph_->SetSplitPoints(SplitPoints(elements, 40)));
  ASSERT_GT(Rocks(*graph_).shard_map().shards(), 30u);
  EXPECT_EQ(RunQueries(queries), baseline) << "serial, sharded";

  ReopenWithThreads(4);
  ASSERT_NE(Rocks(*graph_).scan_arena(), nullptr);
  EXPECT_EQ(RunQueries(queries), baseline) << "parallel, sharded";
  EXPECT_EQ(RunQueries(queries), baseline) << "parallel, again";
}

TEST_F(ParallelScanTest, ParallelScansWithAuthsEqualTheSerialScan) {
  SCOPED_TRACE("seed " + std::to_string(kSeed));
  StoreProperties serial;
  serial.raw["quarry.scan.threads"] = "1";
  Create(testing::VisibilityTestSchema(), serial);
  std::mt19937 rng(kSeed);
  const char* vis[] = {"", "A", "B", "A&B", "A|B"};
  std::vector<Element> elements;
  for (int i = 0; i < 2000; ++i) {
    elements.push_back(Element::Entity(
        "Seen", Value::String("v" + std::to_string(rng() % 300)),
        {{"vis", Value::String(vis[rng() % 5])}, {"count", Value::Int64(rng() % 5 + 1)}}));
  }
  Add(elements);
  std::vector<QueryOptions> queries(3);
  ASSERT_OK_AND_ASSIGN(queries[1].auths, Authorizations::Create({"A"}));
  ASSERT_OK_AND_ASSIGN(queries[2].auths, Authorizations::Create({"A", "B"}));
  auto baseline = RunQueries(queries);
  ASSERT_LT(baseline[0].size(), baseline[3].size());  // Auths matter.
  ASSERT_OK(graph_->SetSplitPoints(SplitPoints(elements, 25)));
  ReopenWithThreads(3);
  EXPECT_EQ(RunQueries(queries), baseline);
}

// An unsharded graph scans serially, so its ranges are read ahead on a
// second thread; after one cell per Seek here, so that nearly every range is.
TEST_F(ParallelScanTest, ReadAheadScansEqualTheDirectScan) {
  SCOPED_TRACE("seed " + std::to_string(kSeed));
  StoreProperties direct;
  direct.raw["quarry.scan.threads"] = "1";
  Create(testing::StoreTestSchema(), direct);
  Add(testing::RandomStoreElements(kSeed, 3000, 100));
  QueryOptions plain, viewed;
  viewed.view = TestView();
  std::vector<QueryOptions> queries = {plain, viewed};
  auto baseline = RunQueries(queries);
  ASSERT_GT(baseline[0].size(), 1000u);
  ReopenWithThreads(2, /*read_ahead_cells=*/1);
  EXPECT_EQ(RunQueries(queries), baseline);
  // Writes landing while a read-ahead stream is open are not seen by it.
  ASSERT_OK_AND_ASSIGN(auto stream, graph_->GetAllElements({}));
  Add(testing::RandomStoreElements(kSeed + 1, 500, 100));
  std::vector<Element> read;
  for (; stream->Valid(); stream->Next()) read.push_back(stream->element());
  ASSERT_OK(stream->status());
  EXPECT_EQ(InOrder(read), baseline[0]);
}

TEST_F(ParallelScanTest, WritesDuringParallelScansAreNotSeenByThem) {
  StoreProperties props;
  props.raw["quarry.scan.threads"] = "4";
  Create(testing::StoreTestSchema(), props);
  std::vector<Element> elements = testing::RandomStoreElements(kSeed, 2000, 200);
  Add(elements);
  ASSERT_OK(graph_->SetSplitPoints(SplitPoints(elements, 16)));
  std::vector<std::string> before = InOrder(Drain(graph_->GetAllElements({})));
  ASSERT_OK_AND_ASSIGN(auto stream, graph_->GetAllElements({}));
  // Writes landing while the stream is open (and its shards are read ahead).
  Add(testing::RandomStoreElements(kSeed + 1, 500, 200));
  std::vector<Element> read;
  for (; stream->Valid(); stream->Next()) read.push_back(stream->element());
  ASSERT_OK(stream->status());
  EXPECT_EQ(InOrder(read), before);
}

// QueryOptions::view_expanded: the store validates such a view but does not
// expand it again. An expanded view with no groups asks for nothing; given
// unexpanded, the same view means every group (Gaffer's empty view).
class ExpandedViewTest : public GraphTest {};

TEST_F(ExpandedViewTest, AnExpandedViewIsNotExpandedAgain) {
  Create(StoreTestSchema());
  Add({CountEntity("a", 3), LinkEdge("a", "b", true, 1)});
  QueryOptions expanded;
  expanded.view = View();
  expanded.view_expanded = true;
  EXPECT_TRUE(Drain(graph_->GetAllElements(expanded)).empty());
  QueryOptions unexpanded;
  unexpanded.view = View();
  EXPECT_EQ(Drain(graph_->GetAllElements(unexpanded)).size(), 2u);
  // An expanded view of one group reads that group only.
  View counts;
  counts.SetEntity("Count", ViewElementDefinition());
  expanded.view = counts;
  std::vector<Element> found = Drain(graph_->GetAllElements(expanded));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].group(), "Count");
}

TEST_F(ExpandedViewTest, AnExpandedViewIsStillValidated) {
  Create(StoreTestSchema());
  View unknown;
  unknown.SetEntity("Nope", ViewElementDefinition());
  QueryOptions options;
  options.view = unknown;
  options.view_expanded = true;
  EXPECT_THAT(graph_->GetAllElements(options),
              ::quarry::testing::StatusIsWithMessage(StatusCode::kInvalidArgument, "Nope"));
}

}  // namespace
}  // namespace quarry
