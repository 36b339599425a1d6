// Graph: age-off by validation (scan time and compaction), PreviewValidation,
// and locality (a query for one group reads no other group's blocks).
#include <rocksdb/perf_context.h>
#include <rocksdb/perf_level.h>

#include "graph-core/clock.h"
#include "store/graph.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::CountEntity;
using ::quarry::testing::Drain;
using ::quarry::testing::GraphTest;
using ::quarry::testing::LinkEdge;
using ::quarry::testing::ParseSchema;
using ::quarry::testing::RawKeyCount;
using ::quarry::testing::Rocks;
using ::quarry::testing::Sorted;
using ::quarry::testing::StoreTestSchema;
using ::quarry::testing::StoreTestSchemaJson;

Element Aged(std::string v, int64_t time, int64_t count) {
  return Element::Entity("Aged", Value::String(std::move(v)),
                         {{"time", Value::Int64(time)}, {"count", Value::Int64(count)}});
}

uint64_t DeletedByValidation(Graph& graph, const std::string& group) {
  Result<GraphStats> stats = graph.Stats();
  EXPECT_TRUE(stats.ok());
  return stats.ok() ? stats->groups[group].deleted_by_validation : 0;
}

// AgeOff(1000 ms): valid while now - 1000 < time.
TEST_F(GraphTest, AgedOffElementsVanishFromScansAtOnceAndFromDiskAfterCompact) {
  ScopedFakeClock clock(100000);
  Create(StoreTestSchema());
  Add({Aged("a", 99500, 1), Aged("b", 99900, 1), CountEntity("c", 1)});
  Add({Aged("a", 99400, 2)});  // Max keeps 99500.
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))),
            Sorted({Aged("a", 99500, 3), Aged("b", 99900, 1), CountEntity("c", 1)}));
  clock.Set(100600);  // a (99500) is now too old; b (99900) is not.
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))),
            Sorted({Aged("b", 99900, 1), CountEntity("c", 1)}));
  EXPECT_TRUE(Drain(graph_->GetElements(std::vector<ElementId>{EntitySeed{Value::String("a")}}, {}))
                  .empty());
  EXPECT_EQ(RawKeyCount(*graph_, "Aged"), 2u);  // Still on disk...
  EXPECT_EQ(DeletedByValidation(*graph_, "Aged"), 0u);
  ASSERT_OK(graph_->Compact());
  EXPECT_EQ(RawKeyCount(*graph_, "Aged"), 1u);  // ...until compaction.
  EXPECT_EQ(RawKeyCount(*graph_, "Count"), 1u);
  EXPECT_EQ(DeletedByValidation(*graph_, "Aged"), 1u);
  EXPECT_EQ(DeletedByValidation(*graph_, "Count"), 0u);
  // Time passing back does not resurrect it.
  clock.Set(100000);
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))),
            Sorted({Aged("b", 99900, 1), CountEntity("c", 1)}));
}

// Compact() runs one pass where no merge operands are stored (every value
// judged at once) and two where they are (operands folded, then judged).
TEST_F(GraphTest, CompactAgesOffMergedValuesAndFreshOperandsAlike) {
  ScopedFakeClock clock(100000);
  Create(StoreTestSchema());
  Add({Aged("a", 99500, 1), Aged("b", 99900, 1), CountEntity("c", 1)});
  Add({Aged("a", 99400, 2)});
  ASSERT_OK(graph_->Compact());  // Folds a's operands; nothing too old yet.
  EXPECT_EQ(RawKeyCount(*graph_, "Aged"), 2u);
  clock.Set(100600);             // a (99500) too old.
  ASSERT_OK(graph_->Compact());  // Merged values only.
  EXPECT_EQ(RawKeyCount(*graph_, "Aged"), 1u);
  EXPECT_EQ(DeletedByValidation(*graph_, "Aged"), 1u);
  Add({Aged("d", 100000, 1), Aged("d", 99700, 1), Aged("e", 99700, 1)});  // Operands.
  clock.Set(100950);  // b (99900) and e too old; d keeps its max time 100000.
  ASSERT_OK(graph_->Compact());
  EXPECT_EQ(RawKeyCount(*graph_, "Aged"), 1u);
  EXPECT_EQ(DeletedByValidation(*graph_, "Aged"), 3u);
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))),
            Sorted({Aged("d", 100000, 2), CountEntity("c", 1)}));
}

