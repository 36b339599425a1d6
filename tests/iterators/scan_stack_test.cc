#include "iterators/scan_stack.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "graph-core/clock.h"
#include "iterators/view_validation.h"
#include "tests/iterators/scan_test_data.h"
#include "tests/iterators/test_schemas.h"
#include "tests/testutil/memory_kv_iterator.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing {
namespace {

View ParseViewOrDie(const char* json) {
  Result<View> view = ParseView(Json::parse(json), "view");
  EXPECT_OK(view.status());
  return view.ok() ? *view : View();
}

Authorizations Auths(const std::vector<std::string>& auths) {
  Result<Authorizations> a = Authorizations::Create(auths);
  EXPECT_OK(a.status());
  return *a;
}

// Runs a GetAllElements scan over `data` and collects the elements.
Result<std::vector<Element>> ScanAll(const KeyPackage& package, const KvMap& data, const View& view,
                                     ScanOptions options) {
  options.kind = ScanKind::kAllElements;
  options.matched_vertex = false;
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<ScanElementIterator> scan,
                          BuildScan(package, view, options,
                                    std::make_unique<MemoryKvIterator>(data), {KeyRange::All()}));
  std::vector<Element> out;
  for (; scan->Valid(); scan->Next()) out.push_back(scan->element());
  QUARRY_RETURN_IF_ERROR(scan->status());
  return out;
}

KvMap Encode(const KeyPackage& package, const std::vector<Element>& elements) {
  KvMap data;
  for (const Element& e : elements) {
    std::vector<KeyValue> kvs;
    EXPECT_OK(package.Encode(e, 1, &kvs));
    for (KeyValue& kv : kvs) data[kv.key] = kv.value;
  }
  return data;
}

Element RoadUse(const char* s, const char* d, int64_t start, int64_t end, int64_t count,
                FreqMap freq) {
  return Element::Edge("RoadUse", Value::String(s), Value::String(d), true,
                       Properties{{"startDate", Value::Date(start)},
                                  {"endDate", Value::Date(end)},
                                  {"count", Value::Int64(count)},
                                  {"countByVehicleType", Value::FreqMap(std::move(freq))}});
}

class ScanStackTest : public ::testing::TestWithParam<std::string> {};

// gaffer-compat.md §9.8: RoadUse with groupBy [] -> startDate Min, endDate
// Max, count Sum, countByVehicleType merged; one edge per stored element.
TEST_P(ScanStackTest, RoadUseGroupByEmptyAggregatesAcrossTimeBuckets) {
  auto package = Package(GetParam(), RoadTrafficSchema());
  KvMap data = Encode(*package, {RoadUse("10", "11", 0, 3599999, 5, {{"CAR", 5}}),
                                 RoadUse("10", "11", 3600000, 7199999, 7, {{"CAR", 4}, {"BUS", 3}}),
                                 RoadUse("10", "11", 7200000, 10799999, 1, {{"BUS", 1}}),
                                 RoadUse("11", "12", 0, 3599999, 2, {{"LGV", 2}})});
  View view = ParseViewOrDie(R"({"edges": {"RoadUse": {"groupBy": []}}})");
  ASSERT_OK_AND_ASSIGN(std::vector<Element> got, ScanAll(*package, data, view, {}));
  EXPECT_THAT(got, ::testing::UnorderedElementsAre(
                       RoadUse("10", "11", 0, 10799999, 13, {{"BUS", 4}, {"CAR", 9}}),
                       RoadUse("11", "12", 0, 3599999, 2, {{"LGV", 2}})));
}

TEST_P(ScanStackTest, SchemaGroupByKeepsTimeBucketsApart) {
  auto package = Package(GetParam(), RoadTrafficSchema());
  KvMap data = Encode(*package, {RoadUse("10", "11", 0, 3599999, 5, {{"CAR", 5}}),
                                 RoadUse("10", "11", 3600000, 7199999, 7, {{"CAR", 7}})});
  View view = ParseViewOrDie(R"({"edges": {"RoadUse": {}}})");
  ASSERT_OK_AND_ASSIGN(std::vector<Element> got, ScanAll(*package, data, view, {}));
  EXPECT_EQ(got.size(), 2u);
}

