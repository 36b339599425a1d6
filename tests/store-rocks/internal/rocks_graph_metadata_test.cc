// Graph::PutMetadata and friends on RocksGraph: durable across reopen and
// checkpoint, prefix listing, and no way to reach the graph's own metadata.
#include <filesystem>

#include "store-rocks/metadata_format.h"
#include "store/graph.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::GraphTest;
using ::quarry::testing::Rocks;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StoreTestSchema;
using Entries = std::vector<std::pair<std::string, std::string>>;

TEST_F(GraphTest, MetadataPutGetDeleteRoundTrip) {
  Create(StoreTestSchema());
  ASSERT_OK_AND_ASSIGN(auto missing, graph_->GetMetadata("job/1"));
  EXPECT_FALSE(missing.has_value());
  const std::string binary("v\0\xff", 3);
  ASSERT_OK(graph_->PutMetadata("job/1", binary));
  ASSERT_OK_AND_ASSIGN(auto got, graph_->GetMetadata("job/1"));
  ASSERT_TRUE(got.has_value());
  EXPECT_EQ(*got, binary);
  ASSERT_OK(graph_->PutMetadata("job/1", "second"));
  ASSERT_OK_AND_ASSIGN(got, graph_->GetMetadata("job/1"));
  EXPECT_EQ(got.value_or(""), "second");
  ASSERT_OK(graph_->DeleteMetadata("job/1"));
  ASSERT_OK(graph_->DeleteMetadata("job/1"));  // Deleting an absent key is fine.
  ASSERT_OK_AND_ASSIGN(got, graph_->GetMetadata("job/1"));
  EXPECT_FALSE(got.has_value());
}

TEST_F(GraphTest, MetadataEmptyKeyIsInvalidArgument) {
  Create(StoreTestSchema());
  EXPECT_THAT(graph_->PutMetadata("", "v"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(graph_->GetMetadata("").status(), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(graph_->DeleteMetadata(""), StatusIs(StatusCode::kInvalidArgument));
}

TEST_F(GraphTest, MetadataSurvivesReopen) {
  Create(StoreTestSchema());
  ASSERT_OK(graph_->PutMetadata("job/a", "A"));
  ASSERT_OK(graph_->PutMetadata("job/b", "B"));
  ASSERT_OK(graph_->DeleteMetadata("job/b"));
  Reopen();
  ASSERT_OK_AND_ASSIGN(Entries all, graph_->ListMetadata(""));
  EXPECT_EQ(all, (Entries{{"job/a", "A"}}));
}

TEST_F(GraphTest, MetadataListReturnsExactlyThePrefixSorted) {
  Create(StoreTestSchema());
  for (const char* k : {"job/2", "job/1", "jo", "job", "job0", "jobz/1", "rc/x", "job/\xff\xff"}) {
    ASSERT_OK(graph_->PutMetadata(k, std::string("v:") + k));
  }
  ASSERT_OK_AND_ASSIGN(Entries jobs, graph_->ListMetadata("job/"));
  EXPECT_EQ(
      jobs,
      (Entries{{"job/1", "v:job/1"}, {"job/2", "v:job/2"}, {"job/\xff\xff", "v:job/\xff\xff"}}));
  ASSERT_OK_AND_ASSIGN(Entries none, graph_->ListMetadata("nothing/"));
  EXPECT_TRUE(none.empty());
  ASSERT_OK_AND_ASSIGN(Entries all, graph_->ListMetadata(""));
  EXPECT_EQ(all.size(), 8u);  // Only the callers' entries: none of the graph's own.
}

TEST_F(GraphTest, MetadataKeysCannotReachTheGraphsOwnMetadata) {
  Create(StoreTestSchema());
  // A caller's key spelled like an internal one lands under the reserved
  // prefix: the schema is untouched and the graph still opens.
  ASSERT_OK(graph_->PutMetadata(kMetaSchema, "not a schema"));
  ASSERT_OK(graph_->PutMetadata(kMetaFormat, "999"));
  ASSERT_OK_AND_ASSIGN(auto stored,
                       Rocks(*graph_).instance().GetMeta(std::string(kUserMetadataPrefix) +
                                                         std::string(kMetaSchema)));
  EXPECT_EQ(stored, "not a schema");
  ASSERT_OK_AND_ASSIGN(std::string format, Rocks(*graph_).instance().GetMeta(kMetaFormat));
  EXPECT_EQ(format, "1");
  // Nor does an internal key show through the callers' view.
  ASSERT_OK_AND_ASSIGN(auto split, graph_->GetMetadata(kMetaSplitPoints));
  EXPECT_FALSE(split.has_value());
  Reopen();
  ASSERT_OK_AND_ASSIGN(auto got, graph_->GetMetadata(kMetaFormat));
  EXPECT_EQ(got.value_or(""), "999");
}

TEST_F(GraphTest, MetadataIsCarriedByCheckpoint) {
  Create(StoreTestSchema());
  ASSERT_OK(graph_->PutMetadata("job/a", "before"));
  std::string copy = dir_.string() + "_meta_checkpoint";
  ASSERT_OK(graph_->Checkpoint(copy));
  ASSERT_OK(graph_->PutMetadata("job/a", "after"));
  {
    ASSERT_OK_AND_ASSIGN(auto copy_graph, Graph::Open(copy));
    ASSERT_OK_AND_ASSIGN(auto got, copy_graph->GetMetadata("job/a"));
    EXPECT_EQ(got.value_or(""), "before");
  }
  std::filesystem::remove_all(copy);
}

TEST_F(GraphTest, MetadataWithSeveralDataDirsLivesWithTheGraphDir) {
  StoreProperties props;
  props.raw["quarry.data.dirs"] = testing::CommaList({dir_.string(), dir_.string() + "/b"});
  Create(StoreTestSchema(), props);
  ASSERT_OK(graph_->PutMetadata("job/a", "A"));
  Reopen();
  ASSERT_OK_AND_ASSIGN(auto got, graph_->GetMetadata("job/a"));
  EXPECT_EQ(got.value_or(""), "A");
}

}  // namespace
}  // namespace quarry
