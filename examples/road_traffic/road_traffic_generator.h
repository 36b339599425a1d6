// RoadTrafficCsvGenerator: streams Gaffer's road-traffic CSV as elements, one
// row at a time (memory stays bounded by one row's elements).
//
// The first record is the header (columns are found by name, see
// RoadTrafficColumns). Every later record is a data row. A malformed row (a
// CSV syntax error, a field count other than the header's, or a cell that
// does not parse, see RoadTrafficColumns::ParseRow) is skipped and counted;
// the first kMaxSkipReasons reasons are kept for the summary.
//
// Usage:
//   std::ifstream in(path);
//   QUARRY_ASSIGN_OR_RETURN(auto gen, RoadTrafficCsvGenerator::Open(&in, {}));
//   std::vector<Element> elements;
//   while (true) {
//     QUARRY_ASSIGN_OR_RETURN(bool more, gen->NextRow(&elements));
//     if (!more) break;
//     ... consume elements ...
//   }
//
// Thread safety: not thread-safe; one generator per stream.
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "graph-core/element.h"
#include "graph-core/status.h"
#include "operations/generators/csv_reader.h"
#include "operations/generators/road_traffic_row.h"

namespace quarry {

struct RoadTrafficOptions {
  // Read at most this many data records (skipped ones included); negative
  // means no limit.
  int64_t row_limit = -1;
};

struct RoadTrafficStats {
  static constexpr size_t kMaxSkipReasons = 10;

  int64_t rows_read = 0;     // Data records read, skipped ones included.
  int64_t rows_skipped = 0;  // Malformed records.
  int64_t elements = 0;      // Elements produced by NextRow.
  // "line N: reason" for the first kMaxSkipReasons skipped records.
  std::vector<std::string> skip_reasons;
};

class RoadTrafficCsvGenerator {
 public:
  // Reads the header from `in`. REQUIRES: `in` outlives the generator.
  // InvalidArgument if the input is empty or malformed before the header, or
  // the header lacks a column the generator needs.
  static Result<std::unique_ptr<RoadTrafficCsvGenerator>> Open(std::istream* in,
                                                               RoadTrafficOptions options);

  // Replaces `out` with the elements of the next well-formed row (see
  // AppendRoadTrafficElements), skipping malformed rows. Returns false when
  // the input or the row limit is exhausted. IOError if the stream fails.
  Result<bool> NextRow(std::vector<Element>* out);

  const RoadTrafficStats& stats() const { return stats_; }

 private:
  RoadTrafficCsvGenerator(std::istream* in, RoadTrafficOptions options, CsvReader reader,
                          RoadTrafficColumns columns)
      : in_(in), options_(options), reader_(std::move(reader)), columns_(std::move(columns)) {}

  // Counts a skipped record; `names_line` if `reason` already names its line.
  void Skip(const Status& reason, bool names_line);

  std::istream* in_;
  RoadTrafficOptions options_;
  CsvReader reader_;
  RoadTrafficColumns columns_;
  RoadTrafficStats stats_;
  std::vector<std::string> fields_;  // Reused between rows.
};

// One element as a line of Gaffer element JSON (ElementToJson), ending in
// '\n'. Invalid UTF-8 in strings is replaced by U+FFFD rather than failing.
std::string ElementJsonLine(const Element& element);

}  // namespace quarry
