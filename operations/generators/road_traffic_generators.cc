// Gaffer's road-traffic generators (example/road-traffic/
// road-traffic-generators): both make AppendRoadTrafficElements' 23 elements
// per data row and differ only in how they read a row.
//
// RoadTrafficCsvElementGenerator reads CSVRecords that Gaffer's loader cuts
// with CSVFormat.DEFAULT.withFirstRecordAsHeader(). JSON cannot carry a
// CSVRecord, so Quarry's takes strings of CSV text: the inputs, in order, are
// one CSV document whose first record is the header (columns found by name;
// one input may hold one line or many). As Gaffer's: a record with a field
// count other than the header's makes no elements (isConsistent()); an
// empty vehicle count is 0; a bad date, Hour or count fails.
//
// RoadTrafficStringElementGenerator takes one line per input and reads its
// fields by position: the header line (starting "Region Name (GO)",) and a
// line without Gaffer's 31 fields make nothing; the two missing columns (S
// Ref Latitude/Longitude) are inserted empty. Unlike the CSV generator it
// keys the "2WMV" count by its column name and fails on an empty count
// (Long.parseLong("") throws).
#include <optional>
#include <sstream>
#include <string>
#include <utility>

#include "operations/generators/csv_reader.h"
#include "operations/generators/internal/generator_classes.h"
#include "operations/generators/road_traffic_elements.h"
#include "operations/generators/road_traffic_row.h"

namespace quarry::generators_internal {
namespace {

constexpr std::string_view kCsvGenerator =
    "uk.gov.gchq.gaffer.traffic.generator.RoadTrafficCsvElementGenerator";
constexpr std::string_view kStringGenerator =
    "uk.gov.gchq.gaffer.traffic.generator.RoadTrafficStringElementGenerator";

// Gaffer's RoadTrafficDataField, in ordinal order.
const std::vector<std::string>& DataFieldNames() {
  static const auto* const kNames = new std::vector<std::string>{"Region Name (GO)",
                                                                 "ONS LACode",
                                                                 "ONS LA Name",
                                                                 "CP",
                                                                 "S Ref E",
                                                                 "S Ref N",
                                                                 "S Ref Latitude",
                                                                 "S Ref Longitude",
                                                                 "Road",
                                                                 "A-Junction",
                                                                 "A Ref E",
                                                                 "A Ref N",
                                                                 "B-Junction",
                                                                 "B Ref E",
                                                                 "B Ref N",
                                                                 "RCat",
                                                                 "iDir",
                                                                 "Year",
                                                                 "dCount",
                                                                 "Hour",
                                                                 "PC",
                                                                 "2WMV",
                                                                 "CAR",
                                                                 "BUS",
                                                                 "LGV",
                                                                 "HGVR2",
                                                                 "HGVR3",
                                                                 "HGVR4",
                                                                 "HGVA3",
                                                                 "HGVA5",
                                                                 "HGVA6",
                                                                 "HGV",
                                                                 "AMV"};
  return *kNames;
}
constexpr size_t kFirstVehicleField = 20;

Status Failure(std::string_view generator, std::string_view message) {
  std::string_view simple = generator.substr(generator.rfind('.') + 1);
  return InvalidArgumentError(std::string(simple) + ": " + std::string(message));
}

class CsvElementGenerator : public ElementGenerator {
 public:
  Status Generate(const Item& object, std::vector<Element>* out) override {
    QUARRY_ASSIGN_OR_RETURN(std::string text, GeneratorInputString(object, kCsvGenerator));
    if (!text.empty() && text.back() == '\r') text.pop_back();  // A CRLF line cut at its LF.
    ++input_index_;
    std::istringstream in(text);
    CsvReader reader(&in);
    while (true) {
      Result<bool> got = reader.Next(&fields_);
      if (!got.ok()) return Failure(kCsvGenerator, Where() + got.status().message());
      if (!*got) return Status::OK();
      QUARRY_RETURN_IF_ERROR(Record(out));
    }
  }

 private:
  std::string Where() const { return "input " + std::to_string(input_index_ - 1) + ": "; }

