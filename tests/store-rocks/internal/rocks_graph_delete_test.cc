// DeleteElements and DeleteAllElements: elements removed whole (every
// visibility, both rows of an edge, every insert of a non-aggregated group),
// the graph usable afterwards, and deletes spanning several data directories
// applied whole even when interrupted between instances (the next Open
// finishes them). Expected contents are worked out from the input here.
#include <gtest/gtest.h>

#include "graph-core/clock.h"
#include "store-rocks/internal/rocks_graph.h"
#include "store-rocks/metadata_format.h"
#include "store/graph.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::CountEntity;
using ::quarry::testing::Drain;
using ::quarry::testing::GraphTest;
using ::quarry::testing::LinkEdge;
using ::quarry::testing::RawKeyCount;
using ::quarry::testing::Rocks;
using ::quarry::testing::Sorted;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;
using ::quarry::testing::StoreTestSchema;
using ::quarry::testing::VisibilityTestSchema;

Element Seen(const std::string& v, const std::string& vis, int64_t count) {
  return Element::Entity("Seen", Value::String(v),
                         {{"vis", Value::String(vis)}, {"count", Value::Int64(count)}});
}

QueryOptions WithAuths(std::vector<std::string> auths) {
  QueryOptions options;
  auto parsed = Authorizations::Create(auths);
  EXPECT_TRUE(parsed.ok());
  if (parsed.ok()) options.auths = *parsed;
  return options;
}

std::vector<Element> Seeded(Graph& graph, const std::string& vertex) {
  return Drain(graph.GetElements(std::vector<ElementId>{EntitySeed{Value::String(vertex)}}, {}));
}

TEST_F(GraphTest, DeleteRemovesTheElementUnderEveryVisibility) {
  Create(VisibilityTestSchema());
  // "a" is stored as three cells (visibilities A, B and none); "b" as one.
  Add({Seen("a", "A", 1), Seen("a", "B", 2), Seen("a", "", 4), Seen("b", "A", 8)});
  ASSERT_EQ(RawKeyCount(*graph_, "Seen"), 4u);
  // Named as a reader with auth A alone sees it: visibility A, count 1.
  ASSERT_OK(graph_->DeleteElements(std::vector<Element>{Seen("a", "A", 1)}));
  EXPECT_EQ(RawKeyCount(*graph_, "Seen"), 1u);
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements(WithAuths({"A", "B"})))),
            Sorted({Seen("b", "A", 8)}));
}

TEST_F(GraphTest, DeleteKeepsOtherGroupByValuesAndIgnoresUnstoredElements) {
  Create(StoreTestSchema());
  auto road = [](int32_t bucket, int64_t count) {
    return Element::Edge("Road", Value::String("a"), Value::String("b"), true,
                         {{"bucket", Value::Int32(bucket)}, {"count", Value::Int64(count)}});
  };
  Add({road(1, 5), road(2, 7)});
  // Bucket 1 is deleted whatever count the request carries; "x" -> "y" is
  // not stored, which is no error.
  ASSERT_OK(
      graph_->DeleteElements(std::vector<Element>{road(1, 999), LinkEdge("x", "y", true, 1)}));
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))), Sorted({road(2, 7)}));
  EXPECT_EQ(RawKeyCount(*graph_, "Road"), 2u);  // Bucket 2's two rows.
}

TEST_F(GraphTest, DeleteRefusesAnUnknownGroupAndDeletesNothing) {
  Create(StoreTestSchema());
  Add({CountEntity("a", 1)});
  Element stray = Element::Entity("Nope", Value::String("a"), {});
  EXPECT_THAT(graph_->DeleteElements(std::vector<Element>{CountEntity("a", 1), stray}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "element 1 (group 'Nope')"));
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))), Sorted({CountEntity("a", 1)}));
}

TEST_F(GraphTest, DeleteAllEmptiesTheGraphWhichStaysUsable) {
  Create(StoreTestSchema());
  Element event = Element::Entity("Event", Value::String("e"), {{"note", Value::String("x")}});
  Add({CountEntity("a", 1), LinkEdge("a", "b", true, 2), event, event});
  ASSERT_OK(graph_->PutMetadata("named/op", "kept"));
  ASSERT_OK(graph_->SetSplitPoints({"m"}));
  ASSERT_OK(graph_->DeleteAllElements());
  EXPECT_TRUE(Drain(graph_->GetAllElements({})).empty());
  for (const char* group : {"Count", "Event", "Link", "Road"}) {
    EXPECT_EQ(RawKeyCount(*graph_, group), 0u) << group;
  }
  Add({CountEntity("a", 3)});
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))), Sorted({CountEntity("a", 3)}));
  Reopen();
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))), Sorted({CountEntity("a", 3)}));
  ASSERT_OK_AND_ASSIGN(auto kept, graph_->GetMetadata("named/op"));
  EXPECT_EQ(kept, std::optional<std::string>("kept"));
  ASSERT_OK_AND_ASSIGN(GraphStats stats, graph_->Stats());
  EXPECT_EQ(stats.split_points, std::vector<std::string>{"m"});
}

