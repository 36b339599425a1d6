// A subset of java.text.SimpleDateFormat for ParseDate, ParseTime and
// ToDateString.
//
// Pattern letters: y (yyyy: the year; yy: two digits), M (MM: number; MMM,
// MMMM: English month names), d, H (0-23), h (1-12, with a), a (AM/PM), m,
// s, S (milliseconds), Z (+0100) and X (Z, +01, +0100, +01:00); text in
// single quotes is literal and '' is a quote. Any other letter is refused
// when the pattern is compiled. Non-letters are literals.
//
// Parsing is lenient as SimpleDateFormat's default: out-of-range fields roll
// over (month 13 is January of the next year, hour 25 the next day), a
// numeric field followed directly by another numeric field takes exactly as
// many digits as its letter count, and text after the pattern is ignored.
// A two-digit yy year is placed within 80 years before and 20 after now, as
// Java does.
//
// Thread safety: immutable after Compile().
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"

namespace quarry::functions_internal {

class SimpleDateFormat {
 public:
  // InvalidArgument naming the pattern and the unsupported letter.
  static Result<SimpleDateFormat> Compile(std::string_view pattern);

  // Epoch ms of `text`, whose civil fields are read in the zone
  // `offset_ms` east of UTC unless the text carries a zone (Z, X).
  // InvalidArgument "Date string could not be parsed: <text>" on failure.
  Result<int64_t> Parse(std::string_view text, int64_t offset_ms) const;

  // `epoch_ms` written in the zone `offset_ms` east of UTC.
  std::string Format(int64_t epoch_ms, int64_t offset_ms) const;

  // One pattern item: a letter with its repeat count, or literal text.
  struct Field {
    char letter = 0;  // 0 for literal text
    int count = 0;
    std::string literal;
  };

 private:
  std::vector<Field> fields_;
};

// A time zone ID as Java reads it for ParseDate/ParseTime: UTC, GMT, Z,
// fixed offsets (GMT+01:00, +0530) and Etc/GMT±N (POSIX sign: Etc/GMT+4 is
// four hours west). Region zones (Europe/London) are InvalidArgument: Quarry
// has no time zone database.
Result<int64_t> ZoneOffsetMillis(std::string_view zone);

// Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar
// (REQUIRES: 1 <= m <= 12; d may run past the month).
int64_t DaysFromCivil(int64_t y, int64_t m, int64_t d);

// The UTC calendar year and month (1..12) of epoch ms.
struct YearMonth {
  int64_t year;
  int month;
};
YearMonth YearMonthOf(int64_t epoch_ms);

// java.time.Instant.toString() of epoch ms: 2015-10-21T16:29:00Z, with
// .SSS only when the millisecond is not zero.
std::string InstantString(int64_t epoch_ms);

}  // namespace quarry::functions_internal
