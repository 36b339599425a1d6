#include "server/metrics/service_metrics.h"

#include <gtest/gtest.h>

namespace quarry {
namespace {

RequestRecord Record(const std::string& transport, std::vector<std::string> ops,
                     const std::string& outcome, double ms) {
  RequestRecord record;
  record.transport = transport;
  record.call = "execute";
  record.operations = std::move(ops);
  record.outcome = outcome;
  record.duration_ms = ms;
  record.items = 3;
  record.bytes_in = 10;
  record.bytes_out = 20;
  return record;
}

bool HasLine(const std::string& text, const std::string& line) {
  return text.find("\n" + line + "\n") != std::string::npos || text.rfind(line + "\n", 0) == 0;
}

TEST(ServiceMetricsTest, CountsRequestsByTransportOperationAndOutcome) {
  ServiceMetrics metrics;
  metrics.RecordRequest(Record("http", {"GetAllElements", "Count"}, "OK", 2));
  metrics.RecordRequest(Record("http", {"GetAllElements", "Count"}, "OK", 3));
  metrics.RecordRequest(Record("thrift", {"GetElements"}, "INVALID_ARGUMENT", 1));
  const std::string text = metrics.Render();
  EXPECT_TRUE(HasLine(text, "# TYPE quarry_requests_total counter")) << text;
  EXPECT_TRUE(HasLine(
      text, R"(quarry_requests_total{transport="http",operation="OperationChain",outcome="OK"} 2)"))
      << text;
  EXPECT_TRUE(HasLine(
      text,
      R"(quarry_requests_total{transport="thrift",operation="GetElements",outcome="INVALID_ARGUMENT"} 1)"))
      << text;
  EXPECT_TRUE(HasLine(text, R"(quarry_result_items_total{transport="http"} 6)")) << text;
  EXPECT_TRUE(HasLine(text, R"(quarry_request_bytes_total{transport="http",direction="out"} 40)"))
      << text;
}

TEST(ServiceMetricsTest, LatencyHistogramBucketsAreCumulative) {
  ServiceMetrics metrics;
  metrics.RecordRequest(Record("http", {"Count"}, "OK", 0.5));    // <= 0.001 s
  metrics.RecordRequest(Record("http", {"Count"}, "OK", 7));      // <= 0.01 s
  metrics.RecordRequest(Record("http", {"Count"}, "OK", 60000));  // > 30 s
  const std::string text = metrics.Render();
  const std::string prefix =
      R"(quarry_request_duration_seconds_bucket{transport="http",operation="Count",le=)";
  EXPECT_TRUE(HasLine(text, prefix + R"("0.001"} 1)")) << text;
  EXPECT_TRUE(HasLine(text, prefix + R"("0.005"} 1)")) << text;
  EXPECT_TRUE(HasLine(text, prefix + R"("0.01"} 2)")) << text;
  EXPECT_TRUE(HasLine(text, prefix + R"("30"} 2)")) << text;
  EXPECT_TRUE(HasLine(text, prefix + R"("+Inf"} 3)")) << text;
  EXPECT_TRUE(HasLine(
      text, R"(quarry_request_duration_seconds_count{transport="http",operation="Count"} 3)"));
  EXPECT_TRUE(HasLine(
      text, R"(quarry_request_duration_seconds_sum{transport="http",operation="Count"} 60.0075)"))
      << text;
}

TEST(ServiceMetricsTest, CallsWithoutOperationsAreLabelledByMethodOrOther) {
  ServiceMetrics metrics;
  RequestRecord page = Record("thrift", {}, "OK", 1);
  page.call = "nextPage";
  metrics.RecordRequest(page);
  metrics.RecordRequest(Record("http", {}, "NOT_FOUND", 1));
  const std::string text = metrics.Render();
  EXPECT_TRUE(HasLine(
      text, R"(quarry_requests_total{transport="thrift",operation="nextPage",outcome="OK"} 1)"));
  EXPECT_TRUE(HasLine(
      text, R"(quarry_requests_total{transport="http",operation="other",outcome="NOT_FOUND"} 1)"));
}

TEST(ServiceMetricsTest, ElementCountersActiveGaugesAndSources) {
  ServiceMetrics metrics;
  metrics.AddElementsAdded(5);
  metrics.AddElementsRead(7);
  metrics.AdjustActive("http", +1);
  metrics.AddSource([](std::string* out) {
    AppendMetricFamily("quarry_test_gauge", "gauge", "A test.", {{{{"group", "a\"b\\c\nd"}}, 1.5}},
                       out);
  });
  const std::string text = metrics.Render();
  EXPECT_TRUE(HasLine(text, "quarry_elements_added_total 5")) << text;
  EXPECT_TRUE(HasLine(text, "quarry_elements_read_total 7")) << text;
  EXPECT_TRUE(HasLine(text, R"(quarry_active_requests{transport="http"} 1)")) << text;
  EXPECT_TRUE(HasLine(text, R"(quarry_active_requests{transport="thrift"} 0)")) << text;
  EXPECT_TRUE(HasLine(text, "# HELP quarry_test_gauge A test.")) << text;
  EXPECT_TRUE(HasLine(text, R"(quarry_test_gauge{group="a\"b\\c\nd"} 1.5)")) << text;
}

TEST(ServiceMetricsTest, OperationLabelsAreCappedSoClientsCannotGrowTheSeries) {
  ServiceMetrics metrics;
  for (size_t i = 0; i < ServiceMetrics::kMaxOperationLabels + 5; ++i) {
    metrics.RecordRequest(Record("http", {"Made" + std::to_string(i)}, "INVALID_ARGUMENT", 1));
  }
  const std::string text = metrics.Render();
  EXPECT_TRUE(HasLine(
      text,
      R"(quarry_requests_total{transport="http",operation="Made0",outcome="INVALID_ARGUMENT"} 1)"));
  EXPECT_EQ(text.find(R"(operation="Made200")"), std::string::npos);
  EXPECT_TRUE(HasLine(
      text,
      R"(quarry_requests_total{transport="http",operation="other",outcome="INVALID_ARGUMENT"} 5)"))
      << text;
}

}  // namespace
}  // namespace quarry
