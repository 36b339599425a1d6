// RoadTrafficRow: one row of the road-traffic CSV, with the values Gaffer's
// generator derives from it (see ../shared/gaffer-examples/README.md, "How
// the road-traffic CSV becomes elements").
//
// RoadTrafficColumns finds the columns it needs by name in the CSV header, so
// the column order does not matter and extra columns are ignored.
//
// Thread safety: RoadTrafficColumns is immutable after FromHeader; const
// methods are safe to call concurrently.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"
#include "graph-core/value.h"

namespace quarry {

// A vehicle-count column and its key in the countByVehicleType FreqMap.
struct VehicleColumn {
  std::string_view column;
  std::string_view key;
};

// Gaffer's vehicle-count fields, in Gaffer's order. "2WMV" is keyed WMV2.
inline constexpr std::array<VehicleColumn, 13> kVehicleColumns = {{
    {"PC", "PC"},
    {"2WMV", "WMV2"},
    {"CAR", "CAR"},
    {"BUS", "BUS"},
    {"LGV", "LGV"},
    {"HGVR2", "HGVR2"},
    {"HGVR3", "HGVR3"},
    {"HGVR4", "HGVR4"},
    {"HGVA3", "HGVA3"},
    {"HGVA5", "HGVA5"},
    {"HGVA6", "HGVA6"},
    {"HGV", "HGV"},
    {"AMV", "AMV"},
}};

struct RoadTrafficRow {
  std::string region;               // "Region Name (GO)".
  std::string location;             // "ONS LA Name".
  std::string road;                 // "Road".
  std::string junction_a;           // Road + ":" + "A-Junction".
  std::string junction_b;           // Road + ":" + "B-Junction".
  std::string junction_a_location;  // "A Ref E" + "," + "A Ref N".
  std::string junction_b_location;  // "B Ref E" + "," + "B Ref N".
  int64_t start_date_ms = 0;        // dCount (UTC) + Hour hours.
  int64_t end_date_ms = 0;          // start_date_ms + 1h - 1ms.
  FreqMap vehicle_counts;           // Every kVehicleColumns key; empty cell = 0.
  int64_t count = 0;                // Sum of vehicle_counts.
};

class RoadTrafficColumns {
 public:
  // Locates every column RoadTrafficRow needs. InvalidArgument naming the
  // first missing column.
  static Result<RoadTrafficColumns> FromHeader(const std::vector<std::string>& header);

  // The header's field count; rows with any other count are malformed.
  size_t field_count() const { return field_count_; }

  // Derives a RoadTrafficRow. InvalidArgument if the row does not have
  // field_count() fields, if dCount is not a date ParseRoadTrafficDate reads,
  // if Hour is not an integer, or if a vehicle count is neither empty nor a
  // (Java Long.parseLong) integer, or the counts overflow. The message names
  // the column and quotes the cell.
  Result<RoadTrafficRow> ParseRow(const std::vector<std::string>& fields) const;

 private:
  RoadTrafficColumns() = default;
  Status ParseDates(const std::vector<std::string>& fields, RoadTrafficRow* row) const;
  Status ParseCounts(const std::vector<std::string>& fields, RoadTrafficRow* row) const;

  size_t field_count_ = 0;
  size_t region_ = 0;
  size_t location_ = 0;
  size_t road_ = 0;
  size_t a_junction_ = 0;
  size_t a_ref_e_ = 0;
  size_t a_ref_n_ = 0;
  size_t b_junction_ = 0;
  size_t b_ref_e_ = 0;
  size_t b_ref_n_ = 0;
  size_t d_count_ = 0;
  size_t hour_ = 0;
  std::array<size_t, kVehicleColumns.size()> vehicles_{};
};

}  // namespace quarry
