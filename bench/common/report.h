// Result lines: how every benchmark binary reports, so one driver
// (bench/run.sh) can pair systems and print ratios.
//
// Each measurement is one stdout line:
//   RESULT {"scenario":"ingest","system":"quarry","metric":"elements/s",
//           "value":123456.0,"higher_is_better":true,"items":-1,"peak_rss_bytes":1234}
// `scenario` names what was measured (the same string for every system
// measured on it); `system` is quarry, quarry-thrift-json, rocksdb, postgres,
// sqlite, ...; peak_rss_bytes is this process's VmHWM when the line is printed.
// Anything else a binary prints is for humans and ignored by the driver.
//
// Thread safety: PrintResult may be called from any thread (one write each).
#pragma once

#include <chrono>
#include <cstdint>
#include <span>
#include <string_view>

namespace quarry::bench {

struct Measurement {
  std::string_view scenario;
  std::string_view system;
  std::string_view metric;  // e.g. "elements/s", "queries/s", "seconds".
  double value = 0;
  bool higher_is_better = true;
  int64_t items = -1;  // Results returned / elements stored, to check systems agree; -1: n/a.
  uint64_t peak_rss_bytes = 0;  // Reported peak RSS; 0: this process's (PeakRssBytes()).
  // Each timed pass's value when `value` is their median (bench/common/passes.h);
  // empty for a scenario timed once. Borrowed until PrintResult returns.
  std::span<const double> passes;
};

void PrintResult(const Measurement& m);

// This process's peak resident set (VmHWM) and current one (VmRSS), in bytes;
// 0 if /proc is unreadable.
uint64_t PeakRssBytes();
uint64_t CurrentRssBytes();
// Peak resident set of another process (e.g. the server), 0 if unreadable.
uint64_t PeakRssBytesOf(int pid);

// Wall-clock stopwatch.
class Stopwatch {
 public:
  Stopwatch() : start_(std::chrono::steady_clock::now()) {}
  double Seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_;
};

}  // namespace quarry::bench