// Range deletes and the memtables' insert hint (RocksGraph::
// FlushForRangeDeletes): thousands of sorted point writes before and after
// each DeleteAllElements, in three rounds, then a reopen that replays the
// last round from the WAL. Without the flushes around the range deletes,
// Debian's RocksDB aborts here on its skip list's assertion.
TEST_F(GraphTest, DeleteAllBetweenLargeWritesKeepsTheGraphUsable) {
  Create(StoreTestSchema());
  auto round = [](int r) {
    std::vector<Element> batch;
    for (int i = 0; i < 2000; ++i) {
      batch.push_back(CountEntity("v" + std::to_string(r) + "-" + std::to_string(i), r + 1));
    }
    return batch;
  };
  for (int r = 0; r < 3; ++r) {
    Add(round(r));
    Add(round(r));  // Aggregates: each count doubles.
    ASSERT_EQ(Drain(graph_->GetAllElements({})).size(), 2000u) << "round " << r;
    if (r < 2) ASSERT_OK(graph_->DeleteAllElements());
  }
  Reopen();
  const std::vector<Element> found = Drain(graph_->GetAllElements({}));
  ASSERT_EQ(found.size(), 2000u);
  for (const Element& e : found) {
    EXPECT_EQ(e.properties().Find("count")->AsInt64(), 6) << e.vertex().DebugString();
  }
}

TEST_F(GraphTest, CreatedTimeIsRecordedAtCreateAndKeptOnReopen) {
  {
    ScopedFakeClock clock(1'700'000'000'123);
    Create(StoreTestSchema());
  }
  EXPECT_EQ(graph_->created_time_ms(), 1'700'000'000'123);
  Reopen();
  EXPECT_EQ(graph_->created_time_ms(), 1'700'000'000'123);
  // A graph created before the time was recorded answers with its opening
  // time, as Gaffer's Store does for every graph.
  rocksdb::Status erased = Rocks(*graph_).instance(0).db()->Delete(rocksdb::WriteOptions(),
                                                                   std::string(kMetaCreatedTime));
  ASSERT_TRUE(erased.ok()) << erased.ToString();
  graph_.reset();
  ScopedFakeClock later(1'800'000'000'000);
  Reopen();
  EXPECT_EQ(graph_->created_time_ms(), 1'800'000'000'000);
}

// Two data directories, split at "m": rows of "a" live in instance 0, rows
// of "z" in instance 1, so an edge a -> z has a row in each.
class MultiDirDeleteTest : public GraphTest {
 protected:
  void SetUp() override {
    GraphTest::SetUp();
    StoreProperties props;
    props.raw["quarry.data.dirs"] = testing::CommaList({dir_.string(), (dir_ / "d1").string()});
    Create(StoreTestSchema(), props);
    ASSERT_OK(graph_->SetSplitPoints({"m"}));
    Add({CountEntity("a", 1), CountEntity("z", 2), LinkEdge("a", "z", true, 3),
         LinkEdge("b", "c", true, 4)});
  }
  // The delete stops after instance 1's share, as if the process died there.
  void FailAfterInstanceOne() {
    Rocks(*graph_).SetDeleteFaultForTesting([](size_t instance) {
      return instance == 1 ? UnavailableError("simulated crash") : Status::OK();
    });
  }
};

TEST_F(MultiDirDeleteTest, DeleteAcrossInstancesRemovesBothRows) {
  ASSERT_OK(graph_->DeleteElements(std::vector<Element>{LinkEdge("a", "z", true, 0)}));
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))),
            Sorted({CountEntity("a", 1), CountEntity("z", 2), LinkEdge("b", "c", true, 4)}));
  EXPECT_EQ(RawKeyCount(*graph_, "Link"), 2u);  // b -> c's two rows.
}

TEST_F(MultiDirDeleteTest, InterruptedDeleteIsFinishedByTheNextOpen) {
  FailAfterInstanceOne();
  const std::vector<Element> doomed = {LinkEdge("a", "z", true, 0), CountEntity("a", 0),
                                       CountEntity("z", 0)};
  EXPECT_THAT(graph_->DeleteElements(doomed), StatusIs(StatusCode::kUnavailable));
  // Instance 1's share is gone, instance 0's is not: the record says what
  // is left to do.
  ASSERT_TRUE(Rocks(*graph_).instance(0).GetMeta(kMetaDeletePending).ok());
  Reopen();
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))), Sorted({LinkEdge("b", "c", true, 4)}));
  EXPECT_TRUE(Seeded(*graph_, "z").empty());
  EXPECT_FALSE(Rocks(*graph_).instance(0).GetMeta(kMetaDeletePending).ok());
  Reopen();  // Nothing left pending: the next open changes nothing.
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))), Sorted({LinkEdge("b", "c", true, 4)}));
}

TEST_F(MultiDirDeleteTest, InterruptedDeleteAllIsFinishedByTheNextOpen) {
  FailAfterInstanceOne();
  EXPECT_THAT(graph_->DeleteAllElements(), StatusIs(StatusCode::kUnavailable));
  Reopen();
  EXPECT_TRUE(Drain(graph_->GetAllElements({})).empty());
  Add({CountEntity("z", 5)});
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))), Sorted({CountEntity("z", 5)}));
}

TEST_F(MultiDirDeleteTest, UninterruptedDeleteAllLeavesNoRecord) {
  ASSERT_OK(graph_->DeleteAllElements());
  EXPECT_TRUE(Drain(graph_->GetAllElements({})).empty());
  EXPECT_FALSE(Rocks(*graph_).instance(0).GetMeta(kMetaDeletePending).ok());
}

}  // namespace
}  // namespace quarry
