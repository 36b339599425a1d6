// ProgressBar: `quarry add`'s progress line on a terminal, e.g.
//   [##########          ]  50%  120000 elements  40000 el/s  ETA 0:03
// Progress is measured in input bytes (the element count is unknown until
// the end); the rate is in elements. Without a known total (stdin) the bar,
// percentage and ETA are left out.
//
// Thread safety: one thread at a time.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace quarry::cli {

struct ProgressSnapshot {
  uint64_t elements = 0;
  uint64_t bytes_done = 0;
  uint64_t bytes_total = 0;  // 0: unknown.
  double elapsed_seconds = 0;
};

// One progress line (no newline), at most `width` columns.
std::string RenderProgressLine(const ProgressSnapshot& snapshot, int width);

// "H:MM:SS" or "M:SS".
std::string FormatDuration(double seconds);

class ProgressBar {
 public:
  // Draws on `out` only when `enabled`. `bytes_total` 0 means unknown.
  ProgressBar(std::FILE* out, bool enabled, uint64_t bytes_total);

  // Redraws at most ten times a second.
  void Update(uint64_t elements, uint64_t bytes_done);
  // Clears the line (if drawn).
  void Finish();
  double ElapsedSeconds() const;

 private:
  std::FILE* out_;
  bool enabled_;
  uint64_t bytes_total_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
  bool drawn_ = false;
};

}  // namespace quarry::cli
