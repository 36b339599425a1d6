// The elements of the first two rows of Gaffer's 100-row road-traffic sample,
// worked out by hand from the CSV text:
//
// "South West","E06000054","Wiltshire","6016","389200","179080","M4",
// "LA Boundary","381800","180030","17","391646","179560","TM","E","2000",
// "2000-05-03 00:00:00","7","0","9","2243","15","426","127","21","20","37",
// "106","56","367","3060"
// (row 2: the same up to dCount, then Hour "8" and the counts 5, 13, 1936,
// 12, 292, 100, 14, 14, 29, 114, 24, 295, 2548).
//
// 2000-05-03T00:00Z is 11080 days after the epoch = 957312000000 ms.
// Row 1: start = +7h = 957337200000, end = +8h - 1ms = 957340799999;
//        count = 0+9+2243+15+426+127+21+20+37+106+56+367+3060 = 6487.
// Row 2: start = +8h = 957340800000, end = +9h - 1ms = 957344399999;
//        count = 5+13+1936+12+292+100+14+14+29+114+24+295+2548 = 5396.
#include "operations/generators/road_traffic_elements.h"

#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "graph-core/hll_sketch.h"
#include "operations/generators/generator.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

std::string SamplePath() {
  return testing::SharedDir() + "/gaffer-examples/road-traffic/roadTrafficSampleData-100rows.csv";
}

Element Edge(const std::string& group, const std::string& source, const std::string& destination,
             Properties properties = {}) {
  return Element::Edge(group, Value::String(source), Value::String(destination), true,
                       std::move(properties));
}

// Built here from HllSketch directly, not with CardinalityEntity.
Element Cardinality(const std::string& vertex, const std::string& other,
                    const std::string& edge_group) {
  auto sketch = std::make_shared<HllSketch>(10);
  sketch->Update(other);
  return Element::Entity("Cardinality", Value::String(vertex),
                         {{"count", Value::Int64(1)},
                          {"edgeGroup", Value::TreeSet({Value::String(edge_group)})},
                          {"hllp", Value::Sketch(sketch)}});
}

Properties Use(int64_t start, int64_t end, int64_t count, FreqMap counts) {
  return {{"startDate", Value::Date(start)},
          {"endDate", Value::Date(end)},
          {"count", Value::Int64(count)},
          {"countByVehicleType", Value::FreqMap(std::move(counts))}};
}

// Rows 1 and 2 share every vertex; only the use properties differ.
std::vector<Element> ExpectedRow(const Properties& use) {
  const std::string a = "M4:LA Boundary";
  const std::string b = "M4:17";
  const std::string a_at = "381800,180030";
  const std::string b_at = "391646,179560";
  return {
      Edge("RegionContainsLocation", "South West", "Wiltshire"),
      Edge("LocationContainsRoad", "Wiltshire", "M4"),
      Edge("RoadHasJunction", "M4", a),
      Edge("RoadHasJunction", "M4", b),
      Edge("JunctionLocatedAt", a, a_at),
      Edge("JunctionLocatedAt", b, b_at),
      Edge("RoadUse", a, b, use),
      Element::Entity("JunctionUse", Value::String(a), use),
      Element::Entity("JunctionUse", Value::String(b), use),
      Cardinality("South West", "Wiltshire", "RegionContainsLocation"),
      Cardinality("Wiltshire", "South West", "RegionContainsLocation"),
      Cardinality("Wiltshire", "M4", "LocationContainsRoad"),
      Cardinality("M4", "Wiltshire", "LocationContainsRoad"),
      Cardinality("M4", a, "RoadHasJunction"),
      Cardinality(a, "M4", "RoadHasJunction"),
      Cardinality("M4", b, "RoadHasJunction"),
      Cardinality(b, "M4", "RoadHasJunction"),
      Cardinality(a, a_at, "JunctionLocatedAt"),
      Cardinality(a_at, a, "JunctionLocatedAt"),
      Cardinality(b, b_at, "JunctionLocatedAt"),
      Cardinality(b_at, b, "JunctionLocatedAt"),
      Cardinality(a, b, "RoadUse"),
      Cardinality(b, a, "RoadUse"),
  };
}

