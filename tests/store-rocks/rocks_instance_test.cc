#include "store-rocks/rocks_instance.h"

#include <rocksdb/write_batch.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <thread>

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

// Bytes of the WAL files (*.log) in `dir`. RocksDB's background job deletes
// obsolete WAL files while this lists them, so a file that vanishes between
// the listing and its size counts as nothing (it threw before).
uint64_t WalBytes(const std::filesystem::path& dir) {
  uint64_t bytes = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".log") continue;
    std::error_code gone;
    const uint64_t size = std::filesystem::file_size(entry.path(), gone);
    if (!gone) bytes += size;
  }
  return bytes;
}

// The metadata written at create pins every later WAL file until the
// metadata column family is flushed; RocksDB's own bound on the WAL would be
// 4x the default column family's 64 MiB buffers, far above these 8 MiB.
TEST_F(RocksInstanceTest, AColdColumnFamilyDoesNotKeepEveryWalFile) {
  RocksProperties props;
  props.write_buffer_bytes = 64 << 10;
  ASSERT_OK_AND_ASSIGN(auto db, RocksInstance::Open(dir_, props, {{"A", {}}, {"B", {}}}, true));
  ASSERT_OK(db->PutMeta("schema", "{}"));
  const std::string value(16 << 10, 'v');
  for (int i = 0; i < 512; ++i) {
    ASSERT_OK(FromRocks(
        db->db()->Put(db->write_options(), db->Group("A"), "k" + std::to_string(i), value), "put"));
  }
  ASSERT_OK(FromRocks(db->db()->Flush(rocksdb::FlushOptions(), db->Group("A")), "flush"));
  // Obsolete WAL files are deleted by a background job after the flush.
  const uint64_t bound = 2 << 20;
  for (int wait_ms = 0; WalBytes(dir_) > bound && wait_ms < 5000; wait_ms += 10) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_LE(WalBytes(dir_), bound);
  db.reset();
  ASSERT_OK_AND_ASSIGN(db, RocksInstance::Open(dir_, props, {{"A", {}}, {"B", {}}}, false));
  ASSERT_OK_AND_ASSIGN(std::string schema, db->GetMeta("schema"));
  EXPECT_EQ(schema, "{}");
  std::string v;
  EXPECT_OK(FromRocks(db->db()->Get({}, db->Group("A"), "k511", &v), "get"));
  EXPECT_EQ(v, value);
}

// Bytes pinned in group A's block cache after reopening a database that
// holds `keys` keys of A in one compacted SST file and reading one of them.
uint64_t PinnedAfterReopen(const std::filesystem::path& dir, bool pin_index) {
  RocksProperties props;
  props.pin_index = pin_index;
  constexpr int kKeys = 20'000;  // About 1,000 data blocks: several index partitions.
  std::filesystem::create_directories(dir.parent_path());
  {
    auto db = RocksInstance::Open(dir, props, {{"A", {}}}, true);
    EXPECT_TRUE(db.ok()) << db.status().ToString();
    if (!db.ok()) return 0;
    rocksdb::WriteBatch batch;
    for (int i = 0; i < kKeys; ++i) {
      char key[16];
      std::snprintf(key, sizeof key, "k%08d", i);
      EXPECT_TRUE(batch.Put((*db)->Group("A"), key, std::string(200, static_cast<char>(i))).ok());
    }
    EXPECT_OK(FromRocks((*db)->db()->Write((*db)->write_options(), &batch), "write"));
    EXPECT_OK(
        FromRocks((*db)->db()->CompactRange({}, (*db)->Group("A"), nullptr, nullptr), "compact"));
  }
  auto db = RocksInstance::Open(dir, props, {{"A", {}}}, false);
  EXPECT_TRUE(db.ok()) << db.status().ToString();
  if (!db.ok()) return 0;
  std::string value;
  EXPECT_OK(FromRocks((*db)->db()->Get({}, (*db)->Group("A"), "k00012345", &value), "get"));
  EXPECT_EQ(value.size(), 200u);
  uint64_t pinned = 0;
  EXPECT_TRUE((*db)->db()->GetIntProperty(
      (*db)->Group("A"), rocksdb::DB::Properties::kBlockCachePinnedUsage, &pinned));
  return pinned;
}

// quarry.cache.pin.index keeps every index partition in the cache, not only
// the top level the default pins: several 4 KiB partitions more.
TEST_F(RocksInstanceTest, PinningTheIndexKeepsEveryPartitionInTheCache) {
  const uint64_t top_level_only = PinnedAfterReopen(dir_ / "default", false);
  const uint64_t every_partition = PinnedAfterReopen(dir_ / "pinned", true);
  EXPECT_GT(every_partition, top_level_only + 2 * 4096)
      << "default " << top_level_only << " bytes, pinned " << every_partition;
}

}  // namespace
}  // namespace quarry
