#include "graph-core/functions/internal/simple_date_format.h"

#include <array>
#include <cstdio>
#include <optional>

#include "graph-core/clock.h"
#include "graph-core/predicates/internal/date_util.h"

namespace quarry::functions_internal {
namespace {

constexpr int64_t kMinuteMillis = 60'000;
constexpr int64_t kDayMillis = 86'400'000;
constexpr int64_t kMaxYear = 200'000'000;
constexpr std::array<std::string_view, 12> kMonths = {
    "January", "February", "March",     "April",   "May",      "June",
    "July",    "August",   "September", "October", "November", "December"};

int64_t FloorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

struct Civil {
  int64_t year;
  int month, day, hour, minute, second, millis;
};

Civil CivilFromMillis(int64_t ms) {
  int64_t days = FloorDiv(ms, kDayMillis);
  // The remainder, not ms - days * kDayMillis, which overflows near Long.MIN_VALUE.
  int64_t in_day = (ms % kDayMillis + kDayMillis) % kDayMillis;
  int64_t z = days + 719468;
  const int64_t era = FloorDiv(z, 146097);
  const int64_t doe = z - era * 146097;
  const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const int64_t mp = (5 * doy + 2) / 153;
  const int d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  const int m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  return {yoe + era * 400 + (m <= 2),
          m,
          d,
          static_cast<int>(in_day / 3'600'000),
          static_cast<int>(in_day / 60'000 % 60),
          static_cast<int>(in_day / 1000 % 60),
          static_cast<int>(in_day % 1000)};
}

std::string Padded(int64_t v, int width) {
  std::string digits = std::to_string(v < 0 ? -v : v);
  if (static_cast<int>(digits.size()) < width) digits.insert(0, width - digits.size(), '0');
  return v < 0 ? "-" + digits : digits;
}

bool IsNumericLetter(char c) { return c != 0 && c != 'a' && c != 'Z' && c != 'X'; }

Status Unparseable(std::string_view text) {
  return InvalidArgumentError("Date string could not be parsed: " + std::string(text));
}

// Reads digits at `*pos`: exactly `width` if width > 0, else as many as
// there are. nullopt when there are none.
std::optional<int64_t> ReadNumber(std::string_view text, size_t* pos, int width) {
  size_t start = *pos;
  int64_t v = 0;
  while (*pos < text.size() && text[*pos] >= '0' && text[*pos] <= '9' &&
         (width <= 0 || static_cast<int>(*pos - start) < width) && *pos - start < 9) {
    v = v * 10 + (text[(*pos)++] - '0');
  }
  if (*pos == start || (width > 0 && static_cast<int>(*pos - start) != width)) return std::nullopt;
  return v;
}

// Reads a zone: "Z", or a sign, hours and optional [:]minutes.
std::optional<int64_t> ReadZone(std::string_view text, size_t* pos) {
  if (*pos < text.size() && text[*pos] == 'Z') {
    ++*pos;
    return 0;
  }
  if (*pos >= text.size() || (text[*pos] != '+' && text[*pos] != '-')) return std::nullopt;
  int sign = text[(*pos)++] == '-' ? -1 : 1;
  std::optional<int64_t> hours = ReadNumber(text, pos, 2);
  if (!hours) return std::nullopt;
  if (*pos < text.size() && text[*pos] == ':') ++*pos;
  size_t before = *pos;
  std::optional<int64_t> minutes = ReadNumber(text, pos, 2);
  if (!minutes) *pos = before;
  return sign * (*hours * 60 + minutes.value_or(0)) * kMinuteMillis;
}

// Two-digit years fall in [now - 80 years, now + 20 years).
int64_t ExpandTwoDigitYear(int64_t yy) {
  int64_t start = CivilFromMillis(NowMillis()).year - 80;
  int64_t year = start - start % 100 + yy;
  return year < start ? year + 100 : year;
}

std::optional<int64_t> ReadMonthName(std::string_view text, size_t* pos) {
  for (size_t i = 0; i < kMonths.size(); ++i) {
    for (size_t len : {kMonths[i].size(), size_t{3}}) {
      std::string_view name = kMonths[i].substr(0, len);
      if (text.substr(*pos, len) == name) {
        *pos += len;
        return static_cast<int64_t>(i + 1);
      }
    }
  }
  return std::nullopt;
}

// The fields parsed so far (lenient: no range checks).
struct Parsed {
  int64_t year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0, millis = 0;
  bool pm = false, twelve_hour = false;
  std::optional<int64_t> offset_ms;

  // Stores numeric field `letter` read as `digits` digits.
  void Set(char letter, int count, int64_t v, size_t digits) {
    switch (letter) {
      case 'y':
        year = (count <= 2 && digits == 2) ? ExpandTwoDigitYear(v) : v;
        break;
      case 'M':
        month = v;
        break;
      case 'd':
        day = v;
        break;
      case 'H':
        hour = v;
        break;
      case 'h':
        hour = v == 12 ? 0 : v;
        twelve_hour = true;
        break;
      case 'm':
        minute = v;
        break;
      case 's':
        second = v;
        break;
      default:  // 'S'
        millis = v;
        break;
    }
  }

  // The civil fields as ms since the epoch in their zone; months beyond 12
  // move the year on (lenient roll-over), other fields simply add.
  int64_t LocalMillis() const {
    int64_t month0 = month - 1;
    int64_t y = year + FloorDiv(month0, 12);
    int64_t m = month0 - FloorDiv(month0, 12) * 12 + 1;
    int64_t h = hour + (twelve_hour && pm ? 12 : 0);
    return (DaysFromCivil(y, m, 1) + day - 1) * kDayMillis + h * 3'600'000 +
           minute * kMinuteMillis + second * 1000 + millis;
  }
};

bool IsNumericField(const SimpleDateFormat::Field& f) {
  return IsNumericLetter(f.letter) && !(f.letter == 'M' && f.count >= 3);
}

// Reads a zone (Z, X), AM/PM marker (a) or month name (MMM) into `p`.
bool ReadTextField(const SimpleDateFormat::Field& f, std::string_view text, size_t* pos,
                   Parsed* p) {
  if (f.letter == 'Z' || f.letter == 'X') {
    p->offset_ms = ReadZone(text, pos);
    return p->offset_ms.has_value();
  }
  if (f.letter == 'a') {
    std::string_view marker = text.substr(*pos, 2);
    if (marker != "AM" && marker != "PM") return false;
    p->pm = marker == "PM";
    *pos += 2;
    return true;
  }
  std::optional<int64_t> month = ReadMonthName(text, pos);
  if (month) p->month = *month;
  return month.has_value();
}

}  // namespace

Result<SimpleDateFormat> SimpleDateFormat::Compile(std::string_view pattern) {
  SimpleDateFormat out;
  for (size_t i = 0; i < pattern.size();) {
    char c = pattern[i];
    if (c == '\'') {
      // '' is a quote, inside or outside quoted text; 'text' is literal.
      std::string literal;
      size_t j = i + 1;
      if (j < pattern.size() && pattern[j] == '\'') {
        literal = "'";
        j = j + 1;
      } else {
        while (true) {
          if (j >= pattern.size()) {
            return InvalidArgumentError("date format '" + std::string(pattern) +
                                        "' has an unterminated quote");
          }
          if (pattern[j] == '\'') {
            if (j + 1 < pattern.size() && pattern[j + 1] == '\'') {
              literal += '\'';
              j += 2;
              continue;
            }
            ++j;
            break;
          }
          literal += pattern[j++];
        }
      }
      out.fields_.push_back({0, 0, literal});
      i = j;
    } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
      if (std::string_view("yMdHhamsSZX").find(c) == std::string_view::npos) {
        return InvalidArgumentError("date format '" + std::string(pattern) + "': pattern letter '" +
                                    std::string(1, c) +
                                    "' is not supported (supported: y M d H h a m s S Z X)");
      }
      size_t end = i;
      while (end < pattern.size() && pattern[end] == c) ++end;
      out.fields_.push_back({c, static_cast<int>(end - i), ""});
      i = end;
    } else {
      out.fields_.push_back({0, 0, std::string(1, c)});
      ++i;
    }
  }
  return out;
}

Result<int64_t> SimpleDateFormat::Parse(std::string_view text, int64_t offset_ms) const {
  Parsed p;
  size_t pos = 0;
  for (size_t i = 0; i < fields_.size(); ++i) {
    const Field& f = fields_[i];
    if (f.letter == 0) {
      if (text.substr(pos, f.literal.size()) != f.literal) return Unparseable(text);
      pos += f.literal.size();
      continue;
    }
    if (!IsNumericField(f)) {
      if (!ReadTextField(f, text, &pos, &p)) return Unparseable(text);
      continue;
    }
    bool abutting = i + 1 < fields_.size() && IsNumericLetter(fields_[i + 1].letter);
    size_t start = pos;
    std::optional<int64_t> v = ReadNumber(text, &pos, abutting ? f.count : 0);
    if (!v) return Unparseable(text);
    p.Set(f.letter, f.count, *v, pos - start);
  }
  // Nine digits per field keep every product below in range, except a year
  // beyond what epoch milliseconds can hold.
  if (p.year > kMaxYear || p.year < -kMaxYear) return Unparseable(text);
  return p.LocalMillis() - p.offset_ms.value_or(offset_ms);
}

std::string SimpleDateFormat::Format(int64_t epoch_ms, int64_t offset_ms) const {
  Civil c = CivilFromMillis(epoch_ms + offset_ms);
  std::string out;
  for (const Field& f : fields_) {
    switch (f.letter) {
      case 0:
        out += f.literal;
        break;
      case 'y':
        out += f.count == 2 ? Padded(c.year % 100, 2) : Padded(c.year, f.count);
        break;
      case 'M':
        out += f.count >= 4   ? std::string(kMonths[c.month - 1])
               : f.count == 3 ? std::string(kMonths[c.month - 1].substr(0, 3))
                              : Padded(c.month, f.count);
        break;
      case 'd':
        out += Padded(c.day, f.count);
        break;
      case 'H':
        out += Padded(c.hour, f.count);
        break;
      case 'h':
        out += Padded(c.hour % 12 == 0 ? 12 : c.hour % 12, f.count);
        break;
      case 'a':
        out += c.hour < 12 ? "AM" : "PM";
        break;
      case 'm':
        out += Padded(c.minute, f.count);
        break;
      case 's':
        out += Padded(c.second, f.count);
        break;
      case 'S':
        out += Padded(c.millis, f.count);
        break;
      default: {  // 'Z' and 'X'
        int64_t minutes = offset_ms / kMinuteMillis;
        if (f.letter == 'X' && minutes == 0) {
          out += 'Z';
          break;
        }
        int64_t abs = minutes < 0 ? -minutes : minutes;
        out += minutes < 0 ? '-' : '+';
        out += Padded(abs / 60, 2);
        if (f.letter == 'X' && f.count == 1) break;
        if (f.letter == 'X' && f.count >= 3) out += ':';
        out += Padded(abs % 60, 2);
        break;
      }
    }
  }
  return out;
}

int64_t DaysFromCivil(int64_t y, int64_t m, int64_t d) {
  y -= m <= 2;
  const int64_t era = FloorDiv(y, 400);
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

YearMonth YearMonthOf(int64_t epoch_ms) {
  Civil c = CivilFromMillis(epoch_ms);
  return {c.year, c.month};
}

Result<int64_t> ZoneOffsetMillis(std::string_view zone) {
  constexpr std::string_view kEtc = "Etc/GMT";
  if (zone.substr(0, kEtc.size()) == kEtc) {
    std::string_view rest = zone.substr(kEtc.size());
    if (rest.empty() || rest == "0" || rest == "+0" || rest == "-0") return int64_t{0};
    if ((rest[0] == '+' || rest[0] == '-') && rest.size() <= 3) {
      size_t pos = 1;
      std::optional<int64_t> hours = ReadNumber(rest, &pos, 0);
      if (hours && pos == rest.size() && *hours <= 14) {
        return (rest[0] == '+' ? -1 : 1) * *hours * 60 * kMinuteMillis;
      }
    }
  }
  if (zone == "Etc/UTC" || zone == "Etc/UCT" || zone == "UCT" || zone == "Zulu") return int64_t{0};
  return internal::ParseTimeZoneOffset(zone);
}

std::string InstantString(int64_t epoch_ms) {
  Civil c = CivilFromMillis(epoch_ms);
  std::string year = c.year > 9999 ? "+" + std::to_string(c.year) : Padded(c.year, 4);
  std::string out = year + "-" + Padded(c.month, 2) + "-" + Padded(c.day, 2) + "T" +
                    Padded(c.hour, 2) + ":" + Padded(c.minute, 2) + ":" + Padded(c.second, 2);
  if (c.millis != 0) out += "." + Padded(c.millis, 3);
  return out + "Z";
}

}  // namespace quarry::functions_internal