// The header and the first `rows` lines through Gaffer's CSV generator.
std::vector<Element> FirstRowsOfSample(int64_t rows) {
  std::ifstream in(SamplePath());
  auto gen = MakeElementGenerator(
      Json{{"class", "uk.gov.gchq.gaffer.traffic.generator.RoadTrafficCsvElementGenerator"}}, "g");
  EXPECT_TRUE(gen.ok()) << gen.status().ToString();
  std::vector<Element> all;
  std::string line;
  for (int64_t i = 0; gen.ok() && i <= rows && std::getline(in, line); ++i) {
    Status s = (*gen)->Generate(Item(Json(line)), &all);
    EXPECT_TRUE(s.ok()) << s.ToString();
  }
  return all;
}

void ExpectSameElements(const std::vector<Element>& actual, const std::vector<Element>& expected,
                        size_t offset) {
  ASSERT_GE(actual.size(), offset + expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(actual[offset + i], expected[i])
        << "element " << offset + i << "\n actual: " << actual[offset + i].DebugString()
        << "\n expected: " << expected[i].DebugString();
  }
}

TEST(RoadTrafficElementsTest, FirstTwoSampleRowsGiveGaffersElements) {
  std::vector<Element> elements = FirstRowsOfSample(2);
  ASSERT_EQ(elements.size(), 46u);
  ExpectSameElements(elements,
                     ExpectedRow(Use(957337200000, 957340799999, 6487,
                                     {{"PC", 0},
                                      {"WMV2", 9},
                                      {"CAR", 2243},
                                      {"BUS", 15},
                                      {"LGV", 426},
                                      {"HGVR2", 127},
                                      {"HGVR3", 21},
                                      {"HGVR4", 20},
                                      {"HGVA3", 37},
                                      {"HGVA5", 106},
                                      {"HGVA6", 56},
                                      {"HGV", 367},
                                      {"AMV", 3060}})),
                     0);
  ExpectSameElements(elements,
                     ExpectedRow(Use(957340800000, 957344399999, 5396,
                                     {{"PC", 5},
                                      {"WMV2", 13},
                                      {"CAR", 1936},
                                      {"BUS", 12},
                                      {"LGV", 292},
                                      {"HGVR2", 100},
                                      {"HGVR3", 14},
                                      {"HGVR4", 14},
                                      {"HGVA3", 29},
                                      {"HGVA5", 114},
                                      {"HGVA6", 24},
                                      {"HGV", 295},
                                      {"AMV", 2548}})),
                     23);
}

TEST(RoadTrafficElementsTest, CardinalitySketchCountsTheOtherEnd) {
  Element e = CardinalityEntity("M4", "M4:17", "RoadHasJunction");
  EXPECT_EQ(e, Cardinality("M4", "M4:17", "RoadHasJunction"));
  const Value& hllp = e.properties().Get("hllp");
  ASSERT_EQ(hllp.type(), ValueType::kHllSketch);
  EXPECT_EQ(hllp.AsSketch().lg_k(), 10);
  EXPECT_NEAR(hllp.AsSketch().Estimate(), 1.0, 0.01);
  // A sketch of a different item is a different sketch.
  EXPECT_NE(e, Cardinality("M4", "M4:LA Boundary", "RoadHasJunction"));
}

TEST(RoadTrafficElementsTest, SelfLoopRoadUseGetsTwoCardinalitiesOnOneVertex) {
  RoadTrafficRow row;
  row.region = "R";
  row.location = "L";
  row.road = "A1";
  row.junction_a = "A1:5";
  row.junction_b = "A1:5";
  row.junction_a_location = "1,2";
  row.junction_b_location = "1,2";
  std::vector<Element> out = {Element::Entity("Old", Value::String("kept"))};
  AppendRoadTrafficElements(row, &out);
  ASSERT_EQ(out.size(), 24u);        // 1 + 7 edges + 2 JunctionUse + 14 Cardinality.
  EXPECT_EQ(out[0].group(), "Old");  // Appends, never clears.
  EXPECT_EQ(out[7], Edge("RoadUse", "A1:5", "A1:5", Use(0, 0, 0, {})));
  EXPECT_EQ(out[22], Cardinality("A1:5", "A1:5", "RoadUse"));
  EXPECT_EQ(out[23], Cardinality("A1:5", "A1:5", "RoadUse"));
}

}  // namespace
}  // namespace quarry
