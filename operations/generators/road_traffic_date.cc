#include "operations/generators/road_traffic_date.h"

#include <chrono>
#include <optional>
#include <string>

namespace quarry {
namespace {

struct DateTime {
  int year = 0;
  int month = 0;
  int day = 0;
  int hour = 0;
  int minute = 0;
  int second = 0;
};

// Reads exactly `n` ASCII digits at `text[pos]`, or nothing.
std::optional<int> Digits(std::string_view text, size_t pos, size_t n) {
  if (pos + n > text.size()) return std::nullopt;
  int value = 0;
  for (size_t i = pos; i < pos + n; ++i) {
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
    value = value * 10 + (text[i] - '0');
  }
  return value;
}

// Matches `text` against `pattern`, where y, M, d, H, m and s stand for one
// digit of their field and any other character must appear literally.
std::optional<DateTime> Match(std::string_view text, std::string_view pattern) {
  if (text.size() != pattern.size()) return std::nullopt;
  DateTime dt;
  size_t i = 0;
  while (i < pattern.size()) {
    char p = pattern[i];
    size_t run = pattern.find_first_not_of(p, i);
    if (run == std::string_view::npos) run = pattern.size();
    size_t n = run - i;
    int* field = p == 'y'   ? &dt.year
                 : p == 'M' ? &dt.month
                 : p == 'd' ? &dt.day
                 : p == 'H' ? &dt.hour
                 : p == 'm' ? &dt.minute
                 : p == 's' ? &dt.second
                            : nullptr;
    if (field == nullptr) {
      if (text.substr(i, n) != pattern.substr(i, n)) return std::nullopt;
    } else {
      std::optional<int> value = Digits(text, i, n);
      if (!value) return std::nullopt;
      *field = *value;
    }
    i = run;
  }
  return dt;
}

std::optional<int64_t> ToEpochMillis(const DateTime& dt) {
  using namespace std::chrono;
  year_month_day ymd{year{dt.year}, month{static_cast<unsigned>(dt.month)},
                     day{static_cast<unsigned>(dt.day)}};
  if (!ymd.ok() || dt.hour > 23 || dt.minute > 59 || dt.second > 59) return std::nullopt;
  int64_t days = sys_days{ymd}.time_since_epoch().count();
  int64_t seconds = days * 86400 + dt.hour * 3600 + dt.minute * 60 + dt.second;
  return seconds * 1000;
}

}  // namespace

Result<int64_t> ParseRoadTrafficDate(std::string_view text) {
  for (std::string_view pattern : {"dd/MM/yyyy HH:mm", "yyyy-MM-dd HH:mm:ss"}) {
    std::optional<DateTime> dt = Match(text, pattern);
    if (!dt) continue;
    std::optional<int64_t> ms = ToEpochMillis(*dt);
    if (ms) return *ms;
  }
  return InvalidArgumentError("date '" + std::string(text) +
                              "' matches neither dd/MM/yyyy HH:mm nor yyyy-MM-dd HH:mm:ss");
}

}  // namespace quarry
