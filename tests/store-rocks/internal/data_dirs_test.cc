#include "store-rocks/internal/data_dirs.h"

#include <gtest/gtest.h>

#include "store-rocks/metadata_format.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::internal {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

TEST(DataDirsTest, NoneOrOnlyTheGraphDirIsOneInstance) {
  ASSERT_OK_AND_ASSIGN(auto none, ResolveDataDirs("/tmp/g", {}));
  EXPECT_TRUE(none.empty());
  ASSERT_OK_AND_ASSIGN(auto self, ResolveDataDirs("/tmp/g", {"/tmp/g/"}));
  EXPECT_TRUE(self.empty());
}

TEST(DataDirsTest, SeveralAreNormalisedAndStartWithTheGraphDir) {
  ASSERT_OK_AND_ASSIGN(auto dirs, ResolveDataDirs("/tmp/g", {"/tmp/g", "/tmp/x/../h/", "/tmp/i"}));
  EXPECT_EQ(dirs, (std::vector<std::string>{"/tmp/g", "/tmp/h", "/tmp/i"}));
  EXPECT_THAT(ResolveDataDirs("/tmp/g", {"/tmp/h", "/tmp/g"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "first directory"));
  EXPECT_THAT(ResolveDataDirs("/tmp/g", {"/tmp/g", "/tmp/h", "/tmp/h/"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "listed twice"));
}

TEST(DataDirsTest, StoredDirsFollowTheGraphDirAndMustNotChange) {
  std::map<std::string, std::string> meta;
  ASSERT_OK_AND_ASSIGN(auto single, StoredDataDirs(meta, "/tmp/g"));
  EXPECT_TRUE(single.empty());
  meta[std::string(kMetaDataDirs)] = EncodeSplitPoints({"/old/g", "/tmp/h"});
  ASSERT_OK_AND_ASSIGN(auto stored, StoredDataDirs(meta, "/tmp/g"));
  EXPECT_EQ(stored, (std::vector<std::string>{"/tmp/g", "/tmp/h"}));
  EXPECT_OK(CheckSameDataDirs(stored, {}, {}));  // Not named: the stored ones.
  EXPECT_OK(CheckSameDataDirs(stored, stored, stored));
  EXPECT_THAT(CheckSameDataDirs(stored, {}, {"/tmp/g"}), StatusIs(StatusCode::kFailedPrecondition));
  EXPECT_THAT(CheckSameDataDirs(stored, {"/tmp/g", "/tmp/i"}, {"/tmp/g", "/tmp/i"}),
              StatusIsWithMessage(StatusCode::kFailedPrecondition, "/tmp/h"));
  meta[std::string(kMetaDataDirs)] = "\x01";
  EXPECT_THAT(StoredDataDirs(meta, "/tmp/g"), StatusIs(StatusCode::kDataLoss));
}

}  // namespace
}  // namespace quarry::internal
