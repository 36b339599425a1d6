#include "server/service/health.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

namespace quarry {
namespace {

namespace fs = std::filesystem;

class HealthTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = ::testing::TempDir() + "/health_test_" + std::to_string(::getpid());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    fs::permissions(dir_, fs::perms::owner_all, fs::perm_options::add);
    fs::remove_all(dir_);
  }
  HealthCheckOptions Options() const {
    HealthCheckOptions options;
    options.data_dirs = {dir_};
    options.min_free_bytes = 1;
    return options;
  }
  std::string dir_;
};

TEST_F(HealthTest, WritableDirectoryAndQuietEngineAreUp) {
  HealthCheckOptions options = Options();
  options.engine = [] { return EngineStats{}; };
  const HealthReport report = HealthChecker(options).Check();
  EXPECT_TRUE(report.up) << report.reason;
  EXPECT_EQ(report.reason, "");
  EXPECT_FALSE(fs::exists(dir_ + "/.quarry-health-probe"));  // The probe is removed.
}

// rados2 (issue 14): a store that keeps no engine statistics (the rados
// store) is up; a store whose statistics fail is not.
TEST_F(HealthTest, StoreWithoutEngineStatisticsIsUp) {
  HealthCheckOptions options = Options();
  options.engine = []() -> Result<EngineStats> { return UnimplementedError("not kept"); };
  EXPECT_TRUE(HealthChecker(options).Check().up);
  options.engine = []() -> Result<EngineStats> { return IOError("broken"); };
  EXPECT_FALSE(HealthChecker(options).Check().up);
}

TEST_F(HealthTest, ReadOnlyDirectoryIsDownWithItsMode) {
  fs::permissions(dir_, fs::perms::owner_read | fs::perms::owner_exec);
  const HealthReport report = HealthChecker(Options()).Check();
  EXPECT_FALSE(report.up);
  EXPECT_EQ(report.reason, "data directory " + dir_ + " is read-only (mode 0500)");
}

TEST_F(HealthTest, MissingDirectoryIsDown) {
  HealthCheckOptions options = Options();
  options.data_dirs.push_back(dir_ + "/gone");
  const HealthReport report = HealthChecker(options).Check();
  EXPECT_FALSE(report.up);
  EXPECT_EQ(report.reason,
            "data directory " + dir_ + "/gone is unavailable: No such file or directory");
}

TEST_F(HealthTest, TooLittleFreeSpaceIsDiskFull) {
  HealthCheckOptions options = Options();
  options.min_free_bytes = uint64_t{1} << 62;  // More than any disk.
  const HealthReport report = HealthChecker(options).Check();
  EXPECT_FALSE(report.up);
  EXPECT_EQ(report.reason.rfind("disk full: ", 0), 0u) << report.reason;
  EXPECT_NE(report.reason.find(" bytes free under " + dir_), std::string::npos) << report.reason;
}

TEST_F(HealthTest, StoppedWritesAreAStalledStore) {
  HealthCheckOptions options = Options();
  options.engine = [] {
    EngineStats stats;
    stats.writes_stopped_now = true;
    stats.pending_compaction_bytes = 1234;
    return stats;
  };
  const HealthReport report = HealthChecker(options).Check();
  EXPECT_FALSE(report.up);
  EXPECT_EQ(report.reason,
            "store stalled: RocksDB has stopped writes until compaction catches up (1234 bytes "
            "pending)");
}

TEST_F(HealthTest, BackgroundErrorIsAStoppedStore) {
  HealthCheckOptions options = Options();
  options.engine = [] {
    EngineStats stats;
    stats.background_errors = 1;
    return stats;
  };
  const HealthReport report = HealthChecker(options).Check();
  EXPECT_FALSE(report.up);
  EXPECT_EQ(report.reason.rfind("store stopped: RocksDB reported 1 background error", 0), 0u)
      << report.reason;
}

}  // namespace
}  // namespace quarry
