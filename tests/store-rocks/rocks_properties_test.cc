#include "store-rocks/rocks_properties.h"

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

TEST(RocksPropertiesTest, DefaultsNeedNoKeys) {
  ASSERT_OK_AND_ASSIGN(RocksProperties p, RocksProperties::Parse("", "store.properties"));
  EXPECT_EQ(p.generic.key_package, "byteEntity");
  EXPECT_EQ(p.durability, Durability::kLog);
  EXPECT_EQ(p.block_cache_bytes, 256ull << 20);
  EXPECT_EQ(p.bloom_bits_per_key, 10);
  EXPECT_TRUE(p.validator_enabled);
}

TEST(RocksPropertiesTest, ReadsGafferAndQuarryKeys) {
  const char* text =
      "# a comment\n"
      "gaffer.store.class=uk.gov.gchq.gaffer.accumulostore.AccumuloStore\n"
      "gaffer.store.accumulo.keypackage.class="
      "uk.gov.gchq.gaffer.accumulostore.key.core.impl.classic.ClassicKeyPackage\n"
      "quarry.durability = sync\n"
      "quarry.block.cache.size: 1g\n"
      "quarry.write.buffer.size=8m\n"
      "quarry.data.dirs=/a, /b,\\\n"
      "  /c\n"
      "gaffer.store.accumulo.enable.validator.iterator=false\n";
  ASSERT_OK_AND_ASSIGN(RocksProperties p, RocksProperties::Parse(text, "store.properties"));
  EXPECT_EQ(p.generic.key_package, "classic");
  EXPECT_EQ(p.durability, Durability::kSync);
  EXPECT_EQ(p.block_cache_bytes, 1ull << 30);
  EXPECT_EQ(p.write_buffer_bytes, 8ull << 20);
  EXPECT_EQ(p.data_dirs, (std::vector<std::string>{"/a", "/b", "/c"}));
  EXPECT_FALSE(p.validator_enabled);
  EXPECT_TRUE(p.unknown_keys().empty());
}