TEST_P(ScanStackTest, GroupByPrefixMergesOnTheFirstField) {
  auto package = Package(GetParam(), RoadTrafficSchema());
  KvMap data = Encode(*package, {RoadUse("10", "11", 0, 1000, 5, {{"CAR", 5}}),
                                 RoadUse("10", "11", 0, 2000, 7, {{"CAR", 7}}),
                                 RoadUse("10", "11", 500, 2000, 1, {{"CAR", 1}})});
  View view = ParseViewOrDie(R"({"edges": {"RoadUse": {"groupBy": ["startDate"]}}})");
  ASSERT_OK_AND_ASSIGN(std::vector<Element> got, ScanAll(*package, data, view, {}));
  EXPECT_THAT(got,
              ::testing::UnorderedElementsAre(RoadUse("10", "11", 0, 2000, 12, {{"CAR", 12}}),
                                              RoadUse("10", "11", 500, 2000, 1, {{"CAR", 1}})));
}

// gaffer-compat.md §9.9 (security guide): 1->2 count=3 public and count=30
// private. A public-only user gets count=3, public; a user who may also see
// private gets count=33 with the aggregated visibility "private". Scanned
// with `source_group` (ScanOptions) as given.
void ExpectSecurityGuideAnswers(const std::string& package_name, const std::string& source_group) {
  auto package = Package(package_name, VisibilitySchema());
  auto edge = [](int64_t count, const char* visibility) {
    return Element::Edge(
        "RoadUse", Value::String("1"), Value::String("2"), true,
        Properties{{"count", Value::Int64(count)}, {"visibility", Value::String(visibility)}});
  };
  KvMap data = Encode(*package, {edge(3, "public"), edge(30, "private")});
  View view = ParseViewOrDie(R"({"edges": {"RoadUse": {}}})");
  ScanOptions public_user;
  public_user.auths = Auths({"public"});
  public_user.source_group = source_group;
  ASSERT_OK_AND_ASSIGN(std::vector<Element> got, ScanAll(*package, data, view, public_user));
  EXPECT_THAT(got, ::testing::ElementsAre(edge(3, "public")));
  ScanOptions private_user;
  private_user.auths = Auths({"private", "public"});
  private_user.source_group = source_group;
  ASSERT_OK_AND_ASSIGN(got, ScanAll(*package, data, view, private_user));
  EXPECT_THAT(got, ::testing::ElementsAre(edge(33, "private")));
  ScanOptions no_auths;
  no_auths.source_group = source_group;
  ASSERT_OK_AND_ASSIGN(got, ScanAll(*package, data, view, no_auths));
  EXPECT_TRUE(got.empty());
}

TEST_P(ScanStackTest, SecurityGuideVisibilityExample) {
  ExpectSecurityGuideAnswers(GetParam(), "");
}

TEST_P(ScanStackTest, AgeOffHidesExactlyTheExpiredCells) {
  auto package = Package(GetParam(), OrderingSchema());
  auto aged = [](const char* v, int64_t time) {
    return Element::Entity("Aged", Value::String(v),
                           Properties{{"time", Value::Int64(time)}, {"count", Value::Int64(1)}});
  };
  KvMap data = Encode(*package, {aged("a", 1000), aged("b", 2000), aged("c", 3000)});
  View view = ParseViewOrDie(R"({"entities": {"Aged": {}}})");
  ScopedFakeClock clock(3000);  // Kept iff now - 1000 < time: b is exactly expired.
  ASSERT_OK_AND_ASSIGN(std::vector<Element> got, ScanAll(*package, data, view, {}));
  EXPECT_THAT(got, ::testing::ElementsAre(aged("c", 3000)));
  clock.Set(2999);
  ASSERT_OK_AND_ASSIGN(got, ScanAll(*package, data, view, {}));
  EXPECT_THAT(got, ::testing::ElementsAre(aged("b", 2000), aged("c", 3000)));
  ScanOptions no_validation;
  no_validation.validate = false;
  ASSERT_OK_AND_ASSIGN(got, ScanAll(*package, data, view, no_validation));
  EXPECT_EQ(got.size(), 3u);
}

