#include "server/service/request_log.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "graph-core/json_value.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

RequestRecord ChainRecord() {
  RequestRecord record;
  record.start_unix_ms = 1'700'000'000'123;  // 2023-11-14T22:13:20.123Z
  record.user = "alice";
  record.transport = "http";
  record.call = "POST /graph/operations/execute";
  record.operations = {"GetAllElements", "Count"};
  record.duration_ms = 12.3456;
  record.items = 1;
  record.bytes_in = 200;
  record.bytes_out = 1;
  record.http_status = 200;
  return record;
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(RequestLogTest, FormatsOneJsonObjectWithEveryField) {
  const Json line = Json::parse(FormatRequestLine(ChainRecord(), 1000));
  const Json expected = Json::parse(R"({"time": "2023-11-14T22:13:20.123Z", "user": "alice",
    "transport": "http", "call": "POST /graph/operations/execute",
    "operations": ["GetAllElements", "Count"], "durationMs": 12.346, "items": 1,
    "bytesIn": 200, "bytesOut": 1, "outcome": "OK", "httpStatus": 200, "slow": false})");
  EXPECT_EQ(line, expected);
}

TEST(RequestLogTest, FlagsRequestsAtOrAboveTheSlowThreshold) {
  RequestRecord record = ChainRecord();
  record.duration_ms = 1000;
  EXPECT_EQ(Json::parse(FormatRequestLine(record, 1000))["slow"], true);
  record.duration_ms = 999.9;
  EXPECT_EQ(Json::parse(FormatRequestLine(record, 1000))["slow"], false);
}

TEST(RequestLogTest, UnknownOutputSizeIsNull) {
  RequestRecord record = ChainRecord();
  record.bytes_out_known = false;
  EXPECT_TRUE(Json::parse(FormatRequestLine(record, 1000))["bytesOut"].is_null());
}

TEST(RequestLogTest, ThriftLinesHaveNoHttpStatus) {
  RequestRecord record = ChainRecord();
  record.transport = "thrift";
  record.http_status = 0;
  EXPECT_FALSE(Json::parse(FormatRequestLine(record, 1000)).contains("httpStatus"));
}

class RequestLogFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = ::testing::TempDir() + "/request_log_test_" + std::to_string(::getpid());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string dir_;
};

TEST_F(RequestLogFileTest, AppendsLinesToTheFile) {
  RequestLogOptions options;
  options.path = dir_ + "/requests.log";
  ASSERT_OK_AND_ASSIGN(auto log, RequestLog::Open(options));
  log->Write(ChainRecord());
  log->Write(ChainRecord());
  const std::string text = ReadAll(options.path);
  const std::string line = FormatRequestLine(ChainRecord(), options.slow_ms) + "\n";
  EXPECT_EQ(text, line + line);
}

TEST_F(RequestLogFileTest, RotatesPastMaxBytesKeepingNFiles) {
  RequestLogOptions options;
  options.path = dir_ + "/requests.log";
  const std::string line = FormatRequestLine(ChainRecord(), options.slow_ms) + "\n";
  options.max_bytes = line.size() * 2;  // Two lines a file.
  options.keep = 2;
  ASSERT_OK_AND_ASSIGN(auto log, RequestLog::Open(options));
  for (int i = 0; i < 7; ++i) log->Write(ChainRecord());
  // 7 lines: .2 and .1 got two each when full, the current file has the 7th
  // (the oldest two rotated out of existence).
  EXPECT_EQ(ReadAll(options.path), line);
  EXPECT_EQ(ReadAll(options.path + ".1"), line + line);
  EXPECT_EQ(ReadAll(options.path + ".2"), line + line);
  EXPECT_FALSE(std::filesystem::exists(options.path + ".3"));
}

TEST_F(RequestLogFileTest, ReopenStartsANewFileAfterExternalRotation) {
  RequestLogOptions options;
  options.path = dir_ + "/requests.log";
  ASSERT_OK_AND_ASSIGN(auto log, RequestLog::Open(options));
  log->Write(ChainRecord());
  std::filesystem::rename(options.path, options.path + ".old");
  ASSERT_OK(log->Reopen());
  log->Write(ChainRecord());
  const std::string line = FormatRequestLine(ChainRecord(), options.slow_ms) + "\n";
  EXPECT_EQ(ReadAll(options.path), line);
  EXPECT_EQ(ReadAll(options.path + ".old"), line);
}

TEST_F(RequestLogFileTest, UnopenableFileIsAnIOErrorNamingIt) {
  RequestLogOptions options;
  options.path = dir_ + "/no/such/dir/requests.log";
  Result<std::unique_ptr<RequestLog>> log = RequestLog::Open(options);
  EXPECT_THAT(log.status(), ::quarry::testing::StatusIs(StatusCode::kIOError));
  EXPECT_NE(log.status().message().find(options.path), std::string::npos);
}

}  // namespace
}  // namespace quarry