TEST(RocksPropertiesTest, BadValuesNameTheKey) {
  EXPECT_THAT(RocksProperties::Parse("quarry.durability=sometimes", "f"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "quarry.durability"));
  EXPECT_THAT(RocksProperties::Parse("quarry.block.cache.size=lots", "f"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "quarry.block.cache.size"));
  EXPECT_THAT(RocksProperties::Parse("quarry.keypackage=fancy", "f"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "fancy"));
  EXPECT_THAT(RocksProperties::Parse("quarry.bloom.bits=65", "f"),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(StoreProperties::FromFile("/nonexistent/store.properties"),
              StatusIs(StatusCode::kNotFound));
}

TEST(RocksPropertiesTest, UnknownQuarryKeysAreReported) {
  ASSERT_OK_AND_ASSIGN(RocksProperties p, RocksProperties::Parse("quarry.durabilty=sync\n", "f"));
  EXPECT_EQ(p.unknown_keys(), std::vector<std::string>{"quarry.durabilty"});
}

TEST(RocksPropertiesTest, RoundTripsThroughText) {
  ASSERT_OK_AND_ASSIGN(RocksProperties p,
                       RocksProperties::Parse("quarry.durability=flush\nquarry.compression=zstd\n"
                                              "quarry.data.dirs=/x,/y\n",
                                              "f"));
  ASSERT_OK_AND_ASSIGN(RocksProperties back, RocksProperties::Parse(p.ToPropertiesText(), "g"));
  EXPECT_EQ(back.durability, Durability::kFlush);
  EXPECT_EQ(back.compression, "zstd");
  EXPECT_EQ(back.data_dirs, p.data_dirs);
}

TEST(RocksPropertiesTest, ScanThreadsDefaultToTheHardwareAndRoundTrip) {
  ASSERT_OK_AND_ASSIGN(RocksProperties d, RocksProperties::Parse("", "f"));
  EXPECT_EQ(d.scan_threads, 0);
  EXPECT_GE(d.EffectiveScanThreads(), 1);
  ASSERT_OK_AND_ASSIGN(RocksProperties p, RocksProperties::Parse("quarry.scan.threads=3\n", "f"));
  EXPECT_EQ(p.EffectiveScanThreads(), 3);
  EXPECT_TRUE(p.unknown_keys().empty());
  ASSERT_OK_AND_ASSIGN(RocksProperties back, RocksProperties::Parse(p.ToPropertiesText(), "g"));
  EXPECT_EQ(back.scan_threads, 3);
  EXPECT_THAT(RocksProperties::Parse("quarry.scan.threads=-1\n", "f"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "quarry.scan.threads"));
}

TEST(RocksPropertiesTest, ScanReadAheadDefaultsTo256CellsAndRoundTrips) {
  ASSERT_OK_AND_ASSIGN(RocksProperties d, RocksProperties::Parse("", "f"));
  EXPECT_EQ(d.scan_readahead_cells, 256);
  EXPECT_EQ(d.ToPropertiesText().find("quarry.scan.readahead.cells"), std::string::npos);
  ASSERT_OK_AND_ASSIGN(RocksProperties p,
                       RocksProperties::Parse("quarry.scan.readahead.cells=0\n", "f"));
  EXPECT_EQ(p.scan_readahead_cells, 0);
  EXPECT_TRUE(p.unknown_keys().empty());
  ASSERT_OK_AND_ASSIGN(RocksProperties back, RocksProperties::Parse(p.ToPropertiesText(), "g"));
  EXPECT_EQ(back.scan_readahead_cells, 0);
  EXPECT_THAT(RocksProperties::Parse("quarry.scan.readahead.cells=many\n", "f"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "quarry.scan.readahead.cells"));
}

// hotkeys2 (issue 18): group commit is on with a nice of 10 unless told.
TEST(RocksPropertiesTest, WriteCoalescingDefaultsOnAndReadsItsKeys) {
  ASSERT_OK_AND_ASSIGN(RocksProperties d, RocksProperties::Parse("", "f"));
  EXPECT_TRUE(d.write_coalesce);
  EXPECT_EQ(d.write_priority, ThreadPriority::Nice(10));
  ASSERT_OK_AND_ASSIGN(
      RocksProperties p,
      RocksProperties::Parse("quarry.write.coalesce=false\nquarry.write.nice=0\n", "f"));
  EXPECT_FALSE(p.write_coalesce);
  EXPECT_EQ(p.write_priority, ThreadPriority::Nice(0));
  EXPECT_TRUE(p.unknown_keys().empty());
  ASSERT_OK_AND_ASSIGN(RocksProperties back, RocksProperties::Parse(p.ToPropertiesText(), "g"));
  EXPECT_FALSE(back.write_coalesce);
  EXPECT_EQ(back.write_priority, ThreadPriority::Nice(0));
  ASSERT_OK_AND_ASSIGN(RocksProperties idle,
                       RocksProperties::Parse("quarry.write.nice=idle\n", "f"));
  EXPECT_EQ(idle.write_priority, ThreadPriority::Idle());
  ASSERT_OK_AND_ASSIGN(RocksProperties idle_back,
                       RocksProperties::Parse(idle.ToPropertiesText(), "g"));
  EXPECT_EQ(idle_back.write_priority, ThreadPriority::Idle());
  EXPECT_THAT(RocksProperties::Parse("quarry.write.nice=20\n", "f"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "quarry.write.nice"));
  EXPECT_THAT(RocksProperties::Parse("quarry.write.coalesce=maybe\n", "f"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "quarry.write.coalesce"));
}

// Off unless asked: pinned metadata is not bounded by the cache's size.
TEST(RocksPropertiesTest, IndexPinningIsOffByDefaultAndReadsItsKey) {
  ASSERT_OK_AND_ASSIGN(RocksProperties d, RocksProperties::Parse("", "f"));
  EXPECT_FALSE(d.pin_index);
  EXPECT_EQ(d.ToPropertiesText().find("quarry.cache.pin.index"), std::string::npos);
  ASSERT_OK_AND_ASSIGN(RocksProperties p,
                       RocksProperties::Parse("quarry.cache.pin.index=true\n", "f"));
  EXPECT_TRUE(p.pin_index);
  EXPECT_TRUE(p.unknown_keys().empty());
  ASSERT_OK_AND_ASSIGN(RocksProperties back, RocksProperties::Parse(p.ToPropertiesText(), "g"));
  EXPECT_TRUE(back.pin_index);
  EXPECT_THAT(RocksProperties::Parse("quarry.cache.pin.index=all\n", "f"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "quarry.cache.pin.index"));
}

}  // namespace
}  // namespace quarry
