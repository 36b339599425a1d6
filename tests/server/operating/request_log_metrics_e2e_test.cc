// Acceptance (issue 19): request-log lines for a chain and for a failed
// request (with no token and no element data in them), and Prometheus
// metrics whose counters move as requests run, on the HTTP port and on
// --metrics-port beside a Thrift-only server.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tests/server/e2e/e2e_fixture.h"
#include "tests/server/operating/operating_fixture.h"

namespace quarry::testing_rpc {
namespace {

using RequestLogMetricsE2eTest = OperatingTest;

std::string FileText(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The first line whose "call" and "operations" are these.
const Json* FindLine(const std::vector<Json>& lines, const std::string& call,
                     const Json& operations) {
  for (const Json& line : lines) {
    if (line["call"] == call && line["operations"] == operations) return &line;
  }
  return nullptr;
}

TEST_F(RequestLogMetricsE2eTest, RequestLogHasLinesForAChainAndAFailedRequestButNoSecrets) {
  const std::string log = root_ + "/requests.log";
  Serve({"--request-log", log, "--slow-request-ms", "60000"});
  AddTwoOverHttp();
  ASSERT_EQ(Execute(kCountChain, AliceBasic()).body, "2");
  HttpTestResponse got = Execute(kGetSecret, AliceBasic());
  ASSERT_EQ(got.status, 200);
  ASSERT_EQ(Execute(kUnknownOperation, AliceBasic()).status, 400);
  TestClient thrift(server_.port());
  std::string result;
  thrift->execute(result, AliceCredentials(), kCountChain);
  EXPECT_EQ(ErrorCode([&] { thrift->execute(result, AliceCredentials(), kUnknownOperation); }),
            "INVALID_ARGUMENT");

  std::vector<Json> lines;
  ASSERT_TRUE(Eventually([&] {
    lines = ReadJsonLines(log);
    return lines.size() >= 6;
  })) << FileText(log);
  const Json chain = Json::array({"GetAllElements", "Count"});
  const Json* http_chain = FindLine(lines, "POST /graph/operations/execute", chain);
  ASSERT_NE(http_chain, nullptr) << FileText(log);
  EXPECT_EQ((*http_chain)["user"], "alice");
  EXPECT_EQ((*http_chain)["transport"], "http");
  EXPECT_EQ((*http_chain)["outcome"], "OK");
  EXPECT_EQ((*http_chain)["httpStatus"], 200);
  EXPECT_EQ((*http_chain)["items"], 1);              // Count's one number.
  EXPECT_TRUE((*http_chain)["bytesOut"].is_null());  // Streamed: the transport writes it.
  EXPECT_EQ((*http_chain)["bytesIn"], std::string(kCountChain).size());
  EXPECT_EQ((*http_chain)["slow"], false);
  EXPECT_TRUE((*http_chain)["durationMs"].is_number());
  EXPECT_TRUE((*http_chain)["time"].is_string());

  const Json* streamed =
      FindLine(lines, "POST /graph/operations/execute", Json::array({"GetElements"}));
  ASSERT_NE(streamed, nullptr) << FileText(log);
  EXPECT_EQ((*streamed)["items"], 1);  // The one entity, streamed through a cursor.
  EXPECT_EQ((*streamed)["outcome"], "OK");

  const Json* failed =
      FindLine(lines, "POST /graph/operations/execute", Json::array({"NoSuchOperation"}));
  ASSERT_NE(failed, nullptr) << FileText(log);
  EXPECT_EQ((*failed)["outcome"], "INVALID_ARGUMENT");
  EXPECT_EQ((*failed)["httpStatus"], 400);
  EXPECT_EQ((*failed)["items"], 0);

  const Json* thrift_chain = FindLine(lines, "execute", chain);
  ASSERT_NE(thrift_chain, nullptr) << FileText(log);
  EXPECT_EQ((*thrift_chain)["transport"], "thrift");
  EXPECT_EQ((*thrift_chain)["user"], "alice");
  EXPECT_EQ((*thrift_chain)["items"], 1);
  EXPECT_EQ((*thrift_chain)["bytesOut"], 1);  // "2".
  const Json* thrift_failed = FindLine(lines, "execute", Json::array({"NoSuchOperation"}));
  ASSERT_NE(thrift_failed, nullptr) << FileText(log);
  EXPECT_EQ((*thrift_failed)["outcome"], "INVALID_ARGUMENT");

  const std::string text = FileText(log);
  for (const char* secret :
       {"alice-secret", "YWxpY2U6YWxpY2Utc2VjcmV0",  // base64 alice:alice-secret
        "vertex-sensitive", "count\":"}) {
    EXPECT_EQ(text.find(secret), std::string::npos) << secret << " in\n" << text;
  }
}

TEST_F(RequestLogMetricsE2eTest, SlowRequestsAreFlaggedAndTheLogRotatesBySize) {
  const std::string log = root_ + "/requests.log";
  Serve({"--request-log", log, "--slow-request-ms", "0", "--request-log-max-bytes", "600"});
  for (int i = 0; i < 6; ++i) ASSERT_EQ(Execute(kCountChain, AliceBasic()).status, 200);
  ASSERT_TRUE(Eventually([&] { return std::filesystem::exists(log + ".1"); }));
  std::vector<Json> rotated = ReadJsonLines(log + ".1");
  ASSERT_FALSE(rotated.empty());
  for (const Json& line : rotated) EXPECT_EQ(line["slow"], true) << line.dump();
}

TEST_F(RequestLogMetricsE2eTest, MetricsCountersMoveAsRequestsRun) {
  Serve({});
  const std::string chain_ok =
      R"(quarry_requests_total{transport="http",operation="OperationChain",outcome="OK"})";
  const std::string chain_latency_count =
      R"(quarry_request_duration_seconds_count{transport="http",operation="OperationChain"})";
  const std::string failed =
      R"(quarry_requests_total{transport="http",operation="NoSuchOperation",outcome="INVALID_ARGUMENT"})";
  HttpTestResponse first = Get("/metrics");
  ASSERT_EQ(first.status, 200) << first.body;
  EXPECT_EQ(first.Header("content-type"), "text/plain; version=0.0.4; charset=utf-8");
  EXPECT_EQ(MetricValue(first.body, chain_ok), -1) << first.body;  // None yet.
  EXPECT_EQ(MetricValue(first.body, "quarry_elements_added_total"), 0);
  EXPECT_EQ(MetricValue(first.body, "quarry_up"), 1);
  EXPECT_GE(MetricValue(first.body, R"(quarry_active_connections{transport="http"})"), 1);
  EXPECT_GE(MetricValue(first.body, "quarry_rocksdb_memtable_bytes"), 0);
  EXPECT_GE(MetricValue(first.body, "quarry_rocksdb_pending_compaction_bytes"), 0);
  EXPECT_GE(MetricValue(first.body, "quarry_rocksdb_block_cache_hit_ratio"), 0);
  EXPECT_GE(MetricValue(first.body, "quarry_rocksdb_write_stops_total"), 0);
  EXPECT_GE(MetricValue(first.body, "quarry_merge_operands_folded_total"), 0);
  EXPECT_EQ(MetricValue(first.body, R"(quarry_ageoff_deleted_total{group="BasicEntity"})"), 0);

  AddTwoOverHttp();
  AddTwoOverHttp();  // The same two again: folded by the merge operator when read.
  ASSERT_EQ(Execute(kCountChain, AliceBasic()).body, "2");
  ASSERT_EQ(Execute(kCountChain, AliceBasic()).body, "2");
  ASSERT_EQ(Execute(kUnknownOperation, AliceBasic()).status, 400);

  HttpTestResponse second = Get("/metrics");
  ASSERT_EQ(second.status, 200);
  EXPECT_EQ(MetricValue(second.body, chain_ok), 2) << second.body;
  EXPECT_EQ(MetricValue(second.body, chain_latency_count), 2) << second.body;
  EXPECT_EQ(MetricValue(second.body, failed), 1) << second.body;
  EXPECT_EQ(MetricValue(
                second.body,
                R"(quarry_requests_total{transport="http",operation="AddElements",outcome="OK"})"),
            2);
  EXPECT_EQ(MetricValue(second.body, "quarry_elements_added_total"), 4);
  // Each count read the two aggregated entities.
  EXPECT_EQ(MetricValue(second.body, "quarry_elements_read_total"), 4);
  EXPECT_GE(MetricValue(second.body, "quarry_merge_operands_folded_total"), 2);
  EXPECT_EQ(MetricValue(second.body, R"(quarry_result_items_total{transport="http"})"), 2);
  const std::string inf_bucket =
      R"(quarry_request_duration_seconds_bucket{transport="http",operation="OperationChain",le="+Inf"})";
  EXPECT_EQ(MetricValue(second.body, inf_bucket), 2);
}

TEST_F(RequestLogMetricsE2eTest, MetricsPortServesMetricsBesideAThriftOnlyServer) {
  const int metrics_port = FreeLoopbackPort();
  Serve({"--metrics-port", std::to_string(metrics_port)}, /*with_http=*/false);
  ASSERT_TRUE(WaitForLog("metrics listening on 127.0.0.1:" + std::to_string(metrics_port)))
      << server_.log();
  TestClient thrift(server_.port());
  std::string count;
  thrift->execute(count, AliceCredentials(), kCountChain);
  EXPECT_EQ(count, "0");
  HttpTestResponse scraped = Get("/metrics", metrics_port);
  ASSERT_EQ(scraped.status, 200) << scraped.body;
  EXPECT_EQ(
      MetricValue(
          scraped.body,
          R"(quarry_requests_total{transport="thrift",operation="OperationChain",outcome="OK"})"),
      1)
      << scraped.body;
  EXPECT_EQ(MetricValue(scraped.body, R"(quarry_active_connections{transport="thrift"})"), 1);
  EXPECT_EQ(Get("/rest/graph/status", metrics_port).status, 404);  // Metrics only.
}

}  // namespace
}  // namespace quarry::testing_rpc
