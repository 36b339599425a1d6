// Every schema folder in ../shared/gaffer-examples loads unchanged (issue 2),
// and its summary names groups, properties, groupBy, aggregators and
// validators. Expected values were read by hand from the JSON files.
#include "schema/schema_summary.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;
using ::testing::HasSubstr;
using Strings = std::vector<std::string>;

std::string ExampleDir(const std::string& name) {
  return testing::SharedDir() + "/gaffer-examples/" + name;
}

struct GroupExpectation {
  std::string group;
  bool entity;
  Strings properties;  // In schema order.
  Strings group_by;
};

struct Example {
  std::string dir;
  std::vector<GroupExpectation> groups;  // Every group, entities then edges.
};

const Strings kCq4 = {"columnQualifier", "columnQualifier2", "columnQualifier3",
                      "columnQualifier4"};
Strings Concat(Strings a, const Strings& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

std::vector<Example> Examples() {
  const Strings props4 = {"property1", "property2", "property3",
                          "property4", "count",     "visibility"};
  const Strings dates = {"startDate", "endDate"};
  return {
      {"accumulo-store-visibility-test-schema",
       {{"BasicEntity", true, Concat(kCq4, props4), Concat(kCq4, {"visibility"})},
        {"BasicEdge", false, Concat(kCq4, props4), Concat(kCq4, {"visibility"})},
        {"BasicEdge2",
         false,
         Concat({"columnQualifier"}, props4),
         {"columnQualifier", "visibility"}}}},
      {"basic", {{"BasicEntity", true, {"count"}, {}}, {"BasicEdge", false, {"count"}, {}}}},
      {"gaffer-doc-operations-example",
       {{"cardinality", true, {"edgeGroup", "hllp", "count"}, {"edgeGroup"}},
        {"entity", true, {"count"}, {}},
        {"entity1", true, {"count"}, {}},
        {"edge", false, {"count"}, {}},
        {"edge1", false, {"count"}, {}}}},
      {"gaffer-doc-schema-split-example",
       {{"Cardinality", true, {"edgeGroup", "hllp", "count"}, {"edgeGroup"}},
        {"RoadHasJunction", false, {}, {}},
        {"RoadUse", false, {"startDate", "endDate", "count"}, dates}}},
      {"gaffer-doc-times-example",
       {{"RoadHasJunction", false, {}, {}},
        {"RoadUse", false, {"startDate", "endDate", "count"}, dates}}},
      {"gaffer-doc-visibility-example",
       {{"RoadHasJunction", false, {}, {}}, {"RoadUse", false, {"visibility", "count"}, {}}}},
      {"road-traffic",
       {{"Cardinality", true, {"edgeGroup", "hllp", "count"}, {"edgeGroup"}},
        {"JunctionUse", true, {"startDate", "endDate", "count", "countByVehicleType"}, dates},
        {"JunctionLocatedAt", false, {}, {}},
        {"LocationContainsRoad", false, {}, {}},
        {"RegionContainsLocation", false, {}, {}},
        {"RoadHasJunction", false, {}, {}},
        {"RoadUse", false, {"startDate", "endDate", "count", "countByVehicleType"}, dates}}},
  };
}

Result<std::shared_ptr<const Schema>> LoadDir(const std::string& dir) {
  QUARRY_ASSIGN_OR_RETURN(std::vector<std::string> files, SchemaFilesInDirectory(dir));
  return Schema::FromFiles(files);
}

TEST(GafferExamplesTest, EveryExampleFolderLoadsWithTheGroupsWrittenInIt) {
  for (const Example& example : Examples()) {
    SCOPED_TRACE(example.dir);
    ASSERT_OK_AND_ASSIGN(auto schema, LoadDir(ExampleDir(example.dir)));
    size_t entities = 0;
    for (const GroupExpectation& want : example.groups) {
      SCOPED_TRACE(want.group);
      entities += want.entity ? 1 : 0;
      const SchemaElementDefinition* def = schema->Group(want.group);
      ASSERT_NE(def, nullptr);
      EXPECT_EQ(def->is_entity(), want.entity);
      Strings properties;
      for (const PropertyDefinition& p : def->properties()) properties.push_back(p.name);
      EXPECT_EQ(properties, want.properties);
      EXPECT_EQ(def->group_by(), want.group_by);
    }
    EXPECT_EQ(schema->entity_groups().size(), entities);
    EXPECT_EQ(schema->edge_groups().size(), example.groups.size() - entities);
  }
}

// The folders are exactly the ones above, plus schema-with-parents, which
// holds elements only: its types live in other Gaffer test files.
TEST(GafferExamplesTest, NoFolderIsForgotten) {
  std::vector<std::string> dirs;
  for (const auto& entry : std::filesystem::directory_iterator(ExampleDir(""))) {
    if (entry.is_directory()) dirs.push_back(entry.path().filename().string());
  }
  std::sort(dirs.begin(), dirs.end());
  Strings want;
  for (const Example& e : Examples()) want.push_back(e.dir);
  want.push_back("schema-with-parents");
  std::sort(want.begin(), want.end());
  EXPECT_EQ(dirs, want);
  EXPECT_THAT(LoadDir(ExampleDir("schema-with-parents")),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "entities.BasicEntity: entity vertex type is not defined"));
}

