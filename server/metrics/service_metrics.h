// ServiceMetrics: what `quarry serve` exposes at /metrics in Prometheus'
// text format 0.0.4 (branch service, issue 19). Counters and histograms
// are kept here as requests finish; values that belong to other parts
// (open connections, open queries, RocksDB's state, age-off deletions) are
// read at scrape time from sources registered with AddSource.
//
// Families kept here:
//   quarry_requests_total{transport,operation,outcome}           counter
//   quarry_request_duration_seconds{transport,operation}         histogram
//   quarry_request_bytes_total{transport,direction="in"|"out"}   counter
//   quarry_result_items_total{transport}                         counter
//   quarry_elements_added_total, quarry_elements_read_total      counters
//   quarry_active_requests{transport}                            gauge
//     (requests running, a streamed REST result until its end)
// `operation` is the operation's short class name, "OperationChain" for a
// chain, the Thrift method for calls that run none (nextPage, closeQuery,
// status), or "other" for REST calls that run none. Class names come from
// clients, so after kMaxOperationLabels distinct ones further names count
// as "other" (a client sending made-up classes cannot grow the series).
//
// Thread safety: every method may be called from many threads at once;
// sources are called under no lock but the sources list's.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "server/service/request_log.h"

namespace quarry {

// One labelled sample for AppendMetricFamily.
struct MetricSample {
  std::vector<std::pair<std::string, std::string>> labels;
  double value = 0;
};

// Appends "# HELP", "# TYPE" and one line per sample (label values escaped
// as the format requires: backslash, double quote, newline).
void AppendMetricFamily(std::string_view name, std::string_view type, std::string_view help,
                        const std::vector<MetricSample>& samples, std::string* out);

class ServiceMetrics {
 public:
  static constexpr size_t kMaxOperationLabels = 200;

  // Upper bounds (seconds) of the latency histogram's buckets; +Inf is implied.
  static const std::vector<double>& LatencyBuckets();

  // Counts a finished request.
  void RecordRequest(const RequestRecord& record);
  // A request of `transport` ("http" or "thrift") starts (+1) or ends (-1).
  void AdjustActive(std::string_view transport, int delta) {
    (transport == "http" ? active_http_ : active_thrift_).fetch_add(delta);
  }
  void AddElementsAdded(uint64_t n) { elements_added_.fetch_add(n, std::memory_order_relaxed); }
  void AddElementsRead(uint64_t n) { elements_read_.fetch_add(n, std::memory_order_relaxed); }

  // A source appends whole metric families (AppendMetricFamily) at scrape
  // time; it must stay callable for the life of this object.
  void AddSource(std::function<void(std::string* out)> source);

  // The exposition text: the families kept here, then each source's.
  std::string Render() const;

 private:
  struct Histogram {
    std::vector<uint64_t> buckets;  // Per LatencyBuckets() bound (not cumulative).
    uint64_t count = 0;
    double sum = 0;
  };
  using RequestKey = std::tuple<std::string, std::string, std::string>;  // transport, op, outcome
  using LatencyKey = std::pair<std::string, std::string>;                // transport, op

  void RenderRequests(std::string* out) const;
  void RenderLatency(std::string* out) const;

  mutable std::mutex mu_;
  std::set<std::string, std::less<>> operation_labels_;  // Guarded by mu_.
  std::map<RequestKey, uint64_t> requests_;
  std::map<LatencyKey, Histogram> latency_;
  std::map<std::string, uint64_t> items_;                          // By transport.
  std::map<std::pair<std::string, std::string>, uint64_t> bytes_;  // transport, direction
  std::atomic<uint64_t> elements_added_{0};
  std::atomic<uint64_t> elements_read_{0};
  std::atomic<int64_t> active_http_{0};
  std::atomic<int64_t> active_thrift_{0};
  mutable std::mutex sources_mu_;
  std::vector<std::function<void(std::string*)>> sources_;  // Guarded by sources_mu_.
};

}  // namespace quarry
