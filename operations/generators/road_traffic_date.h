// Date parsing for the road-traffic CSV's "dCount" column.
//
// Gaffer's generator parses dCount as UTC with "dd/MM/yyyy HH:mm" and then,
// if that fails, "yyyy-MM-dd HH:mm:ss" (the sample data uses the second).
// Quarry parses the same two patterns strictly: every field has exactly the
// pattern's digits, months are 1-12, days exist in their month (leap years
// included), hours 0-23, minutes and seconds 0-59, and no text may follow.
// (Java's lenient SimpleDateFormat would roll "31/02" over into March; Quarry
// refuses it instead.)
//
// Thread safety: stateless functions.
#pragma once

#include <cstdint>
#include <string_view>

#include "graph-core/status.h"

namespace quarry {

inline constexpr int64_t kMillisPerHour = 3600 * 1000;

// Milliseconds since the Unix epoch of `text` read as UTC, in one of the two
// patterns above. InvalidArgument quoting `text` if it matches neither.
Result<int64_t> ParseRoadTrafficDate(std::string_view text);

}  // namespace quarry