TEST_F(GraphTest, DisabledValidatorKeepsInvalidElements) {
  ScopedFakeClock clock(100000);
  ASSERT_OK_AND_ASSIGN(
      StoreProperties props,
      StoreProperties::Parse("gaffer.store.accumulo.enable.validator.iterator=false", "test"));
  Create(StoreTestSchema(), props);
  Add({Aged("a", 99500, 1)});
  clock.Set(200000);
  EXPECT_EQ(Drain(graph_->GetAllElements({})).size(), 1u);
  ASSERT_OK(graph_->Compact());
  EXPECT_EQ(RawKeyCount(*graph_, "Aged"), 1u);
}

TEST_F(GraphTest, PreviewValidationCountsWithoutDeleting) {
  ScopedFakeClock clock(100000);
  Create(StoreTestSchema());
  Add({Aged("a", 99500, 1), Aged("b", 99900, 1), Aged("c", 99901, 1), CountEntity("d", 1)});
  ASSERT_OK(graph_->Compact());
  // A proposed AgeOff of 100 ms keeps time > 99900: it would delete a and b.
  std::string json = StoreTestSchemaJson();
  json.replace(json.find("\"ageOffTime\": 1000"), 18, "\"ageOffTime\": 100");
  ASSERT_OK_AND_ASSIGN(auto counts, graph_->PreviewValidation(ParseSchema(json)));
  EXPECT_EQ(counts["Aged"], 2u);
  EXPECT_EQ(counts["Count"], 0u);
  EXPECT_EQ(counts.size(), 5u);
  EXPECT_EQ(RawKeyCount(*graph_, "Aged"), 3u);
  EXPECT_EQ(Drain(graph_->GetAllElements({})).size(), 4u);
}

// Block reads of a Count-only query, with a cold cache, after reopening.
uint64_t CountQueryBlockReads(Graph& graph, const QueryOptions& options) {
  rocksdb::SetPerfLevel(rocksdb::PerfLevel::kEnableCount);
  rocksdb::get_perf_context()->Reset();
  auto found =
      Drain(graph.GetElements(std::vector<ElementId>{EntitySeed{Value::String("v7")}}, options));
  uint64_t reads = rocksdb::get_perf_context()->block_read_count;
  rocksdb::SetPerfLevel(rocksdb::PerfLevel::kDisable);
  EXPECT_FALSE(found.empty());
  return reads;
}

TEST_F(GraphTest, QueryForOneGroupReadsNoBlockOfAnotherGroup) {
  QueryOptions count_only;
  count_only.view.emplace();
  count_only.view->SetEntity("Count", ViewElementDefinition());
  std::vector<Element> counts, links;
  for (int i = 0; i < 200; ++i) {
    counts.push_back(CountEntity("v" + std::to_string(i), i));
    links.push_back(LinkEdge("v" + std::to_string(i), "v" + std::to_string(i + 1), true, 1));
  }
  // Graph 1: Count only. Graph 2: the same Count data plus Link data under
  // the same vertices.
  uint64_t alone, beside_links, with_links;
  Create(StoreTestSchema());
  Add(counts);
  ASSERT_OK(graph_->Compact());
  Reopen();
  alone = CountQueryBlockReads(*graph_, count_only);
  graph_.reset();
  std::filesystem::remove_all(dir_);
  Create(StoreTestSchema());
  Add(counts);
  Add(links);
  ASSERT_OK(graph_->Compact());
  Reopen();
  beside_links = CountQueryBlockReads(*graph_, count_only);
  Reopen();
  with_links = CountQueryBlockReads(*graph_, QueryOptions());  // Every group.
  EXPECT_GT(alone, 0u);
  EXPECT_EQ(beside_links, alone);
  EXPECT_GT(with_links, alone);  // The probe can see Link reads when they happen.
}

}  // namespace
}  // namespace quarry
