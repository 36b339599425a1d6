// Scan stacks kept between queries (store-rocks/internal/task_stack_cache.h):
// a reused stack answers exactly as a new one, at the new query's state and
// seeds; only stacks that can serve a later query are kept.
#include "store-rocks/internal/task_stack_cache.h"

#include <gtest/gtest.h>

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

class TaskStackCacheTest : public GraphTest {
 protected:
  size_t Kept() { return Rocks(*graph_).stack_cache()->kept_for_testing(); }
  std::vector<std::string> Query(const std::string& vertex, const QueryOptions& options = {}) {
    std::vector<ElementId> seeds{EntitySeed{Value::String(vertex)}};
    return InOrder(Drain(graph_->GetElements(seeds, options)));
  }
  // The same query's answer from stacks built afresh.
  std::vector<std::string> FreshQuery(const std::string& vertex) {
    Rocks(*graph_).stack_cache()->Clear();
    return Query(vertex);
  }
};

TEST_F(TaskStackCacheTest, AKeptStackAnswersOtherSeedsAsANewOneWould) {
  Create(StoreTestSchema());
  Add({CountEntity("v1", 1), CountEntity("v2", 5), LinkEdge("v1", "v2", true, 3),
       LinkEdge("v2", "v3", false, 4)});
  EXPECT_EQ(Kept(), 0u);
  const std::vector<std::string> v1 = FreshQuery("v1");
  const std::vector<std::string> v2 = FreshQuery("v2");
  ASSERT_EQ(v1.size(), 2u);  // Count v1 and the Link it starts.
  ASSERT_EQ(v2.size(), 3u);  // Count v2 and both Links it ends or starts.
  EXPECT_NE(v1, v2);
  EXPECT_EQ(Query("v1"), v1);
  const size_t kept = Kept();
  EXPECT_GT(kept, 0u);         // One per group's column family.
  EXPECT_EQ(Query("v2"), v2);  // The kept stacks, over v2's ranges.
  EXPECT_EQ(Kept(), kept);     // Taken and given back, none built anew.
  EXPECT_EQ(Query("v1"), v1);
  EXPECT_EQ(Query("nowhere"), std::vector<std::string>());
  EXPECT_EQ(Query("v2"), v2);
}

TEST_F(TaskStackCacheTest, AKeptStackReadsTheStateOfItsNewQuery) {
  Create(StoreTestSchema());
  Add({CountEntity("v1", 1)});
  const std::vector<std::string> before = Query("v1");
  ASSERT_GT(Kept(), 0u);
  Add({CountEntity("v1", 1), LinkEdge("v1", "v9", true, 2)});
  const std::vector<std::string> after = Query("v1");
  EXPECT_NE(after, before);
  EXPECT_EQ(after, FreshQuery("v1"));
  ASSERT_OK(graph_->Compact());  // New files under the kept stacks.
  EXPECT_EQ(Query("v1"), after);
}

TEST_F(TaskStackCacheTest, StacksOfAViewAreNotKept) {
  Create(StoreTestSchema());
  Add({CountEntity("v1", 4), LinkEdge("v1", "v2", true, 3)});
  Result<View> view = ParseView(Json::parse(R"({"entities": {"Count": {}}})"), "view");
  ASSERT_OK(view.status());
  QueryOptions counts_only;
  counts_only.view = *view;
  EXPECT_EQ(Query("v1", counts_only).size(), 1u);
  EXPECT_EQ(Kept(), 0u);  // The view's template is the query's own.
}

TEST_F(TaskStackCacheTest, AnAbandonedStreamLeavesAStackThatStartsAgain) {
  Create(StoreTestSchema());
  Add({CountEntity("v1", 1), LinkEdge("v1", "v2", true, 1), LinkEdge("v1", "v3", true, 1),
       LinkEdge("v1", "v4", true, 1)});
  const std::vector<std::string> all = FreshQuery("v1");
  ASSERT_EQ(all.size(), 4u);
  {
    std::vector<ElementId> seeds{EntitySeed{Value::String("v1")}};
    ASSERT_OK_AND_ASSIGN(auto stream, graph_->GetElements(seeds, QueryOptions()));
    ASSERT_TRUE(stream->Valid());
    stream->Next();  // Dropped part-way, as a limit would.
  }
  EXPECT_EQ(Query("v1"), all);
}

// Each of the 9 seed-option pairs reads every group's column family with
// stacks of its own, more than kCapacity in all: the newest 16 stay kept.
TEST_F(TaskStackCacheTest, KeepsAtMostItsCapacityAndClears) {
  Create(StoreTestSchema());
  Add({CountEntity("v1", 1), LinkEdge("v1", "v2", true, 3)});
  size_t queries = 0;
  const auto schema = StoreTestSchema();  // One stack per group's column family.
  const size_t per_query = schema->entity_groups().size() + schema->edge_groups().size();
  for (DirectedType directed :
       {DirectedType::kEither, DirectedType::kDirected, DirectedType::kUndirected}) {
    for (IncludeIncomingOutgoing in_out :
         {IncludeIncomingOutgoing::kEither, IncludeIncomingOutgoing::kIncoming,
          IncludeIncomingOutgoing::kOutgoing}) {
      QueryOptions options;
      options.directed_type = directed;
      options.include_incoming_outgoing = in_out;
      Query("v1", options);
      EXPECT_EQ(Kept(),
                std::min<size_t>(per_query * ++queries, internal::TaskStackCache::kCapacity));
    }
  }
  Rocks(*graph_).stack_cache()->Clear();
  EXPECT_EQ(Kept(), 0u);
  EXPECT_GT(9 * per_query, internal::TaskStackCache::kCapacity);
  EXPECT_EQ(Query("v1").size(), 2u);
}

}  // namespace
}  // namespace quarry
