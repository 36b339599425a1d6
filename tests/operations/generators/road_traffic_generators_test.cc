// Gaffer's road-traffic generators. Expected values: Gaffer's
// RoadTrafficStringElementGeneratorTest (its 100-row sample gives 1600
// entities and 700 edges), the per-row elements worked out by hand in
// road_traffic_elements_test.cc, and the generators' sources (the string
// generator keys the 2WMV count by column name, the CSV one by "WMV2").
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "operations/generators/generator.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIsWithMessage;

constexpr char kCsv[] = "uk.gov.gchq.gaffer.traffic.generator.RoadTrafficCsvElementGenerator";
constexpr char kString[] = "uk.gov.gchq.gaffer.traffic.generator.RoadTrafficStringElementGenerator";

std::vector<std::string> SampleLines() {
  std::ifstream in(testing::SharedDir() +
                   "/gaffer-examples/road-traffic/roadTrafficSampleData-100rows.csv");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  EXPECT_EQ(lines.size(), 101u);
  return lines;
}

std::unique_ptr<ElementGenerator> Make(const char* name) {
  auto gen = MakeElementGenerator(Json{{"class", name}}, "g");
  EXPECT_TRUE(gen.ok()) << gen.status().ToString();
  return gen.ok() ? std::move(gen).value() : nullptr;
}

std::vector<Element> GenerateAll(const char* name, const std::vector<std::string>& inputs) {
  auto gen = Make(name);
  std::vector<Element> out;
  for (const std::string& input : inputs) {
    Status s = gen->Generate(Item(Json(input)), &out);
    EXPECT_TRUE(s.ok()) << s.ToString();
  }
  return out;
}

void ExpectGaffersCounts(const std::vector<Element>& elements) {
  size_t entities = 0;
  size_t edges = 0;
  for (const Element& e : elements) (e.is_entity() ? entities : edges)++;
  EXPECT_EQ(entities, 1600u);
  EXPECT_EQ(edges, 700u);
}

TEST(RoadTrafficGeneratorsTest, StringGeneratorMatchesGaffersSampleCounts) {
  ExpectGaffersCounts(GenerateAll(kString, SampleLines()));
}

TEST(RoadTrafficGeneratorsTest, CsvGeneratorReadsLinesOrOneDocument) {
  std::vector<std::string> lines = SampleLines();
  std::vector<Element> by_line = GenerateAll(kCsv, lines);
  ExpectGaffersCounts(by_line);
  std::string document;
  for (const std::string& line : lines) document += line + "\r\n";
  std::vector<Element> whole = GenerateAll(kCsv, {document});
  EXPECT_EQ(whole, by_line);
}

// The two generators agree on every element of a row except the FreqMap key
// of the 2WMV count.
TEST(RoadTrafficGeneratorsTest, StringAndCsvGeneratorsDifferOnlyInTheWmv2Key) {
  std::vector<std::string> lines = SampleLines();
  std::vector<Element> csv = GenerateAll(kCsv, {lines[0], lines[1]});
  std::vector<Element> str = GenerateAll(kString, {lines[0], lines[1]});
  ASSERT_EQ(csv.size(), 23u);
  ASSERT_EQ(str.size(), 23u);
  for (size_t i = 0; i < csv.size(); ++i) {
    if (!csv[i].properties().Contains("countByVehicleType")) {
      EXPECT_EQ(str[i], csv[i]) << i;
      continue;
    }
    FreqMap csv_counts = csv[i].properties().Get("countByVehicleType").AsFreqMap();
    FreqMap str_counts = str[i].properties().Get("countByVehicleType").AsFreqMap();
    EXPECT_EQ(csv_counts.at("WMV2"), 9) << i;  // Row 1's 2WMV cell.
    EXPECT_EQ(str_counts.at("2WMV"), 9) << i;
    EXPECT_EQ(str_counts.count("WMV2"), 0u) << i;
    csv_counts["2WMV"] = csv_counts.at("WMV2");
    csv_counts.erase("WMV2");
    EXPECT_EQ(str_counts, csv_counts) << i;
  }
}

TEST(RoadTrafficGeneratorsTest, CsvInconsistentRecordMakesNothing) {
  std::vector<std::string> lines = SampleLines();
  std::vector<Element> out =
      GenerateAll(kCsv, {lines[0], "\"South West\",\"E06000054\",\"Wiltshire\""});
  EXPECT_TRUE(out.empty());
}

TEST(RoadTrafficGeneratorsTest, CsvBadCellsFailAsGaffersDo) {
  std::vector<std::string> lines = SampleLines();
  auto gen = Make(kCsv);
  std::vector<Element> out;
  ASSERT_OK(gen->Generate(Item(Json(lines[0])), &out));
  std::string bad_date = lines[1];
  bad_date.replace(bad_date.find("2000-05-03 00:00:00"), 19, "yesterday");
  EXPECT_THAT(gen->Generate(Item(Json(bad_date)), &out),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "RoadTrafficCsvElementGenerator: input 1: column 'dCount'"));
  EXPECT_THAT(Make(kCsv)->Generate(Item(Json("\"a\",\"b\"")), &out),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "header has no column"));
  EXPECT_THAT(gen->Generate(Item(Json(7)), &out),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "expected a string input"));
  EXPECT_TRUE(out.empty());
}

TEST(RoadTrafficGeneratorsTest, StringGeneratorSkipsHeaderAndOddLines) {
  std::vector<std::string> lines = SampleLines();
  auto gen = Make(kString);
  std::vector<Element> out;
  ASSERT_OK(gen->Generate(Item(Json(lines[0])), &out));  // The header.
  ASSERT_OK(gen->Generate(Item(Json("\"a\",\"b\",\"c\",\"d\",\"e\",\"f\",\"g\"")), &out));
  EXPECT_TRUE(out.empty());
  ASSERT_OK(gen->Generate(Item(Json(lines[1] + "\r")), &out));  // A CRLF line cut at LF.
  EXPECT_EQ(out.size(), 23u);
}

TEST(RoadTrafficGeneratorsTest, StringGeneratorRefusesEmptyCountsAndShortLines) {
  std::vector<std::string> lines = SampleLines();
  std::string empty_count = lines[1];
  empty_count.replace(empty_count.rfind("\"3060\""), 6, "\"\"");  // AMV, the last column.
  auto gen = Make(kString);
  std::vector<Element> out;
  // Java's split drops the trailing empty field, so the line is one short.
  ASSERT_OK(gen->Generate(Item(Json(empty_count)), &out));
  EXPECT_TRUE(out.empty());
  std::string empty_pc = lines[1];
  empty_pc.replace(empty_pc.find("\"7\",\"0\",") + 4, 3, "\"\"");  // Hour 7, then PC "".
  EXPECT_THAT(gen->Generate(Item(Json(empty_pc)), &out),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "column 'PC' is empty"));
  EXPECT_THAT(gen->Generate(Item(Json("")), &out),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "at least 6 fields"));
}

}  // namespace
}  // namespace quarry