TEST_P(ScanStackTest, PreAndPostAggregationFiltersRunEitherSideOfAggregation) {
  auto package = Package(GetParam(), RoadTrafficSchema());
  KvMap data = Encode(*package, {RoadUse("10", "11", 0, 1, 1, {{"CAR", 1}}),
                                 RoadUse("10", "11", 1, 2, 2, {{"CAR", 2}}),
                                 RoadUse("10", "11", 2, 3, 5, {{"CAR", 5}})});
  // count > 1 before aggregation drops the 1: sum 7.
  View pre = ParseViewOrDie(R"({"edges": {"RoadUse": {"groupBy": [],
      "preAggregationFilterFunctions": [{"selection": ["count"],
          "predicate": {"class": "IsMoreThan", "value": {"Long": 1}}}]}}})");
  ASSERT_OK_AND_ASSIGN(std::vector<Element> got, ScanAll(*package, data, pre, {}));
  EXPECT_THAT(got, ::testing::ElementsAre(RoadUse("10", "11", 1, 3, 7, {{"CAR", 7}})));
  // count > 7 after aggregation keeps the sum 8.
  View post = ParseViewOrDie(R"({"edges": {"RoadUse": {"groupBy": [],
      "postAggregationFilterFunctions": [{"selection": ["count"],
          "predicate": {"class": "IsMoreThan", "value": {"Long": 7}}}]}}})");
  ASSERT_OK_AND_ASSIGN(got, ScanAll(*package, data, post, {}));
  EXPECT_THAT(got, ::testing::ElementsAre(RoadUse("10", "11", 0, 3, 8, {{"CAR", 8}})));
}

TEST_P(ScanStackTest, TransformTransientPropertyAndSelection) {
  auto package = Package(GetParam(), RoadTrafficSchema());
  KvMap data = Encode(*package, {RoadUse("10", "11", 0, 1, 4, {{"CAR", 4}})});
  View view = ParseViewOrDie(R"({"edges": {"RoadUse": {
      "transientProperties": {"description": "java.lang.String"},
      "transformFunctions": [{"selection": ["SOURCE", "DESTINATION"],
          "function": {"class": "Concat", "separator": "->"}, "projection": ["description"]}],
      "postTransformFilterFunctions": [{"selection": ["description"],
          "predicate": {"class": "IsEqual", "value": "10->11"}}],
      "properties": ["count", "description"]}}})");
  ASSERT_OK_AND_ASSIGN(std::vector<Element> got, ScanAll(*package, data, view, {}));
  EXPECT_THAT(
      got, ::testing::ElementsAre(Element::Edge(
               "RoadUse", Value::String("10"), Value::String("11"), true,
               Properties{{"count", Value::Int64(4)}, {"description", Value::String("10->11")}})));
  View exclude = ParseViewOrDie(
      R"({"edges": {"RoadUse": {"excludeProperties": ["countByVehicleType", "startDate"]}}})");
  ASSERT_OK_AND_ASSIGN(got, ScanAll(*package, data, exclude, {}));
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].properties(),
            (Properties{{"count", Value::Int64(4)}, {"endDate", Value::Date(1)}}));
}

TEST_P(ScanStackTest, OnlyTheViewsGroupsAreReturned) {
  auto package = Package(GetParam(), RoadTrafficSchema());
  Element junction = Element::Entity("JunctionUse", Value::String("10"),
                                     Properties{{"startDate", Value::Date(0)},
                                                {"endDate", Value::Date(1)},
                                                {"count", Value::Int64(1)},
                                                {"countByVehicleType", Value::FreqMap({})}});
  KvMap data = Encode(*package, {RoadUse("10", "11", 0, 1, 4, {{"CAR", 4}}), junction});
  View view = ParseViewOrDie(R"({"entities": {"JunctionUse": {}}})");
  ASSERT_OK_AND_ASSIGN(std::vector<Element> got, ScanAll(*package, data, view, {}));
  EXPECT_THAT(got, ::testing::ElementsAre(junction));
  ASSERT_OK_AND_ASSIGN(got, ScanAll(*package, data, View(), {}));  // Null view: every group.
  EXPECT_EQ(got.size(), 2u);
}

TEST_P(ScanStackTest, SeededScanSetsMatchedVertexFromTheRow) {
  auto package = Package(GetParam(), RoadTrafficSchema());
  KvMap data = Encode(*package, {RoadUse("10", "11", 0, 1, 4, {{"CAR", 4}})});
  View view = ParseViewOrDie(R"({"edges": {"RoadUse": {}}})");
  ScanOptions options;
  options.seed_options.include_entities = false;
  std::vector<KeyRange> ranges;
  ASSERT_OK(package->RangesFor(EntitySeed{Value::String("11")}, options.seed_options, &ranges));
  ASSERT_OK_AND_ASSIGN(auto scan, BuildScan(*package, view, options,
                                            std::make_unique<MemoryKvIterator>(data), ranges));
  ASSERT_TRUE(scan->Valid());
  EXPECT_EQ(scan->element().matched_vertex(), MatchedVertex::kDestination);
  scan->Next();
  EXPECT_FALSE(scan->Valid());
  EXPECT_OK(scan->status());
}