  Status Record(std::vector<Element>* out) {
    if (!columns_.has_value()) {
      Result<RoadTrafficColumns> columns = RoadTrafficColumns::FromHeader(fields_);
      if (!columns.ok()) return Failure(kCsvGenerator, Where() + columns.status().message());
      columns_ = std::move(columns).value();
      return Status::OK();
    }
    if (fields_.size() != columns_->field_count()) return Status::OK();  // Inconsistent.
    Result<RoadTrafficRow> row = columns_->ParseRow(fields_);
    if (!row.ok()) return Failure(kCsvGenerator, Where() + row.status().message());
    AppendRoadTrafficElements(*row, out);
    return Status::OK();
  }

  std::optional<RoadTrafficColumns> columns_;  // Set by the first record.
  std::vector<std::string> fields_;
  size_t input_index_ = 0;
};

// Java's line.split("\",\""): trailing empty strings are dropped.
std::vector<std::string> SplitOnQuotedComma(std::string_view text) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    size_t at = text.find("\",\"", start);
    if (at == std::string_view::npos) break;
    parts.emplace_back(text.substr(start, at - start));
    start = at + 3;
  }
  parts.emplace_back(text.substr(start));
  while (!parts.empty() && parts.back().empty()) parts.pop_back();
  return parts;
}

class StringElementGenerator : public ElementGenerator {
 public:
  StringElementGenerator() : columns_(RoadTrafficColumns::FromHeader(DataFieldNames()).value()) {}

  Status Generate(const Item& object, std::vector<Element>* out) override {
    QUARRY_ASSIGN_OR_RETURN(std::string line, GeneratorInputString(object, kStringGenerator));
    if (!line.empty() && line.back() == '\r') line.pop_back();  // As Java's readLine drops it.
    QUARRY_ASSIGN_OR_RETURN(std::optional<std::vector<std::string>> fields, ExtractFields(line));
    if (!fields.has_value()) return Status::OK();
    for (size_t i = kFirstVehicleField; i < fields->size(); ++i) {
      if ((*fields)[i].empty()) {
        return Failure(kStringGenerator, "column '" + DataFieldNames()[i] + "' is empty");
      }
    }
    Result<RoadTrafficRow> row = columns_.ParseRow(*fields);
    if (!row.ok()) return Failure(kStringGenerator, row.status().message());
    // This generator keys counts by column name: "2WMV", not "WMV2".
    auto wmv2 = row->vehicle_counts.extract("WMV2");
    if (!wmv2.empty()) {
      wmv2.key() = "2WMV";
      row->vehicle_counts.insert(std::move(wmv2));
    }
    AppendRoadTrafficElements(*row, out);
    return Status::OK();
  }

 private:
  // Gaffer's extractFields: nullopt for the header or a line of the wrong
  // field count; an error for fewer than 6 fields (where Gaffer's insert at
  // index 6 throws).
  static Result<std::optional<std::vector<std::string>>> ExtractFields(std::string_view line) {
    if (line.rfind("\"Region Name (GO)\",", 0) == 0)
      return std::optional<std::vector<std::string>>();
    if (!line.empty() && line.front() == '"') line.remove_prefix(1);
    if (!line.empty() && line.back() == '"') line.remove_suffix(1);
    std::vector<std::string> fields = SplitOnQuotedComma(line);
    if (fields.size() < 6) {
      return Failure(kStringGenerator, "a line needs at least 6 fields, got " +
                                           std::to_string(fields.size()) + ": '" +
                                           std::string(line.substr(0, 80)) + "'");
    }
    fields.insert(fields.begin() + 6, 2, std::string());
    if (fields.size() != DataFieldNames().size()) return std::optional<std::vector<std::string>>();
    return std::optional<std::vector<std::string>>(std::move(fields));
  }

  RoadTrafficColumns columns_;
};

}  // namespace

void AddRoadTrafficGenerators(std::vector<ElementGeneratorClass>* out) {
  out->push_back({kCsvGenerator, [](const Json&, std::string_view) {
                    return Result<std::unique_ptr<ElementGenerator>>(
                        std::make_unique<CsvElementGenerator>());
                  }});
  out->push_back({kStringGenerator, [](const Json&, std::string_view) {
                    return Result<std::unique_ptr<ElementGenerator>>(
                        std::make_unique<StringElementGenerator>());
                  }});
}

}  // namespace quarry::generators_internal
