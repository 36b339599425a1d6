#include "operations/generators/road_traffic_row.h"

#include <limits>
#include <optional>
#include <utility>

#include "operations/generators/road_traffic_date.h"

namespace quarry {
namespace {

// Java's Long.parseLong: an optional sign, then one or more ASCII digits,
// within [min, max] of int64_t.
std::optional<int64_t> ParseJavaLong(std::string_view text) {
  size_t i = 0;
  bool negative = false;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    negative = text[0] == '-';
    i = 1;
  }
  if (i == text.size()) return std::nullopt;
  int64_t value = 0;  // Accumulated negatively so that the minimum fits.
  for (; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
    if (__builtin_mul_overflow(value, 10, &value) ||
        __builtin_sub_overflow(value, text[i] - '0', &value)) {
      return std::nullopt;
    }
  }
  if (negative) return value;
  if (value == std::numeric_limits<int64_t>::min()) return std::nullopt;
  return -value;
}

Status BadCell(std::string_view column, std::string_view cell, std::string_view what) {
  return InvalidArgumentError("column '" + std::string(column) + "': '" + std::string(cell) +
                              "' is not " + std::string(what));
}

}  // namespace

Result<RoadTrafficColumns> RoadTrafficColumns::FromHeader(const std::vector<std::string>& header) {
  RoadTrafficColumns columns;
  columns.field_count_ = header.size();
  auto find = [&header](std::string_view name, size_t* index) -> Status {
    for (size_t i = 0; i < header.size(); ++i) {
      if (header[i] == name) {
        *index = i;
        return Status::OK();
      }
    }
    return InvalidArgumentError("road-traffic CSV header has no column '" + std::string(name) +
                                "'");
  };
  QUARRY_RETURN_IF_ERROR(find("Region Name (GO)", &columns.region_));
  QUARRY_RETURN_IF_ERROR(find("ONS LA Name", &columns.location_));
  QUARRY_RETURN_IF_ERROR(find("Road", &columns.road_));
  QUARRY_RETURN_IF_ERROR(find("A-Junction", &columns.a_junction_));
  QUARRY_RETURN_IF_ERROR(find("A Ref E", &columns.a_ref_e_));
  QUARRY_RETURN_IF_ERROR(find("A Ref N", &columns.a_ref_n_));
  QUARRY_RETURN_IF_ERROR(find("B-Junction", &columns.b_junction_));
  QUARRY_RETURN_IF_ERROR(find("B Ref E", &columns.b_ref_e_));
  QUARRY_RETURN_IF_ERROR(find("B Ref N", &columns.b_ref_n_));
  QUARRY_RETURN_IF_ERROR(find("dCount", &columns.d_count_));
  QUARRY_RETURN_IF_ERROR(find("Hour", &columns.hour_));
  for (size_t v = 0; v < kVehicleColumns.size(); ++v) {
    QUARRY_RETURN_IF_ERROR(find(kVehicleColumns[v].column, &columns.vehicles_[v]));
  }
  return columns;
}

Status RoadTrafficColumns::ParseDates(const std::vector<std::string>& fields,
                                      RoadTrafficRow* row) const {
  Result<int64_t> day = ParseRoadTrafficDate(fields[d_count_]);
  if (!day.ok()) return BadCell("dCount", fields[d_count_], "a date");
  std::optional<int64_t> hour = ParseJavaLong(fields[hour_]);
  // Gaffer reads Hour with Integer.parseInt.
  if (!hour || *hour < std::numeric_limits<int32_t>::min() ||
      *hour > std::numeric_limits<int32_t>::max()) {
    return BadCell("Hour", fields[hour_], "an Integer");
  }
  row->start_date_ms = *day + *hour * kMillisPerHour;
  row->end_date_ms = row->start_date_ms + kMillisPerHour - 1;
  return Status::OK();
}

Status RoadTrafficColumns::ParseCounts(const std::vector<std::string>& fields,
                                       RoadTrafficRow* row) const {
  row->count = 0;
  for (size_t v = 0; v < kVehicleColumns.size(); ++v) {
    const std::string& cell = fields[vehicles_[v]];
    std::optional<int64_t> n = cell.empty() ? std::optional<int64_t>(0) : ParseJavaLong(cell);
    if (!n) return BadCell(kVehicleColumns[v].column, cell, "a Long");
    row->vehicle_counts[std::string(kVehicleColumns[v].key)] = *n;
    if (__builtin_add_overflow(row->count, *n, &row->count)) {
      return BadCell(kVehicleColumns[v].column, cell, "a count whose total fits in a Long");
    }
  }
  return Status::OK();
}

Result<RoadTrafficRow> RoadTrafficColumns::ParseRow(const std::vector<std::string>& fields) const {
  if (fields.size() != field_count_) {
    return InvalidArgumentError("row has " + std::to_string(fields.size()) +
                                " fields, the header has " + std::to_string(field_count_));
  }
  RoadTrafficRow row;
  row.region = fields[region_];
  row.location = fields[location_];
  row.road = fields[road_];
  row.junction_a = row.road + ":" + fields[a_junction_];
  row.junction_b = row.road + ":" + fields[b_junction_];
  row.junction_a_location = fields[a_ref_e_] + "," + fields[a_ref_n_];
  row.junction_b_location = fields[b_ref_e_] + "," + fields[b_ref_n_];
  QUARRY_RETURN_IF_ERROR(ParseDates(fields, &row));
  QUARRY_RETURN_IF_ERROR(ParseCounts(fields, &row));
  return row;
}

}  // namespace quarry
