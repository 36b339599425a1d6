#include "cli/progress.h"

#include <algorithm>
#include <cmath>

namespace quarry::cli {
namespace {

constexpr int kBarCells = 20;

}  // namespace

std::string FormatDuration(double seconds) {
  if (!(seconds >= 0) || seconds > 99 * 3600.0) return "--:--";
  const auto total = static_cast<int64_t>(std::llround(seconds));
  const int64_t hours = total / 3600, minutes = (total / 60) % 60, secs = total % 60;
  char buffer[32];
  if (hours > 0) {
    std::snprintf(buffer, sizeof(buffer), "%lld:%02lld:%02lld", static_cast<long long>(hours),
                  static_cast<long long>(minutes), static_cast<long long>(secs));
  } else {
    std::snprintf(buffer, sizeof(buffer), "%lld:%02lld", static_cast<long long>(minutes),
                  static_cast<long long>(secs));
  }
  return buffer;
}

std::string RenderProgressLine(const ProgressSnapshot& s, int width) {
  std::string line;
  const bool known_total = s.bytes_total > 0;
  if (known_total) {
    const double fraction =
        std::min(1.0, static_cast<double>(s.bytes_done) / static_cast<double>(s.bytes_total));
    const int filled = static_cast<int>(fraction * kBarCells);
    line += "[" + std::string(filled, '#') + std::string(kBarCells - filled, ' ') + "] ";
    char percent[8];
    std::snprintf(percent, sizeof(percent), "%3d%%", static_cast<int>(fraction * 100));
    line += percent;
    line += "  ";
  }
  line += std::to_string(s.elements) + " elements";
  if (s.elapsed_seconds > 0) {
    const double rate = static_cast<double>(s.elements) / s.elapsed_seconds;
    line += "  " + std::to_string(static_cast<uint64_t>(rate)) + " el/s";
    if (known_total && s.bytes_done > 0) {
      const double bytes_rate = static_cast<double>(s.bytes_done) / s.elapsed_seconds;
      const double remaining =
          static_cast<double>(s.bytes_total - std::min(s.bytes_done, s.bytes_total));
      line += "  ETA " + FormatDuration(remaining / bytes_rate);
    }
  }
  if (width > 0 && static_cast<int>(line.size()) > width) line.resize(width);
  return line;
}

ProgressBar::ProgressBar(std::FILE* out, bool enabled, uint64_t bytes_total)
    : out_(out),
      enabled_(enabled),
      bytes_total_(bytes_total),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

double ProgressBar::ElapsedSeconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void ProgressBar::Update(uint64_t elements, uint64_t bytes_done) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  ProgressSnapshot snapshot{elements, bytes_done, bytes_total_, ElapsedSeconds()};
  std::fprintf(out_, "\r%s\033[K", RenderProgressLine(snapshot, 79).c_str());
  std::fflush(out_);
  drawn_ = true;
}

void ProgressBar::Finish() {
  if (enabled_ && drawn_) {
    std::fprintf(out_, "\r\033[K");
    std::fflush(out_);
  }
  drawn_ = false;
}

}  // namespace quarry::cli
