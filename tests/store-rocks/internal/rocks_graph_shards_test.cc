// Graphs over several data directories: writes spread over the instances,
// scans see everything, split point changes and shard merges re-home keys
// (also after a crash mid-move), reopening keeps it all, and the directory
// list cannot change. A single-directory graph fed the same input is the
// reference; counts come from a model of the input worked out here.
#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <thread>

#include "store-rocks/internal/data_dirs.h"
#include "store-rocks/metadata_format.h"
#include "store/graph.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Drain;
using ::quarry::testing::GraphTest;
using ::quarry::testing::InOrder;
using ::quarry::testing::RawKeyCount;
using ::quarry::testing::Rocks;

constexpr uint32_t kShardSeed = 77031;

// Elements GetAllElements returns for `input`: one per aggregation key
// (group, ends, directedness, bucket), plus every Event insert.
size_t ModelCount(const std::vector<Element>& input) {
  std::set<std::string> keys;
  size_t events = 0;
  for (const Element& e : input) {
    if (e.group() == "Event") {
      ++events;
      continue;
    }
    std::string key = e.group() + "|" + e.vertex().AsString();
    if (e.is_edge()) {
      std::string s = e.vertex().AsString(), d = e.destination().AsString();
      if (!e.directed() && d < s) std::swap(s, d);
      key = e.group() + "|" + s + "|" + d + "|" + (e.directed() ? "D" : "U");
      if (e.group() == "Road") key += "|" + std::to_string(e.properties().Get("bucket").AsInt32());
    }
    keys.insert(key);
  }
  return keys.size() + events;
}

class MultiDirTest : public GraphTest {
 protected:
  void SetUp() override {
    GraphTest::SetUp();
    dirs_ = {dir_.string(), (dir_ / "d1").string(), (dir_ / "d2").string()};
    reference_dir_ = dir_.string() + "_reference";
  }
  void TearDown() override {
    reference_.reset();
    std::filesystem::remove_all(reference_dir_);
    GraphTest::TearDown();
  }
  void CreateBoth() {
    StoreProperties props;
    props.raw["quarry.data.dirs"] = testing::CommaList(dirs_);
    Create(testing::StoreTestSchema(), props);
    ASSERT_OK_AND_ASSIGN(reference_, Graph::Create(reference_dir_, testing::StoreTestSchema(), {}));
  }
  void AddBoth(const std::vector<Element>& elements) {
    Add(elements);
    ASSERT_OK(reference_->AddElements(elements, {}, nullptr));
  }
  // Both graphs give the same GetAllElements and GetElements output.
  void ExpectSameAsReference(size_t expected_count) {
    std::vector<std::string> all = InOrder(Drain(graph_->GetAllElements({})));
    EXPECT_EQ(all.size(), expected_count);
    EXPECT_EQ(all, InOrder(Drain(reference_->GetAllElements({}))));
    std::vector<ElementId> seeds;
    for (int i = 0; i < 150; i += 3)
      seeds.push_back(EntitySeed{Value::String("v" + std::to_string(i))});
    EXPECT_EQ(InOrder(Drain(graph_->GetElements(seeds, {}))),
              InOrder(Drain(reference_->GetElements(seeds, {}))));
  }
  // Every stored key lies in the instance its shard is placed in.
  void ExpectEveryKeyAtHome() {
    internal::RocksGraph& g = Rocks(*graph_);
    internal::ShardMap map = g.shard_map();
    for (const char* group : {"Count", "Event", "Link", "Road"}) {
      const internal::GroupState* state = g.group(group);
      for (size_t i = 0; i < g.instance_count(); ++i) {
        std::unique_ptr<rocksdb::Iterator> it(
            g.instance(i).db()->NewIterator(rocksdb::ReadOptions(), state->cfs[i]));
        for (it->SeekToFirst(); it->Valid(); it->Next()) {
          ASSERT_EQ(map.InstanceOf(it->key().ToString()), i) << group;
        }
      }
    }
  }
  std::vector<std::string> SampleSplits(const std::vector<Element>& sample, int shards) {
    Result<std::vector<std::string>> points = graph_->SplitPointsFromSample(sample, shards);
    EXPECT_TRUE(points.ok()) << points.status().ToString();
    return points.ok() ? *points : std::vector<std::string>();
  }

