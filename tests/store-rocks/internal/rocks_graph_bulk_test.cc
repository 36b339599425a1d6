// Bulk import and Merge-based ingest give identical query results on the
// same input: two graphs fed the same random requests (repeats that
// aggregate within and across requests, keys already present before the
// bulk import, aggregate:false groups), one by AddElements and one by
// BulkImport, with split points set (so one SST file per shard per group),
// over one data directory and over several.
#include <gtest/gtest.h>

#include <filesystem>

#include "store/graph.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Drain;
using ::quarry::testing::GraphTest;
using ::quarry::testing::InOrder;

constexpr uint32_t kSeed = 4242;

class BulkImportTest : public GraphTest {
 protected:
  void SetUp() override {
    GraphTest::SetUp();
    bulk_dir_ = dir_.string() + "_bulk";
  }
  void TearDown() override {
    bulk_.reset();
    std::filesystem::remove_all(bulk_dir_);
    GraphTest::TearDown();
  }

  // graph_ ingests by AddElements, bulk_ by BulkImport; both first get
  // `existing` by AddElements and the same split points.
  void Run(bool several_dirs) {
    SCOPED_TRACE("seed " + std::to_string(kSeed));
    Create(testing::StoreTestSchema());
    StoreProperties props;
    if (several_dirs)
      props.raw["quarry.data.dirs"] =
          testing::CommaList({bulk_dir_, bulk_dir_ + "/d1", bulk_dir_ + "/d2"});
    ASSERT_OK_AND_ASSIGN(bulk_, Graph::Create(bulk_dir_, testing::StoreTestSchema(), props));
    std::vector<Element> existing = testing::RandomStoreElements(kSeed, 600, 120);
    ASSERT_OK_AND_ASSIGN(auto points, graph_->SplitPointsFromSample(existing, 8));
    points.push_back("v5");
    ASSERT_OK(graph_->SetSplitPoints(points));
    ASSERT_OK(bulk_->SetSplitPoints(points));
    Add(existing);
    ASSERT_OK(bulk_->AddElements(existing, {}, nullptr));
    for (uint32_t r = 1; r <= 3; ++r) {
      std::vector<Element> request = testing::RandomStoreElements(kSeed + r, 1500, 120);
      AddElementsResult merged, imported;
      ASSERT_OK(graph_->AddElements(request, {}, &merged));
      ASSERT_OK(bulk_->BulkImport(request, {}, &imported));
      EXPECT_EQ(imported.added, merged.added);
    }
    std::vector<std::string> all = InOrder(Drain(graph_->GetAllElements({})));
    ASSERT_GT(all.size(), 1000u);
    EXPECT_EQ(InOrder(Drain(bulk_->GetAllElements({}))), all);
    std::vector<ElementId> seeds;
    for (int i = 0; i < 120; i += 4)
      seeds.push_back(EntitySeed{Value::String("v" + std::to_string(i))});
    std::vector<std::string> seeded = InOrder(Drain(graph_->GetElements(seeds, {})));
    ASSERT_GT(seeded.size(), 100u);
    EXPECT_EQ(InOrder(Drain(bulk_->GetElements(seeds, {}))), seeded);
  }

  std::string bulk_dir_;
  std::unique_ptr<Graph> bulk_;
};

TEST_F(BulkImportTest, BulkImportAndMergeIngestGiveIdenticalResults) { Run(false); }

TEST_F(BulkImportTest, BulkImportOverSeveralDataDirectoriesMatchesMergeIngest) { Run(true); }

TEST_F(BulkImportTest, AnInvalidRequestImportsNothing) {
  Create(testing::StoreTestSchema());
  ASSERT_OK(graph_->SetSplitPoints({"v3", "v6"}));
  std::vector<Element> request = testing::RandomStoreElements(kSeed, 300, 50);
  request.push_back(Element::Entity("NoSuchGroup", Value::String("v1"), {}));
  AddElementsResult result;
  EXPECT_THAT(graph_->BulkImport(request, {}, &result),
              testing::StatusIsWithMessage(StatusCode::kInvalidArgument, "NoSuchGroup"));
  EXPECT_EQ(result.added, 0u);
  EXPECT_TRUE(Drain(graph_->GetAllElements({})).empty());
}

}  // namespace
}  // namespace quarry
