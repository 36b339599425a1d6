#include "server/metrics/service_metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "server/service/operation_summary.h"

namespace quarry {
namespace {

void AppendEscaped(std::string_view value, std::string* out) {
  for (char c : value) {
    if (c == '\\') {
      *out += "\\\\";
    } else if (c == '"') {
      *out += "\\\"";
    } else if (c == '\n') {
      *out += "\\n";
    } else {
      *out += c;
    }
  }
}

std::string FormatValue(double value) {
  if (std::isinf(value)) return value > 0 ? "+Inf" : "-Inf";
  if (std::isnan(value)) return "NaN";
  if (value == std::floor(value) && std::fabs(value) < 1e15) {
    return std::to_string(static_cast<int64_t>(value));
  }
  char text[32];
  std::snprintf(text, sizeof(text), "%.9g", value);
  return text;
}

std::string MetricOperation(const RequestRecord& record) {
  std::string label = OperationLabel(record.operations);
  if (!label.empty()) return label;
  return record.transport == "thrift" ? record.call : "other";
}

}  // namespace

void AppendMetricFamily(std::string_view name, std::string_view type, std::string_view help,
                        const std::vector<MetricSample>& samples, std::string* out) {
  *out += "# HELP ";
  *out += name;
  *out += ' ';
  *out += help;
  *out += "\n# TYPE ";
  *out += name;
  *out += ' ';
  *out += type;
  *out += '\n';
  for (const MetricSample& sample : samples) {
    *out += name;
    if (!sample.labels.empty()) {
      *out += '{';
      for (size_t i = 0; i < sample.labels.size(); ++i) {
        if (i > 0) *out += ',';
        *out += sample.labels[i].first;
        *out += "=\"";
        AppendEscaped(sample.labels[i].second, out);
        *out += '"';
      }
      *out += '}';
    }
    *out += ' ';
    *out += FormatValue(sample.value);
    *out += '\n';
  }
}

const std::vector<double>& ServiceMetrics::LatencyBuckets() {
  static const std::vector<double> kBuckets = {0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25,
                                               0.5,   1,     2.5,  5,     10,   30};
  return kBuckets;
}

void ServiceMetrics::RecordRequest(const RequestRecord& record) {
  std::string operation = MetricOperation(record);
  const double seconds = record.duration_ms / 1000.0;
  const std::vector<double>& bounds = LatencyBuckets();
  const size_t bucket =
      std::lower_bound(bounds.begin(), bounds.end(), seconds) - bounds.begin();  // == size: +Inf
  std::lock_guard lock(mu_);
  if (!operation_labels_.count(operation)) {
    if (operation_labels_.size() >= kMaxOperationLabels) {
      operation = "other";
    } else {
      operation_labels_.insert(operation);
    }
  }
  ++requests_[{record.transport, operation, record.outcome}];
  Histogram& histogram = latency_[{record.transport, operation}];
  if (histogram.buckets.empty()) histogram.buckets.assign(bounds.size() + 1, 0);
  ++histogram.buckets[bucket];
  ++histogram.count;
  histogram.sum += seconds;
  items_[record.transport] += record.items;
  bytes_[{record.transport, "in"}] += record.bytes_in;
  bytes_[{record.transport, "out"}] += record.bytes_out;
}

void ServiceMetrics::AddSource(std::function<void(std::string* out)> source) {
  std::lock_guard lock(sources_mu_);
  sources_.push_back(std::move(source));
}

void ServiceMetrics::RenderRequests(std::string* out) const {
  std::vector<MetricSample> samples;
  for (const auto& [key, count] : requests_) {
    const auto& [transport, operation, outcome] = key;
    samples.push_back({{{"transport", transport}, {"operation", operation}, {"outcome", outcome}},
                       static_cast<double>(count)});
  }
  AppendMetricFamily("quarry_requests_total", "counter",
                     "Requests finished, by transport, operation and outcome.", samples, out);
  samples.clear();
  for (const auto& [key, bytes] : bytes_) {
    samples.push_back(
        {{{"transport", key.first}, {"direction", key.second}}, static_cast<double>(bytes)});
  }
  AppendMetricFamily("quarry_request_bytes_total", "counter",
                     "Request (in) and result (out) payload bytes.", samples, out);
  samples.clear();
  for (const auto& [transport, items] : items_) {
    samples.push_back({{{"transport", transport}}, static_cast<double>(items)});
  }
  AppendMetricFamily("quarry_result_items_total", "counter",
                     "Result items returned (elements, ids, values).", samples, out);
}

void ServiceMetrics::RenderLatency(std::string* out) const {
  const std::string name = "quarry_request_duration_seconds";
  *out += "# HELP " + name + " Request latency, by transport and operation.\n";
  *out += "# TYPE " + name + " histogram\n";
  const std::vector<double>& bounds = LatencyBuckets();
  for (const auto& [key, histogram] : latency_) {
    std::string labels = "transport=\"";
    AppendEscaped(key.first, &labels);
    labels += "\",operation=\"";
    AppendEscaped(key.second, &labels);
    labels += '"';
    uint64_t cumulative = 0;
    for (size_t i = 0; i <= bounds.size(); ++i) {
      cumulative += histogram.buckets[i];
      const std::string le = i < bounds.size() ? FormatValue(bounds[i]) : "+Inf";
      *out +=
          name + "_bucket{" + labels + ",le=\"" + le + "\"} " + std::to_string(cumulative) + "\n";
    }
    *out += name + "_sum{" + labels + "} " + FormatValue(histogram.sum) + "\n";
    *out += name + "_count{" + labels + "} " + std::to_string(histogram.count) + "\n";
  }
}

std::string ServiceMetrics::Render() const {
  std::string out;
  {
    std::lock_guard lock(mu_);
    RenderRequests(&out);
    RenderLatency(&out);
  }
  AppendMetricFamily("quarry_elements_added_total", "counter",
                     "Elements written by AddElements and bulk imports.",
                     {{{}, static_cast<double>(elements_added_.load())}}, &out);
  AppendMetricFamily("quarry_elements_read_total", "counter",
                     "Elements read from the store by queries.",
                     {{{}, static_cast<double>(elements_read_.load())}}, &out);
  AppendMetricFamily("quarry_active_requests", "gauge",
                     "Requests running (a streamed REST result until it ends).",
                     {{{{"transport", "http"}}, static_cast<double>(active_http_.load())},
                      {{{"transport", "thrift"}}, static_cast<double>(active_thrift_.load())}},
                     &out);
  std::lock_guard lock(sources_mu_);
  for (const auto& source : sources_) source(&out);
  return out;
}

}  // namespace quarry
