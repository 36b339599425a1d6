// branch service (issue 19): a read-only (secondary) graph beside the graph
// open for writing, and the engine stats the metrics read.
#include "store-rocks/read_only_graph.h"

#include <gtest/gtest.h>

#include "store-rocks/engine_stats.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing {
namespace {

class ReadOnlyGraphTest : public GraphTest {
 protected:
  std::string Scratch(const std::string& name) { return (dir_ / ("scratch-" + name)).string(); }
};

TEST_F(ReadOnlyGraphTest, SeesAcknowledgedWritesAsOfItsOpenBesideTheWriter) {
  Create(StoreTestSchema());
  Add({CountEntity("a", 2), CountEntity("a", 3), CountEntity("b", 1)});
  ASSERT_OK_AND_ASSIGN(auto reader, OpenRocksGraphReadOnly(dir_.string(), Scratch("1")));
  EXPECT_EQ(Sorted(Drain(reader->GetAllElements({}))),
            Sorted({CountEntity("a", 5), CountEntity("b", 1)}));
  // Later writes of the writer are not seen by this view; a new one sees them.
  Add({CountEntity("c", 7)});
  EXPECT_EQ(Drain(reader->GetAllElements({})).size(), 2u);
  ASSERT_OK_AND_ASSIGN(auto fresh, OpenRocksGraphReadOnly(dir_.string(), Scratch("2")));
  EXPECT_EQ(Drain(fresh->GetAllElements({})).size(), 3u);
}

TEST_F(ReadOnlyGraphTest, WritesThroughTheViewFailAndChangeNothing) {
  Create(StoreTestSchema());
  Add({CountEntity("a", 2)});
  ASSERT_OK_AND_ASSIGN(auto reader, OpenRocksGraphReadOnly(dir_.string(), Scratch("w")));
  AddElementsResult result;
  std::vector<Element> more = {CountEntity("z", 1)};
  EXPECT_FALSE(reader->AddElements(more, {}, &result).ok());
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))), Sorted({CountEntity("a", 2)}));
}

TEST_F(ReadOnlyGraphTest, NoGraphIsNotFoundAndAnEmptyScratchIsRefused) {
  EXPECT_THAT(OpenRocksGraphReadOnly((dir_ / "none").string(), Scratch("n")),
              StatusIs(StatusCode::kNotFound));
  Create(StoreTestSchema());
  EXPECT_THAT(OpenRocksGraphReadOnly(dir_.string(), ""), StatusIs(StatusCode::kInvalidArgument));
}

TEST_F(ReadOnlyGraphTest, EngineStatsCountFoldedValuesAndMemtableBytes) {
  Create(StoreTestSchema());
  ASSERT_OK_AND_ASSIGN(EngineStats before, ReadEngineStats(*graph_));
  EXPECT_EQ(before.instances, 1u);
  EXPECT_EQ(before.merge_operands_folded, 0u);
  EXPECT_EQ(before.background_errors, 0u);
  EXPECT_FALSE(before.writes_stopped_now);
  Add({CountEntity("a", 2)});  // Three writes: three values for one key.
  Add({CountEntity("a", 3)});
  Add({CountEntity("a", 4)});
  EXPECT_EQ(Sorted(Drain(graph_->GetAllElements({}))), Sorted({CountEntity("a", 9)}));
  ASSERT_OK_AND_ASSIGN(EngineStats after, ReadEngineStats(*graph_));
  EXPECT_GE(after.merge_operands_folded, 3u);  // The read folded the three values at least once.
  EXPECT_GT(after.memtable_bytes, 0u);
}

}  // namespace
}  // namespace quarry::testing
