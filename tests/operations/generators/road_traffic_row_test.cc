// RoadTrafficColumns: header lookup and the values derived from one row.
// Expected values are worked out by hand from the cells given.
#include "operations/generators/road_traffic_row.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

// The header of Gaffer's roadTrafficSampleData.csv.
const std::vector<std::string> kHeader = {"Region Name (GO)",
                                          "ONS LACode",
                                          "ONS LA Name",
                                          "CP",
                                          "S Ref E",
                                          "S Ref N",
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

// A row for `header` with the cells in `cells` and "1" everywhere else.
std::vector<std::string> Row(const std::vector<std::string>& header,
                             const std::map<std::string, std::string>& cells) {
  std::vector<std::string> row;
  for (const std::string& column : header) {
    auto it = cells.find(column);
    row.push_back(it == cells.end() ? "1" : it->second);
  }
  return row;
}

const std::map<std::string, std::string> kCells = {{"Region Name (GO)", "South West"},
                                                   {"ONS LA Name", "Bristol, City of"},
                                                   {"Road", "A38"},
                                                   {"A-Junction", "A4044"},
                                                   {"A Ref E", "359000"},
                                                   {"A Ref N", "172800"},
                                                   {"B-Junction", "LA Boundary"},
                                                   {"B Ref E", "358100"},
                                                   {"B Ref N", "175000"},
                                                   {"dCount", "2000-05-03 00:00:00"},
                                                   {"Hour", "17"}};

// 2000-05-03T00:00Z = 11080 days after the epoch.
constexpr int64_t kMay3rd2000 = 11080LL * 86400000;

TEST(RoadTrafficRowTest, DerivesVerticesDatesAndCounts) {
  ASSERT_OK_AND_ASSIGN(RoadTrafficColumns columns, RoadTrafficColumns::FromHeader(kHeader));
  EXPECT_EQ(columns.field_count(), 31u);
  std::map<std::string, std::string> cells = kCells;
  cells["PC"] = "2";
  cells["2WMV"] = "3";
  cells["CAR"] = "";  // Empty counts as 0.
  cells["AMV"] = "100";
  ASSERT_OK_AND_ASSIGN(RoadTrafficRow row, columns.ParseRow(Row(kHeader, cells)));
  EXPECT_EQ(row.region, "South West");
  EXPECT_EQ(row.location, "Bristol, City of");
  EXPECT_EQ(row.road, "A38");
  EXPECT_EQ(row.junction_a, "A38:A4044");
  EXPECT_EQ(row.junction_b, "A38:LA Boundary");
  EXPECT_EQ(row.junction_a_location, "359000,172800");
  EXPECT_EQ(row.junction_b_location, "358100,175000");
  EXPECT_EQ(row.start_date_ms, kMay3rd2000 + 17 * 3600000LL);
  EXPECT_EQ(row.end_date_ms, kMay3rd2000 + 18 * 3600000LL - 1);
  FreqMap expected = {{"PC", 2},    {"WMV2", 3},  {"CAR", 0},   {"BUS", 1},   {"LGV", 1},
                      {"HGVR2", 1}, {"HGVR3", 1}, {"HGVR4", 1}, {"HGVA3", 1}, {"HGVA5", 1},
                      {"HGVA6", 1}, {"HGV", 1},   {"AMV", 100}};
  EXPECT_EQ(row.vehicle_counts, expected);
  // 2 + 3 + 0 + 9 ones (BUS..HGV) + 100.
  EXPECT_EQ(row.count, 114);
}

TEST(RoadTrafficRowTest, ColumnsAreFoundByName) {
  std::vector<std::string> header = kHeader;
  std::reverse(header.begin(), header.end());
  header.push_back("Extra");
  ASSERT_OK_AND_ASSIGN(RoadTrafficColumns columns, RoadTrafficColumns::FromHeader(header));
  std::map<std::string, std::string> cells = kCells;
  cells["AMV"] = "7";
  ASSERT_OK_AND_ASSIGN(RoadTrafficRow row, columns.ParseRow(Row(header, cells)));
  EXPECT_EQ(row.junction_a, "A38:A4044");
  EXPECT_EQ(row.vehicle_counts.at("AMV"), 7);
  EXPECT_EQ(row.count, 12 + 7);  // Twelve other counts of 1.
}

TEST(RoadTrafficRowTest, MissingColumnIsNamed) {
  std::vector<std::string> header = kHeader;
  header.erase(std::find(header.begin(), header.end(), "2WMV"));
  EXPECT_THAT(RoadTrafficColumns::FromHeader(header),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "'2WMV'"));
}