  std::vector<std::string> dirs_;
  std::string reference_dir_;
  std::unique_ptr<Graph> reference_;
};

TEST_F(MultiDirTest, KeysSpreadOverInstancesAndMoveWithSplitPoints) {
  SCOPED_TRACE("seed " + std::to_string(kShardSeed));
  CreateBoth();
  ASSERT_EQ(Rocks(*graph_).instance_count(), 3u);
  std::vector<Element> input = testing::RandomStoreElements(kShardSeed, 3000, 150);
  std::vector<Element> first(input.begin(), input.begin() + 1500);
  AddBoth(first);
  ExpectSameAsReference(ModelCount(first));  // One shard: all in instance 0.
  ASSERT_OK(graph_->SetSplitPoints(SampleSplits(input, 9)));
  ExpectEveryKeyAtHome();
  ExpectSameAsReference(ModelCount(first));
  AddBoth(std::vector<Element>(input.begin() + 1500, input.end()));
  ExpectEveryKeyAtHome();
  ExpectSameAsReference(ModelCount(input));
  for (size_t i = 1; i < 3; ++i) {  // Every instance holds some data.
    std::unique_ptr<rocksdb::Iterator> it(Rocks(*graph_).instance(i).db()->NewIterator(
        rocksdb::ReadOptions(), Rocks(*graph_).group("Count")->cfs[i]));
    it->SeekToFirst();
    EXPECT_TRUE(it->Valid()) << "instance " << i;
  }
  // Merging shards 2..5 renumbers every later shard.
  std::vector<std::string> points = graph_->Stats()->split_points;
  ASSERT_GE(points.size(), 6u);
  ASSERT_OK(graph_->MergeShards(points[1], points[5]));
  EXPECT_EQ(graph_->Stats()->split_points.size(), points.size() - 3);
  ExpectEveryKeyAtHome();
  ExpectSameAsReference(ModelCount(input));
  Reopen();
  ExpectEveryKeyAtHome();
  ExpectSameAsReference(ModelCount(input));
  ASSERT_OK(graph_->Compact());
  ExpectSameAsReference(ModelCount(input));
}

TEST_F(MultiDirTest, DeletesReachEveryInstance) {
  CreateBoth();
  std::vector<Element> input = testing::RandomStoreElements(kShardSeed, 800, 60);
  ASSERT_OK(graph_->SetSplitPoints(SampleSplits(input, 6)));
  AddBoth(input);
  std::vector<Element> doomed(input.begin(), input.begin() + 200);
  ASSERT_OK(graph_->DeleteElements(doomed));
  ASSERT_OK(reference_->DeleteElements(doomed));
  EXPECT_EQ(InOrder(Drain(graph_->GetAllElements({}))),
            InOrder(Drain(reference_->GetAllElements({}))));
  ASSERT_OK_AND_ASSIGN(auto stats, graph_->Stats());
  EXPECT_GT(stats.groups["Count"].estimated_keys, 0u);
}

TEST_F(MultiDirTest, ReopeningWithOtherDirectoriesIsRefused) {
  CreateBoth();
  graph_.reset();
  StoreProperties swapped;
  swapped.raw["quarry.data.dirs"] = testing::CommaList({dirs_[0], dirs_[2], dirs_[1]});
  EXPECT_THAT(Graph::Open(dir_.string(), nullptr, &swapped),
              testing::StatusIsWithMessage(StatusCode::kFailedPrecondition, "cannot change"));
  StoreProperties fewer;
  fewer.raw["quarry.data.dirs"] = testing::CommaList({dirs_[0]});
  EXPECT_THAT(Graph::Open(dir_.string(), nullptr, &fewer),
              testing::StatusIs(StatusCode::kFailedPrecondition));
  StoreProperties same;
  same.raw["quarry.data.dirs"] = testing::CommaList(dirs_);
  EXPECT_OK(Graph::Open(dir_.string(), nullptr, &same).status());
  EXPECT_OK(Graph::Open(dir_.string()).status());  // No properties: the stored dirs.
}