TEST(SchemaFilesInDirectoryTest, SkipsNonSchemaJsonAndSortsByName) {
  ASSERT_OK_AND_ASSIGN(Strings files, SchemaFilesInDirectory(ExampleDir("road-traffic")));
  EXPECT_EQ(files, (Strings{ExampleDir("road-traffic") + "/elements.json",
                            ExampleDir("road-traffic") + "/types.json"}));  // No graphConfig.
  ASSERT_OK_AND_ASSIGN(Strings split,
                       SchemaFilesInDirectory(ExampleDir("gaffer-doc-schema-split-example")));
  EXPECT_EQ(split.size(), 4u);
  EXPECT_THAT(SchemaFilesInDirectory(ExampleDir("no-such-folder")),
              StatusIs(StatusCode::kNotFound));
}

TEST(SchemaSummaryTest, SplitExampleShowsTheTupleOperatorAndValidators) {
  ASSERT_OK_AND_ASSIGN(auto schema, LoadDir(ExampleDir("gaffer-doc-schema-split-example")));
  std::string text = SummariseSchema(*schema);
  EXPECT_THAT(text, HasSubstr("Schema: 1 entity groups, 2 edge groups\n"));
  EXPECT_THAT(text, HasSubstr("\nedge RoadUse\n"));
  EXPECT_THAT(text, HasSubstr("    startDate: date.earliest (java.util.Date)  serialiser: "
                              "OrderedDateSerialiser  aggregator: ExampleTuple2BinaryOperator  "
                              "validators: [Exists]  [groupBy]\n"));
  EXPECT_THAT(text, HasSubstr("    count: count.long (java.lang.Long)  serialiser: "
                              "OrderedLongSerialiser  aggregator: Sum  validators: "
                              "[IsMoreThan]\n"));
  EXPECT_THAT(text, HasSubstr("  groupBy: [startDate, endDate]\n"));
  EXPECT_THAT(text, HasSubstr("  validateFunction: IsXLessThanY on [startDate, endDate]\n"));
  EXPECT_THAT(text, HasSubstr("  aggregateFunction: ExampleTuple2BinaryOperator on "
                              "[startDate, endDate] (tuple)\n"));
  EXPECT_THAT(text, HasSubstr("    hllp: hllp (com.clearspring.analytics.stream.cardinality."
                              "HyperLogLogPlus)  serialiser: HyperLogLogPlusSerialiser  "
                              "aggregator: HyperLogLogPlusAggregator  validators: []\n"));
}

TEST(SchemaSummaryTest, VisibilityExampleShowsTheDocClasses) {
  ASSERT_OK_AND_ASSIGN(auto schema, LoadDir(ExampleDir("gaffer-doc-visibility-example")));
  std::string text = SummariseSchema(*schema);
  EXPECT_THAT(text, HasSubstr("visibilityProperty: visibility\n"));
  EXPECT_THAT(text, HasSubstr("    visibility: visibility (java.lang.String)  serialiser: "
                              "VisibilitySerialiser  aggregator: VisibilityAggregator  "
                              "validators: [Exists]\n"));
  EXPECT_THAT(text, HasSubstr("    DIRECTED: true (java.lang.Boolean)  validators: [IsTrue]\n"));
  EXPECT_THAT(text, HasSubstr("  groupBy: []\n"));
}

TEST(SchemaSummaryTest, EveryExampleSummaryNamesEveryGroup) {
  for (const Example& example : Examples()) {
    SCOPED_TRACE(example.dir);
    ASSERT_OK_AND_ASSIGN(auto schema, LoadDir(ExampleDir(example.dir)));
    std::string text = SummariseSchema(*schema);
    for (const GroupExpectation& g : example.groups) {
      EXPECT_THAT(text, HasSubstr((g.entity ? "\nentity " : "\nedge ") + g.group + "\n"));
    }
  }
}

}  // namespace
}  // namespace quarry