TEST(RoadTrafficRowTest, DayMonthYearDatesAreAccepted) {
  ASSERT_OK_AND_ASSIGN(RoadTrafficColumns columns, RoadTrafficColumns::FromHeader(kHeader));
  std::map<std::string, std::string> cells = kCells;
  cells["dCount"] = "03/05/2000 00:00";
  cells["Hour"] = "0";
  ASSERT_OK_AND_ASSIGN(RoadTrafficRow row, columns.ParseRow(Row(kHeader, cells)));
  EXPECT_EQ(row.start_date_ms, kMay3rd2000);
  EXPECT_EQ(row.end_date_ms, kMay3rd2000 + 3599999);
}

TEST(RoadTrafficRowTest, WrongFieldCountIsRejected) {
  ASSERT_OK_AND_ASSIGN(RoadTrafficColumns columns, RoadTrafficColumns::FromHeader(kHeader));
  std::vector<std::string> row = Row(kHeader, kCells);
  row.pop_back();
  EXPECT_THAT(columns.ParseRow(row),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "30 fields, the header has 31"));
  row.push_back("1");
  row.push_back("1");
  EXPECT_THAT(columns.ParseRow(row), StatusIs(StatusCode::kInvalidArgument));
}

TEST(RoadTrafficRowTest, BadCellsAreRejectedAndNamed) {
  ASSERT_OK_AND_ASSIGN(RoadTrafficColumns columns, RoadTrafficColumns::FromHeader(kHeader));
  const std::vector<std::pair<std::string, std::string>> bad = {{"dCount", "2000-05-32 00:00:00"},
                                                                {"dCount", ""},
                                                                {"Hour", "7.5"},
                                                                {"Hour", ""},
                                                                {"Hour", "3000000000"},
                                                                {"CAR", "12a"},
                                                                {"HGV", "1.0"},
                                                                {"AMV", "-"},
                                                                {"BUS", "99999999999999999999"}};
  for (const auto& [column, cell] : bad) {
    std::map<std::string, std::string> cells = kCells;
    cells[column] = cell;
    EXPECT_THAT(columns.ParseRow(Row(kHeader, cells)),
                StatusIsWithMessage(StatusCode::kInvalidArgument, "column '" + column + "'"))
        << column << "=" << cell;
  }
}

TEST(RoadTrafficRowTest, SignedCountsParseAsJavaLongDoes) {
  ASSERT_OK_AND_ASSIGN(RoadTrafficColumns columns, RoadTrafficColumns::FromHeader(kHeader));
  std::map<std::string, std::string> cells = kCells;
  cells["PC"] = "+5";
  cells["CAR"] = "-3";
  ASSERT_OK_AND_ASSIGN(RoadTrafficRow row, columns.ParseRow(Row(kHeader, cells)));
  EXPECT_EQ(row.vehicle_counts.at("PC"), 5);
  EXPECT_EQ(row.vehicle_counts.at("CAR"), -3);
  EXPECT_EQ(row.count, 5 - 3 + 11);
}

TEST(RoadTrafficRowTest, CountOverflowIsRejected) {
  ASSERT_OK_AND_ASSIGN(RoadTrafficColumns columns, RoadTrafficColumns::FromHeader(kHeader));
  std::map<std::string, std::string> cells = kCells;
  cells["PC"] = "9223372036854775807";  // Long.MAX_VALUE parses; adding 1 overflows.
  EXPECT_THAT(columns.ParseRow(Row(kHeader, cells)),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "fits in a Long"));
}

}  // namespace
}  // namespace quarry
