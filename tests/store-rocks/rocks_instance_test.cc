#include "store-rocks/rocks_instance.h"

#include <filesystem>
#include <random>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;

class RocksInstanceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("quarry_rocks_instance_" + std::to_string(std::random_device()()));
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_F(RocksInstanceTest, CreatesGroupColumnFamiliesAndKeepsMetadata) {
  RocksProperties props;
  {
    ASSERT_OK_AND_ASSIGN(auto db, RocksInstance::Open(dir_, props, {{"A", {}}, {"B", {}}}, true));
    ASSERT_NE(db->Group("A"), nullptr);
    ASSERT_NE(db->Group("B"), nullptr);
    EXPECT_EQ(db->Group("C"), nullptr);
    EXPECT_OK(db->PutMeta("schema", "{}"));
    EXPECT_OK(FromRocks(db->db()->Put(db->write_options(), db->Group("A"), "k", "v"), "put"));
  }
  // Reopen with one more group: existing data and metadata survive.
  ASSERT_OK_AND_ASSIGN(auto db,
                       RocksInstance::Open(dir_, props, {{"A", {}}, {"B", {}}, {"C", {}}}, false));
  ASSERT_OK_AND_ASSIGN(std::string schema, db->GetMeta("schema"));
  EXPECT_EQ(schema, "{}");
  std::string v;
  EXPECT_OK(FromRocks(db->db()->Get({}, db->Group("A"), "k", &v), "get"));
  EXPECT_EQ(v, "v");
  EXPECT_NE(db->Group("C"), nullptr);
  EXPECT_THAT(db->GetMeta("missing"), StatusIs(StatusCode::kNotFound));
}

TEST_F(RocksInstanceTest, OpeningAMissingGraphWithoutCreateFails) {
  EXPECT_FALSE(RocksInstance::Open(dir_, RocksProperties(), {}, false).ok());
}

TEST_F(RocksInstanceTest, DurabilityMapsToWriteOptions) {
  RocksProperties props;
  props.durability = Durability::kNone;
  ASSERT_OK_AND_ASSIGN(auto db, RocksInstance::Open(dir_, props, {}, true));
  EXPECT_TRUE(db->write_options().disableWAL);
  EXPECT_FALSE(db->write_options().sync);
}

}  // namespace
}  // namespace quarry
