// RoadTrafficCsvGenerator over Gaffer's sample files and hand-made CSV:
// element counts per group, skipped rows, limits and schema validity.
//
// Per well-formed row the README's rules give: 1 RegionContainsLocation,
// 1 LocationContainsRoad, 2 RoadHasJunction, 2 JunctionLocatedAt, 1 RoadUse
// (7 edges), 2 JunctionUse and 2 Cardinality per edge (14): 23 elements.
#include "examples/road_traffic/road_traffic_generator.h"

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "graph-core/json_element.h"
#include "schema/schema.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

std::string RoadTrafficDir() { return testing::SharedDir() + "/gaffer-examples/road-traffic/"; }

struct GenRun {
  std::map<std::string, int64_t> per_group;
  std::vector<Element> elements;  // Only when kept.
  RoadTrafficStats stats;
};

GenRun Generate(std::istream* in, int64_t limit, bool keep) {
  GenRun run;
  RoadTrafficOptions options;
  options.row_limit = limit;
  auto gen = RoadTrafficCsvGenerator::Open(in, options);
  EXPECT_TRUE(gen.ok()) << gen.status().ToString();
  if (!gen.ok()) return run;
  std::vector<Element> row;
  while (true) {
    Result<bool> more = (*gen)->NextRow(&row);
    EXPECT_TRUE(more.ok()) << more.status().ToString();
    if (!more.ok() || !*more) break;
    for (const Element& e : row) ++run.per_group[e.group()];
    if (keep) run.elements.insert(run.elements.end(), row.begin(), row.end());
  }
  run.stats = (*gen)->stats();
  return run;
}

std::map<std::string, int64_t> PerGroupForRows(int64_t rows) {
  return {{"RegionContainsLocation", rows},
          {"LocationContainsRoad", rows},
          {"RoadHasJunction", 2 * rows},
          {"JunctionLocatedAt", 2 * rows},
          {"RoadUse", rows},
          {"JunctionUse", 2 * rows},
          {"Cardinality", 14 * rows}};
}

const std::string kHeader =
    "\"Region Name (GO)\",\"ONS LACode\",\"ONS LA Name\",\"CP\",\"S Ref E\",\"S Ref N\","
    "\"Road\",\"A-Junction\",\"A Ref E\",\"A Ref N\",\"B-Junction\",\"B Ref E\",\"B Ref N\","
    "\"RCat\",\"iDir\",\"Year\",\"dCount\",\"Hour\",\"PC\",\"2WMV\",\"CAR\",\"BUS\",\"LGV\","
    "\"HGVR2\",\"HGVR3\",\"HGVR4\",\"HGVA3\",\"HGVA5\",\"HGVA6\",\"HGV\",\"AMV\"\n";
// Row 1 of the sample files.
const std::string kGoodRow =
    "\"South West\",\"E06000054\",\"Wiltshire\",\"6016\",\"389200\",\"179080\",\"M4\","
    "\"LA Boundary\",\"381800\",\"180030\",\"17\",\"391646\",\"179560\",\"TM\",\"E\",\"2000\","
    "\"2000-05-03 00:00:00\",\"7\",\"0\",\"9\",\"2243\",\"15\",\"426\",\"127\",\"21\",\"20\","
    "\"37\",\"106\",\"56\",\"367\",\"3060\"\n";

TEST(RoadTrafficGeneratorTest, HundredRowSampleCountsPerGroup) {
  std::ifstream in(RoadTrafficDir() + "roadTrafficSampleData-100rows.csv");
  GenRun run = Generate(&in, -1, false);
  EXPECT_EQ(run.per_group, PerGroupForRows(100));
  EXPECT_EQ(run.stats.rows_read, 100);
  EXPECT_EQ(run.stats.rows_skipped, 0);
  EXPECT_EQ(run.stats.elements, 2300);
}

TEST(RoadTrafficGeneratorTest, FullSampleCountsPerGroup) {
  // 10,390 data rows (gaffer-examples/README.md), CRLF line endings and
  // quoted commas ("Bristol, City of").
  std::ifstream in(RoadTrafficDir() + "roadTrafficSampleData.csv");
  GenRun run = Generate(&in, -1, false);
  EXPECT_EQ(run.per_group, PerGroupForRows(10390));
  EXPECT_EQ(run.stats.rows_read, 10390);
  EXPECT_EQ(run.stats.rows_skipped, 0);
  EXPECT_EQ(run.stats.elements, 10390 * 23);
}

TEST(RoadTrafficGeneratorTest, EveryElementValidatesAgainstTheSchema) {
  auto schema =
      Schema::FromFiles({RoadTrafficDir() + "elements.json", RoadTrafficDir() + "types.json"});
  ASSERT_OK(schema.status());
  std::ifstream in(RoadTrafficDir() + "roadTrafficSampleData-100rows.csv");
  GenRun run = Generate(&in, -1, true);
  ASSERT_EQ(run.elements.size(), 2300u);
  for (const Element& e : run.elements) {
    const SchemaElementDefinition* def = (*schema)->Group(e.group());
    ASSERT_NE(def, nullptr) << e.group();
    EXPECT_EQ(def->kind(), e.kind()) << e.group();
    Status valid = def->Validate(e, /*include_is_a=*/true);
    EXPECT_TRUE(valid.ok()) << valid.ToString() << "\n" << e.DebugString();
    // Every schema property is set (the generator fills them all).
    EXPECT_EQ(e.properties().size(), def->properties().size()) << e.group();
  }
}

