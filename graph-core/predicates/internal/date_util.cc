#include "graph-core/predicates/internal/date_util.h"

#include <array>
#include <charconv>
#include <string>

#include "graph-core/json_fields.h"

namespace quarry::internal {
namespace {

constexpr int64_t kSecondMillis = 1000;
constexpr int64_t kMinuteMillis = 60 * kSecondMillis;
constexpr int64_t kHourMillis = 60 * kMinuteMillis;
constexpr int64_t kDayMillis = 24 * kHourMillis;

bool AllDigits(std::string_view s) {
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

int Digits(std::string_view s, size_t pos, size_t n) {
  int v = 0;
  for (size_t i = pos; i < pos + n; ++i) v = v * 10 + (s[i] - '0');
  return v;
}

// Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar.
int64_t DaysFromCivil(int64_t y, int m, int d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t year_of_era = y - era * 400;
  const int64_t day_of_year = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return era * 146097 + day_of_era - 719468;
}

int DaysInMonth(int64_t y, int m) {
  static constexpr std::array<int, 12> kDays = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return m == 2 && leap ? 29 : kDays[m - 1];
}

Status BadDate(std::string_view text) {
  return InvalidArgumentError(
      "the date string '" + std::string(text) +
      "' could not be parsed: use epoch milliseconds or yyyy/MM[/dd[ HH[:mm[:ss[.SSS]]]]] "
      "with ' ', '-', '/', '_', ':', '|' or '.' as separators");
}

// Reads "HH", "HHmm" or "HH:mm" into minutes.
std::optional<int64_t> ParseOffsetMinutes(std::string_view s) {
  std::string digits;
  for (char c : s) {
    if (c != ':') digits += c;
  }
  if (digits.empty() || digits.size() > 4 || !AllDigits(digits)) return std::nullopt;
  int hours =
      digits.size() <= 2 ? Digits(digits, 0, digits.size()) : Digits(digits, 0, digits.size() - 2);
  int minutes = digits.size() <= 2 ? 0 : Digits(digits, digits.size() - 2, 2);
  if (hours > 18 || minutes > 59) return std::nullopt;
  return hours * 60 + minutes;
}

}  // namespace

Result<int64_t> ParseTimeZoneOffset(std::string_view zone) {
  std::string_view rest = zone;
  if (rest.substr(0, 3) == "UTC" || rest.substr(0, 3) == "GMT") rest.remove_prefix(3);
  if (rest.empty() || rest == "Z") return int64_t{0};
  if (rest[0] == '+' || rest[0] == '-') {
    std::optional<int64_t> minutes = ParseOffsetMinutes(rest.substr(1));
    if (minutes) return (rest[0] == '-' ? -1 : 1) * *minutes * kMinuteMillis;
  }
  return InvalidArgumentError("unsupported time zone '" + std::string(zone) +
                              "': use UTC or a fixed offset such as GMT+01:00");
}

Result<int64_t> ParseDateMillis(std::string_view text, int64_t offset_ms) {
  if (AllDigits(text)) {
    int64_t ms = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), ms);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
      return BadDate(text);
    }
    return ms;
  }
  std::string s;
  for (char c : text) {
    if (std::string_view(" -/_:|.").find(c) == std::string_view::npos) s += c;
  }
  const size_t n = s.size();
  if (!AllDigits(s) || (n != 6 && n != 8 && n != 10 && n != 12 && n != 14 && n != 17)) {
    return BadDate(text);
  }
  const int64_t year = Digits(s, 0, 4);
  const int month = Digits(s, 4, 2);
  const int day = n >= 8 ? Digits(s, 6, 2) : 1;
  const int hour = n >= 10 ? Digits(s, 8, 2) : 0;
  const int minute = n >= 12 ? Digits(s, 10, 2) : 0;
  const int second = n >= 14 ? Digits(s, 12, 2) : 0;
  const int millis = n == 17 ? Digits(s, 14, 3) : 0;
  if (month < 1 || month > 12 || day < 1 || day > DaysInMonth(year, month) || hour > 23 ||
      minute > 59 || second > 59) {
    return BadDate(text);
  }
  return DaysFromCivil(year, month, day) * kDayMillis + hour * kHourMillis +
         minute * kMinuteMillis + second * kSecondMillis + millis - offset_ms;
}

std::optional<TimeUnit> ParseTimeUnit(std::string_view name) {
  for (TimeUnit u : {TimeUnit::kDay, TimeUnit::kHour, TimeUnit::kMinute, TimeUnit::kSecond,
                     TimeUnit::kMillisecond, TimeUnit::kMicrosecond}) {
    if (name == TimeUnitName(u)) return u;
  }
  return std::nullopt;
}

std::string_view TimeUnitName(TimeUnit unit) {
  switch (unit) {
    case TimeUnit::kDay:
      return "DAY";
    case TimeUnit::kHour:
      return "HOUR";
    case TimeUnit::kMinute:
      return "MINUTE";
    case TimeUnit::kSecond:
      return "SECOND";
    case TimeUnit::kMillisecond:
      return "MILLISECOND";
    case TimeUnit::kMicrosecond:
      return "MICROSECOND";
  }
  return "";
}

namespace {
// a * b, saturated at the int64 limits.
int64_t SaturatingMul(int64_t a, int64_t b) {
  int64_t out;
  if (!__builtin_mul_overflow(a, b, &out)) return out;
  return (a < 0) != (b < 0) ? INT64_MIN : INT64_MAX;
}
}  // namespace

int64_t ToMillis(TimeUnit unit, int64_t amount) {
  switch (unit) {
    case TimeUnit::kDay:
      return SaturatingMul(amount, kDayMillis);
    case TimeUnit::kHour:
      return SaturatingMul(amount, kHourMillis);
    case TimeUnit::kMinute:
      return SaturatingMul(amount, kMinuteMillis);
    case TimeUnit::kSecond:
      return SaturatingMul(amount, kSecondMillis);
    case TimeUnit::kMillisecond:
      return amount;
    case TimeUnit::kMicrosecond:
      return amount / 1000;
  }
  return amount;
}

int64_t FromMillis(TimeUnit unit, int64_t millis) {
  switch (unit) {
    case TimeUnit::kDay:
      return millis / kDayMillis;
    case TimeUnit::kHour:
      return millis / kHourMillis;
    case TimeUnit::kMinute:
      return millis / kMinuteMillis;
    case TimeUnit::kSecond:
      return millis / kSecondMillis;
    case TimeUnit::kMillisecond:
      return millis;
    case TimeUnit::kMicrosecond:
      return SaturatingMul(millis, 1000);
  }
  return millis;
}

Result<std::optional<TimeUnit>> ReadTimeUnitField(const Json& json, std::string_view field,
                                                  std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> name,
                          json_fields::OptionalString(json, field, path));
  if (!name) return std::optional<TimeUnit>();
  std::optional<TimeUnit> unit = ParseTimeUnit(*name);
  if (!unit) {
    return InvalidArgumentError(json_fields::Join(path, field) + ": unknown time unit '" + *name +
                                "'");
  }
  return unit;
}

}  // namespace quarry::internal