TEST_P(ScanStackTest, CorruptCellEndsTheScanWithDataLoss) {
  auto package = Package(GetParam(), RoadTrafficSchema());
  KvMap data = Encode(*package, {RoadUse("10", "11", 0, 1, 4, {{"CAR", 4}})});
  for (auto& [key, value] : data) value = value.substr(0, 3);
  View view = ParseViewOrDie(R"({"edges": {"RoadUse": {}}})");
  EXPECT_THAT(ScanAll(*package, data, view, {}), StatusIs(StatusCode::kDataLoss));
}

// A store with a column family per group tells the stack the source's group
// (ScanOptions::source_group), and the stack drops the group test and, for a
// group without a visibility property, the visibility filter. The answers
// must not change; a visibility on such a group's key, which no write can
// store, is corruption and ends the scan with DataLoss.
TEST_P(ScanStackTest, ASourceOfOneKnownGroupGivesTheSameAnswers) {
  ExpectSecurityGuideAnswers(GetParam(), "RoadUse");

  auto plain = Package(GetParam(), RoadTrafficSchema());
  View view = ParseViewOrDie(R"({"edges": {"RoadUse": {}}})");
  KvMap data = Encode(*plain, {RoadUse("10", "11", 0, 1, 4, {{"CAR", 4}}),
                               RoadUse("11", "12", 0, 1, 5, {{"BUS", 5}})});
  ScanOptions known;
  known.source_group = "RoadUse";
  ASSERT_OK_AND_ASSIGN(std::vector<Element> with_group, ScanAll(*plain, data, view, known));
  ASSERT_OK_AND_ASSIGN(std::vector<Element> without, ScanAll(*plain, data, view, ScanOptions()));
  EXPECT_EQ(with_group, without);
  EXPECT_THAT(with_group,
              ::testing::UnorderedElementsAre(RoadUse("10", "11", 0, 1, 4, {{"CAR", 4}}),
                                              RoadUse("11", "12", 0, 1, 5, {{"BUS", 5}})));

  KvMap corrupt;
  for (const auto& [key, value] : data) corrupt[key + "secret"] = value;
  EXPECT_THAT(ScanAll(*plain, corrupt, view, known), StatusIs(StatusCode::kDataLoss));
}

// Query-time aggregation folds cells in key order, the first cell being the
// state: First keeps the lowest key's value, Last the highest's.
TEST_P(ScanStackTest, QueryTimeFirstAndLastFollowKeyOrder) {
  auto package = Package(GetParam(), OrderingSchema());
  auto version = [](int32_t bucket, const char* text) {
    return Element::Entity("Versions", Value::String("v"),
                           Properties{{"bucket", Value::Int32(bucket)},
                                      {"first", Value::String(text)},
                                      {"last", Value::String(text)}});
  };
  KvMap data = Encode(*package, {version(2, "two"), version(3, "three"), version(1, "one")});
  View view = ParseViewOrDie(R"({"entities": {"Versions": {"groupBy": []}}})");
  ASSERT_OK_AND_ASSIGN(std::vector<Element> got, ScanAll(*package, data, view, {}));
  EXPECT_THAT(
      got, ::testing::ElementsAre(Element::Entity("Versions", Value::String("v"),
                                                  Properties{{"bucket", Value::Int32(6)},
                                                             {"first", Value::String("one")},
                                                             {"last", Value::String("three")}})));
}

INSTANTIATE_TEST_SUITE_P(Packages, ScanStackTest, ::testing::Values("byteEntity", "classic"));