TEST(RoadTrafficGeneratorTest, JsonLinesReadBackAsTheSameElements) {
  std::ifstream in(RoadTrafficDir() + "roadTrafficSampleData-100rows.csv");
  GenRun run = Generate(&in, 2, true);
  ASSERT_EQ(run.elements.size(), 46u);
  for (const Element& e : run.elements) {
    std::string line = ElementJsonLine(e);
    ASSERT_FALSE(line.empty());
    EXPECT_EQ(line.back(), '\n');
    EXPECT_EQ(line.find('\n'), line.size() - 1) << "one element per line";
    Json json = Json::parse(line, nullptr, false);
    ASSERT_FALSE(json.is_discarded()) << line;
    ASSERT_OK_AND_ASSIGN(Element back, ElementFromJson(json, "line"));
    EXPECT_EQ(back, e) << line;
  }
  // Spot-check Gaffer's JSON shape on the RoadUse edge of row 1.
  Json road_use = Json::parse(ElementJsonLine(run.elements[6]), nullptr, false);
  ASSERT_TRUE(road_use.is_object());
  EXPECT_EQ(road_use["class"], "uk.gov.gchq.gaffer.data.element.Edge");
  EXPECT_EQ(road_use["group"], "RoadUse");
  EXPECT_EQ(road_use["source"], "M4:LA Boundary");
  EXPECT_EQ(road_use["destination"], "M4:17");
  EXPECT_EQ(road_use["directed"], true);
  EXPECT_EQ(road_use["properties"]["count"], Json::parse(R"({"java.lang.Long": 6487})"));
  EXPECT_EQ(road_use["properties"]["startDate"],
            Json::parse(R"({"java.util.Date": 957337200000})"));
  EXPECT_EQ(
      road_use["properties"]["countByVehicleType"]["uk.gov.gchq.gaffer.types.FreqMap"]["WMV2"], 9);
}

TEST(RoadTrafficGeneratorTest, MalformedRowsAreSkippedAndCounted) {
  std::string short_row = kGoodRow.substr(0, kGoodRow.rfind(",\"3060\"")) + "\n";
  std::string bad_date = kGoodRow;
  bad_date.replace(bad_date.find("2000-05-03"), 10, "2000-02-30");
  std::string bad_quote = "\"South West\"x," + kGoodRow.substr(kGoodRow.find(',') + 1);
  std::istringstream in(kHeader + kGoodRow + short_row + bad_date + bad_quote + kGoodRow);
  GenRun run = Generate(&in, -1, false);
  EXPECT_EQ(run.stats.rows_read, 5);
  EXPECT_EQ(run.stats.rows_skipped, 3);
  EXPECT_EQ(run.stats.elements, 2 * 23);
  EXPECT_EQ(run.per_group, PerGroupForRows(2));
  ASSERT_EQ(run.stats.skip_reasons.size(), 3u);
  EXPECT_EQ(run.stats.skip_reasons[0], "line 3: row has 30 fields, the header has 31");
  EXPECT_THAT(run.stats.skip_reasons[1], ::testing::StartsWith("line 4: column 'dCount'"));
  EXPECT_THAT(run.stats.skip_reasons[2], ::testing::StartsWith("line 5: "));
  EXPECT_THAT(run.stats.skip_reasons[2], ::testing::HasSubstr("closing quote"));
}

TEST(RoadTrafficGeneratorTest, SkipReasonsAreCapped) {
  std::string input = kHeader;
  for (int i = 0; i < 15; ++i) input += "too,few\n";
  input += kGoodRow;
  std::istringstream in(input);
  GenRun run = Generate(&in, -1, false);
  EXPECT_EQ(run.stats.rows_read, 16);
  EXPECT_EQ(run.stats.rows_skipped, 15);
  EXPECT_EQ(run.stats.skip_reasons.size(), RoadTrafficStats::kMaxSkipReasons);
  EXPECT_EQ(run.stats.elements, 23);
}

TEST(RoadTrafficGeneratorTest, LimitCountsRowsReadIncludingSkipped) {
  std::istringstream in(kHeader + kGoodRow + "bad\n" + kGoodRow + kGoodRow);
  GenRun run = Generate(&in, 3, false);
  EXPECT_EQ(run.stats.rows_read, 3);
  EXPECT_EQ(run.stats.rows_skipped, 1);
  EXPECT_EQ(run.stats.elements, 2 * 23);

  std::ifstream sample(RoadTrafficDir() + "roadTrafficSampleData-100rows.csv");
  run = Generate(&sample, 0, false);
  EXPECT_EQ(run.stats.rows_read, 0);
  EXPECT_EQ(run.stats.elements, 0);
}

TEST(RoadTrafficGeneratorTest, HeaderErrors) {
  std::istringstream empty("");
  EXPECT_THAT(RoadTrafficCsvGenerator::Open(&empty, {}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "no header"));
  std::istringstream no_road("\"Region Name (GO)\",\"ONS LA Name\"\n");
  EXPECT_THAT(RoadTrafficCsvGenerator::Open(&no_road, {}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "'Road'"));
  std::istringstream bad("\"a\"b,c\n");
  EXPECT_THAT(RoadTrafficCsvGenerator::Open(&bad, {}), StatusIs(StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace quarry
