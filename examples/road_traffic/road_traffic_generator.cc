#include "examples/road_traffic/road_traffic_generator.h"

#include <utility>

#include "graph-core/json_element.h"
#include "operations/generators/road_traffic_elements.h"

namespace quarry {

Result<std::unique_ptr<RoadTrafficCsvGenerator>> RoadTrafficCsvGenerator::Open(
    std::istream* in, RoadTrafficOptions options) {
  CsvReader reader(in);
  std::vector<std::string> header;
  Result<bool> got = reader.Next(&header);
  if (!got.ok()) {
    return InvalidArgumentError("road-traffic CSV header: " + got.status().message());
  }
  if (!*got) {
    return InvalidArgumentError(in->bad() ? "road-traffic CSV: cannot read the input"
                                          : "road-traffic CSV: no header (empty input)");
  }
  QUARRY_ASSIGN_OR_RETURN(RoadTrafficColumns columns, RoadTrafficColumns::FromHeader(header));
  return std::unique_ptr<RoadTrafficCsvGenerator>(
      new RoadTrafficCsvGenerator(in, options, std::move(reader), std::move(columns)));
}

void RoadTrafficCsvGenerator::Skip(const Status& reason, bool names_line) {
  ++stats_.rows_skipped;
  if (stats_.skip_reasons.size() < RoadTrafficStats::kMaxSkipReasons) {
    stats_.skip_reasons.push_back(names_line ? reason.message()
                                             : "line " + std::to_string(reader_.record_line()) +
                                                   ": " + reason.message());
  }
}

Result<bool> RoadTrafficCsvGenerator::NextRow(std::vector<Element>* out) {
  out->clear();
  while (options_.row_limit < 0 || stats_.rows_read < options_.row_limit) {
    Result<bool> got = reader_.Next(&fields_);
    if (got.ok() && !*got) break;
    ++stats_.rows_read;
    if (!got.ok()) {
      Skip(got.status(), /*names_line=*/true);
      continue;
    }
    Result<RoadTrafficRow> row = columns_.ParseRow(fields_);
    if (!row.ok()) {
      Skip(row.status(), /*names_line=*/false);
      continue;
    }
    AppendRoadTrafficElements(*row, out);
    stats_.elements += static_cast<int64_t>(out->size());
    return true;
  }
  if (in_->bad()) return IOError("road-traffic CSV: reading the input failed");
  return false;
}

std::string ElementJsonLine(const Element& element) {
  std::string line = ElementToJson(element).dump(/*indent=*/-1, ' ', /*ensure_ascii=*/false,
                                                 Json::error_handler_t::replace);
  line.push_back('\n');
  return line;
}

}  // namespace quarry