TEST_F(MultiDirTest, CheckpointOpensAsAGraphOfItsOwn) {
  CreateBoth();
  std::vector<Element> input = testing::RandomStoreElements(kShardSeed, 1000, 80);
  ASSERT_OK(graph_->SetSplitPoints(SampleSplits(input, 5)));
  AddBoth(input);
  std::string copy = dir_.string() + "_copy";
  ASSERT_OK(graph_->Checkpoint(copy));
  Add(testing::RandomStoreElements(kShardSeed + 1, 50, 80));  // Not in the copy.
  {
    ASSERT_OK_AND_ASSIGN(auto opened, Graph::Open(copy));
    EXPECT_EQ(Rocks(*opened).instance(2).path(),
              std::filesystem::weakly_canonical(copy + "/data-2").string());
    EXPECT_EQ(InOrder(Drain(opened->GetAllElements({}))),
              InOrder(Drain(reference_->GetAllElements({}))));
  }
  std::filesystem::remove_all(copy);
}

// Writers and scans running while split points change and keys move lose
// nothing and count nothing twice: 4 writers x 50 requests each add count 1
// to each of v0..v39, so each vertex ends with count 200.
TEST_F(MultiDirTest, ConcurrentWritesSurviveRehoming) {
  CreateBoth();
  std::vector<Element> request;
  for (int v = 0; v < 40; ++v) request.push_back(testing::CountEntity("v" + std::to_string(v), 1));
  std::atomic<bool> failed{false};
  std::vector<std::thread> writers;
  for (int w = 0; w < 4; ++w) {
    writers.emplace_back([&] {
      for (int r = 0; r < 50; ++r) {
        if (!graph_->AddElements(request, {}, nullptr).ok()) failed = true;
        if (r % 10 == 0 &&
            testing::DrainStatus(graph_->GetAllElements({})).code() != StatusCode::kOk) {
          failed = true;
        }
      }
    });
  }
  std::vector<std::vector<std::string>> splits = {
      {"v1", "v2", "v3"}, {"v15", "v3"}, {"v2", "v25", "v33", "v9"}};
  for (int round = 0; round < 6; ++round) {
    ASSERT_OK(graph_->SetSplitPoints(splits[round % 3]));
    if (round == 4) ASSERT_OK(graph_->MergeShards("v1", "v3"));
  }
  for (std::thread& t : writers) t.join();
  ASSERT_FALSE(failed.load());
  ExpectEveryKeyAtHome();
  std::vector<Element> all = Drain(graph_->GetAllElements({}));
  ASSERT_EQ(all.size(), 40u);
  for (const Element& e : all)
    EXPECT_EQ(e.properties().Get("count").AsInt64(), 200) << e.DebugString();
}

// A crash after the new split points were stored but before every key moved:
// Open finishes the move.
TEST_F(MultiDirTest, OpenFinishesAnInterruptedRehoming) {
  CreateBoth();
  std::vector<Element> input = testing::RandomStoreElements(kShardSeed, 1200, 100);
  AddBoth(input);
  std::vector<std::string> points = SampleSplits(input, 7);
  RocksInstance& meta = Rocks(*graph_).instance();
  ASSERT_OK(meta.PutMeta(kMetaSplitPoints, EncodeSplitPoints(points)));
  ASSERT_OK(meta.PutMeta(kMetaRehomePending, "1"));
  EXPECT_GT(RawKeyCount(*graph_, "Count"), 0u);
  Reopen();
  ExpectEveryKeyAtHome();
  ExpectSameAsReference(ModelCount(input));
  EXPECT_EQ(RawKeyCount(*graph_, "Count") + RawKeyCount(*graph_, "Link") > 0, true);
  EXPECT_FALSE(Rocks(*graph_).instance().GetMeta(kMetaRehomePending).ok());
}

}  // namespace
}  // namespace quarry
