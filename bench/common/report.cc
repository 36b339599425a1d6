#include "bench/common/report.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

namespace quarry::bench {
namespace {

// Reads "<field>:   123 kB" from /proc/<pid>/status.
uint64_t StatusFieldBytes(const std::string& path, std::string_view field) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.compare(0, field.size(), field) == 0 && line.size() > field.size() &&
        line[field.size()] == ':') {
      return std::strtoull(line.c_str() + field.size() + 1, nullptr, 10) * 1024;
    }
  }
  return 0;
}

}  // namespace

uint64_t PeakRssBytes() { return StatusFieldBytes("/proc/self/status", "VmHWM"); }
uint64_t CurrentRssBytes() { return StatusFieldBytes("/proc/self/status", "VmRSS"); }
uint64_t PeakRssBytesOf(int pid) {
  return StatusFieldBytes("/proc/" + std::to_string(pid) + "/status", "VmHWM");
}

void PrintResult(const Measurement& m) {
  char head[512];
  uint64_t peak_rss = m.peak_rss_bytes != 0 ? m.peak_rss_bytes : PeakRssBytes();
  std::snprintf(head, sizeof(head),
                "RESULT {\"scenario\":\"%.*s\",\"system\":\"%.*s\",\"metric\":\"%.*s\","
                "\"value\":%.6g,\"higher_is_better\":%s,\"items\":%lld,\"peak_rss_bytes\":%llu",
                static_cast<int>(m.scenario.size()), m.scenario.data(),
                static_cast<int>(m.system.size()), m.system.data(),
                static_cast<int>(m.metric.size()), m.metric.data(), m.value,
                m.higher_is_better ? "true" : "false", static_cast<long long>(m.items),
                static_cast<unsigned long long>(peak_rss));
  std::string line = head;
  if (!m.passes.empty()) {
    line += ",\"passes\":[";
    for (size_t i = 0; i < m.passes.size(); ++i) {
      char value[32];
      std::snprintf(value, sizeof(value), "%s%.6g", i == 0 ? "" : ",", m.passes[i]);
      line += value;
    }
    line += "]";
  }
  line += "}\n";
  std::fputs(line.c_str(), stdout);
  std::fflush(stdout);
}

}  // namespace quarry::bench