// Property: a cell whose visibility the auths do not satisfy never
// contributes to any output, aggregated or not.
// One template serves many stacks, each giving the one-shot result, and
// stacks outlive the template they were built from.
TEST_P(ScanStackTest, TemplateIsSharedByManyStacks) {
  auto package = Package(GetParam(), RoadTrafficSchema());
  KvMap data = Encode(*package, {RoadUse("10", "11", 0, 1, 1, {{"CAR", 1}}),
                                 RoadUse("10", "11", 1, 2, 2, {{"CAR", 2}}),
                                 RoadUse("10", "11", 2, 3, 5, {{"CAR", 5}})});
  View view = ParseViewOrDie(R"({"edges": {"RoadUse": {"groupBy": [],
      "preAggregationFilterFunctions": [{"selection": ["count"],
          "predicate": {"class": "IsMoreThan", "value": {"Long": 1}}}],
      "properties": ["count"]}}})");
  ScanOptions options;
  options.kind = ScanKind::kAllElements;
  options.matched_vertex = false;
  ASSERT_OK_AND_ASSIGN(std::shared_ptr<const ScanTemplate> t,
                       ScanTemplate::Create(package->schema(), view, options.validate));
  std::vector<std::unique_ptr<ScanElementIterator>> scans;
  for (int i = 0; i < 3; ++i) {
    ASSERT_OK_AND_ASSIGN(
        auto scan,
        t->Build(*package, options, std::make_unique<MemoryKvIterator>(&data), {KeyRange::All()}));
    scans.push_back(std::move(scan));
  }
  t.reset();
  // count > 1 drops the 1 before aggregation: one edge, count 2 + 5, only
  // the selected property.
  Element expected = Element::Edge("RoadUse", Value::String("10"), Value::String("11"), true,
                                   Properties{{"count", Value::Int64(7)}});
  for (auto& scan : scans) {
    ASSERT_TRUE(scan->Valid());
    EXPECT_EQ(scan->element(), expected);
    scan->Next();
    EXPECT_FALSE(scan->Valid());
    EXPECT_OK(scan->status());
  }
}

TEST_P(ScanStackTest, TemplateRejectsAnInvalidView) {
  auto package = Package(GetParam(), RoadTrafficSchema());
  View view = ParseViewOrDie(R"({"edges": {"RoadUse": {"groupBy": ["count"]}}})");
  EXPECT_THAT(ScanTemplate::Create(package->schema(), view, true),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(ScanStackPropertyTest, InvisibleCellsNeverContribute) {
  constexpr unsigned kSeed = 20261121;
  std::mt19937 rng(kSeed);
  const std::vector<std::string> visibilities = {"", "a", "b", "a&b", "a|b", "(a|b)&c"};
  const std::vector<std::vector<std::string>> auth_sets = {{}, {"a"}, {"b"}, {"a", "b"}, {"c"}};
  auto schema = VisibilitySchema();
  View view = ParseViewOrDie(R"({"edges": {"RoadUse": {"groupBy": []}}})");
  for (const char* name : {"byteEntity", "classic"}) {
    auto package = Package(name, schema);
    for (int trial = 0; trial < 40; ++trial) {
      SCOPED_TRACE("seed " + std::to_string(kSeed) + " trial " + std::to_string(trial) + " " +
                   name);
      std::vector<Element> elements = RandomVisibilityElements(rng, 1 + rng() % 20, visibilities);
      KvMap data = EncodeAll(*package, elements, rng);
      const auto& auth_list = auth_sets[rng() % auth_sets.size()];
      // Expected: per (edge, row) the sum of counts of the cells the user sees.
      std::map<std::pair<std::string, std::string>, int64_t> expected;
      for (const auto& [key, value] : data) {
        Element e = *package->Decode(key, value);
        // GetAllElements reads each directed edge from its source's row only.
        if (!e.is_edge() || e.matched_vertex() != MatchedVertex::kSource) continue;
        std::string vis = e.properties().Get("visibility").is_null()
                              ? ""
                              : e.properties().Get("visibility").AsString();
        if (!*EvaluateVisibility(vis, Auths(auth_list))) continue;
        expected[{e.source().AsString(), e.destination().AsString()}] +=
            e.properties().Get("count").AsInt64();
      }
      ScanOptions options;
      options.auths = Auths(auth_list);
      ASSERT_OK_AND_ASSIGN(std::vector<Element> got, ScanAll(*package, data, view, options));
      std::map<std::pair<std::string, std::string>, int64_t> totals;
      for (const Element& e : got) {
        auto k = std::make_pair(e.source().AsString(), e.destination().AsString());
        EXPECT_EQ(totals.count(k), 0u) << "GetAllElements returned an edge twice";
        totals[k] = e.properties().Get("count").AsInt64();
      }
      EXPECT_EQ(totals, expected);
    }
  }
}

}  // namespace
}  // namespace quarry::testing
