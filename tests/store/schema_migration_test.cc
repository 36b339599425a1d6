#include "store/schema_migration.h"

#include <functional>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIsWithMessage;

Json BaseSchema() {
  return Json::parse(R"({
    "entities": {"E": {"vertex": "str", "properties": {"count": "long"}, "description": "e"}},
    "edges": {"R": {"source": "str", "destination": "str", "directed": "true",
                    "properties": {"start": "date", "count": "long", "note": "str"},
                    "groupBy": ["start"]}},
    "types": {
      "str": {"class": "java.lang.String",
              "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.StringConcat"}},
      "long": {"class": "java.lang.Long",
               "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Sum"}},
      "otherlong": {"class": "java.lang.Long",
               "serialiser": {"class": "uk.gov.gchq.gaffer.serialisation.implementation.raw.CompactRawLongSerialiser"},
               "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Sum"}},
      "int": {"class": "java.lang.Integer",
              "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Sum"}},
      "date": {"class": "java.util.Date",
               "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Max"}},
      "true": {"class": "java.lang.Boolean",
               "validateFunctions": [{"class": "uk.gov.gchq.koryphe.impl.predicate.IsTrue"}]}
    }})");
}

std::shared_ptr<const Schema> Build(const Json& json) {
  auto schema = Schema::FromJsonStrings({json.dump()}, {"schema.json"});
  EXPECT_TRUE(schema.ok()) << schema.status().ToString();
  return schema.ok() ? *schema : nullptr;
}

Status Migrate(const std::function<void(Json&)>& change) {
  Json changed = BaseSchema();
  change(changed);
  auto stored = Build(BaseSchema());
  auto proposed = Build(changed);
  if (!stored || !proposed) return InternalError("schema did not build");
  return CheckSchemaMigration(*stored, *proposed);
}

TEST(SchemaMigrationTest, IdenticalSchemaIsAllowed) {
  EXPECT_OK(Migrate([](Json&) {}));
}

TEST(SchemaMigrationTest, NewGroupIsAllowed) {
  EXPECT_OK(Migrate([](Json& j) {
    j["entities"]["F"] = Json::parse(R"({"vertex": "str", "properties": {"count": "long"}})");
  }));
}

TEST(SchemaMigrationTest, NewTrailingPropertyIsAllowed) {
  EXPECT_OK(Migrate([](Json& j) { j["edges"]["R"]["properties"]["extra"] = "long"; }));
}

TEST(SchemaMigrationTest, ChangedDescriptionIsAllowed) {
  EXPECT_OK(Migrate([](Json& j) { j["entities"]["E"]["description"] = "renamed"; }));
}

TEST(SchemaMigrationTest, ChangedAggregatorIsAllowed) {
  EXPECT_OK(Migrate([](Json& j) {
    j["types"]["long"]["aggregateFunction"]["class"] =
        "uk.gov.gchq.koryphe.impl.binaryoperator.Max";
  }));
}

TEST(SchemaMigrationTest, ChangedValidatorIsAllowed) {
  EXPECT_OK(Migrate([](Json& j) {
    j["types"]["long"]["validateFunctions"] = Json::parse(
        R"([{"class": "uk.gov.gchq.koryphe.impl.predicate.IsMoreThan", "value": {"java.lang.Long": 0}}])");
  }));
}

TEST(SchemaMigrationTest, RemovedGroupIsRefused) {
  EXPECT_THAT(Migrate([](Json& j) { j["entities"].erase("E"); }),
              StatusIsWithMessage(StatusCode::kFailedPrecondition, "group 'E' removed"));
}

TEST(SchemaMigrationTest, RemovedPropertyIsRefused) {
  EXPECT_THAT(Migrate([](Json& j) { j["edges"]["R"]["properties"].erase("note"); }),
              StatusIsWithMessage(StatusCode::kFailedPrecondition, "property 'note' removed"));
}

TEST(SchemaMigrationTest, ReorderedPropertiesAreRefused) {
  // Insert a new property first: every existing property moves one place.
  EXPECT_THAT(Migrate([](Json& j) {
                j["edges"]["R"]["properties"] = Json::object();
                j["edges"]["R"]["properties"]["a-new-first"] = "long";
                j["edges"]["R"]["properties"]["start"] = "date";
                j["edges"]["R"]["properties"]["count"] = "long";
                j["edges"]["R"]["properties"]["note"] = "str";
              }),
              StatusIsWithMessage(StatusCode::kFailedPrecondition, "moved from position"));
}

TEST(SchemaMigrationTest, ChangedPropertyClassIsRefused) {
  EXPECT_THAT(Migrate([](Json& j) { j["edges"]["R"]["properties"]["count"] = "int"; }),
              StatusIsWithMessage(StatusCode::kFailedPrecondition, "property 'count' changed"));
}

TEST(SchemaMigrationTest, ChangedSerialiserIsRefused) {
  EXPECT_THAT(Migrate([](Json& j) { j["entities"]["E"]["properties"]["count"] = "otherlong"; }),
              StatusIsWithMessage(StatusCode::kFailedPrecondition, "CompactRawLongSerialiser"));
}

TEST(SchemaMigrationTest, ChangedGroupByIsRefused) {
  EXPECT_THAT(Migrate([](Json& j) {
                j["edges"]["R"]["groupBy"] = Json::array({"start", "note"});
              }),
              StatusIsWithMessage(StatusCode::kFailedPrecondition, "groupBy changed"));
}

TEST(SchemaMigrationTest, ChangedVertexTypeIsRefused) {
  EXPECT_THAT(Migrate([](Json& j) {
                j["types"]["str"]["class"] = "java.lang.Long";
                j["types"]["str"]["aggregateFunction"]["class"] =
                    "uk.gov.gchq.koryphe.impl.binaryoperator.Sum";
              }),
              StatusIsWithMessage(StatusCode::kFailedPrecondition, "changed"));
}

TEST(SchemaMigrationTest, ChangedAggregateFlagIsRefused) {
  EXPECT_THAT(Migrate([](Json& j) { j["entities"]["E"]["aggregate"] = false; }),
              StatusIsWithMessage(StatusCode::kFailedPrecondition, "aggregate changed"));
}

}  // namespace
}  // namespace quarry
