// koryphe's DateUtil: the date strings InDateRange and InTimeRange accept,
// and the time units they count in.
//
// Thread safety: stateless functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "graph-core/json_value.h"
#include "graph-core/status.h"

namespace quarry::internal {

// Parses a time zone: "UTC", "GMT", "Z", or a fixed offset such as
// "GMT+01:00", "UTC-5", "+0530". Returns the offset east of UTC in ms.
// InvalidArgument for other names (region zones such as "Europe/London" are
// not supported: Quarry has no time zone database).
Result<int64_t> ParseTimeZoneOffset(std::string_view zone);

// Parses a date string to epoch ms. Accepted forms (koryphe DateUtil.parse):
//  * only digits: epoch milliseconds;
//  * yyyy/MM, yyyy/MM/dd, yyyy/MM/dd HH, yyyy/MM/dd HH:mm,
//    yyyy/MM/dd HH:mm:ss, yyyy/MM/dd HH:mm:ss.SSS, where any of
//    ' ', '-', '/', '_', ':', '|', '.' may separate the parts (or none).
// The civil forms are read in the zone `offset_ms` east of UTC.
// InvalidArgument (naming the string) for anything else or an invalid field.
Result<int64_t> ParseDateMillis(std::string_view text, int64_t offset_ms);

// koryphe's TimeUnit. The names are Gaffer's JSON enum names.
enum class TimeUnit { kDay, kHour, kMinute, kSecond, kMillisecond, kMicrosecond };
std::optional<TimeUnit> ParseTimeUnit(std::string_view name);
std::string_view TimeUnitName(TimeUnit unit);
// `amount` units in milliseconds (microseconds truncate toward zero).
int64_t ToMillis(TimeUnit unit, int64_t amount);
// `millis` in `unit` (coarser units truncate toward zero, as Java's / does).
int64_t FromMillis(TimeUnit unit, int64_t millis);

// The TimeUnit named by `json`'s string member `field` (nullopt when absent
// or null). InvalidArgument naming `path`.field for a wrong type or an
// unknown name. REQUIRES: json.is_object().
Result<std::optional<TimeUnit>> ReadTimeUnitField(const Json& json, std::string_view field,
                                                  std::string_view path);

}  // namespace quarry::internal
