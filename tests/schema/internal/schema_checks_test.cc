#include "schema/internal/schema_checks.h"

#include "schema/internal/schema_json.h"
#include "tests/schema/bad_schema_cases.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::schema_internal {
namespace {

using ::quarry::testing::BadSchemaCase;
using ::quarry::testing::BaseSchemaJson;
using ::quarry::testing::StatusIsWithMessage;

TEST(SchemaChecksTest, BaseSchemaIsValid) {
  EXPECT_OK(LoadRawSchema({BaseSchemaJson().dump()}, {"schema.json"}));
}

TEST(SchemaChecksTest, EachStructuralBadSchemaIsRejectedNamingItsPath) {
  std::vector<BadSchemaCase> cases = testing::StructuralBadSchemaCases();
  EXPECT_GE(cases.size(), 15u);
  for (const BadSchemaCase& c : cases) {
    SCOPED_TRACE(c.name);
    Json schema = BaseSchemaJson();
    c.mutate(&schema);
    EXPECT_THAT(LoadRawSchema({schema.dump()}, {"schema.json"}),
                StatusIsWithMessage(c.code, c.message));
  }
}

TEST(SchemaChecksTest, NamesTheFileHoldingTheErrorAfterAMerge) {
  Json types = BaseSchemaJson();
  Json elements = types;
  types.erase("entities");
  types.erase("edges");
  types.erase("visibilityProperty");
  elements.erase("types");
  elements["edges"]["Knows"]["properties"]["count"] = "count.lnog";
  EXPECT_THAT(LoadRawSchema({elements.dump(), types.dump()}, {"elements.json", "types.json"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "elements.json: edges.Knows.properties.count: unknown type"));
  types["types"]["date.earliest"]["class"] = "Dat";
  elements = BaseSchemaJson();
  elements.erase("types");
  EXPECT_THAT(LoadRawSchema({elements.dump(), types.dump()}, {"elements.json", "types.json"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "types.json: types.date.earliest.class: unknown class 'Dat'"));
}

TEST(SchemaChecksTest, VisibilityPropertyMayBeGroupByAsInGaffersAccumuloTestSchema) {
  Json schema = BaseSchemaJson();
  schema["edges"]["Knows"]["groupBy"] = {"since", "vis"};
  EXPECT_OK(LoadRawSchema({schema.dump()}, {"schema.json"}));
}

TEST(SchemaChecksTest, ElementLevelAggregatorCoversAPropertyWithoutTypeAggregator) {
  Json schema = BaseSchemaJson();
  schema["types"]["count.long"].erase("aggregateFunction");
  schema["entities"]["Person"]["aggregateFunctions"] = {
      {{"selection", {"count"}}, {"binaryOperator", {{"class", "Sum"}}}}};
  // Knows still lacks one for count.
  EXPECT_THAT(LoadRawSchema({schema.dump()}, {"schema.json"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "schema.json: edges.Knows: No aggregator found for properties "
                                  "[count]"));
  schema["edges"]["Knows"]["aggregate"] = false;
  schema["edges"]["Knows"].erase("groupBy");
  EXPECT_OK(LoadRawSchema({schema.dump()}, {"schema.json"}));
}

TEST(SchemaChecksTest, LoadsEveryExampleStructurally) {
  const std::string dir = testing::SharedDir() + "/gaffer-examples/";
  const std::vector<std::vector<std::string>> sets = {
      {"road-traffic/elements.json", "road-traffic/types.json"},
      {"basic/elements.json", "basic/types.json"},
      {"accumulo-store-visibility-test-schema/elementsWithVisibilities.json",
       "accumulo-store-visibility-test-schema/types.json"},
      {"gaffer-doc-operations-example/elements.json", "gaffer-doc-operations-example/types.json"},
      {"gaffer-doc-schema-split-example/elements.json",
       "gaffer-doc-schema-split-example/types.json",
       "gaffer-doc-schema-split-example/validation.json",
       "gaffer-doc-schema-split-example/aggregation.json"},
      {"gaffer-doc-visibility-example/elements.json", "gaffer-doc-visibility-example/types.json"},
      {"gaffer-doc-times-example/elements.json", "gaffer-doc-times-example/types.json"},
  };
  for (const auto& set : sets) {
    std::vector<std::string> paths;
    for (const std::string& f : set) paths.push_back(dir + f);
    SCOPED_TRACE(set[0]);
    EXPECT_OK(LoadRawSchemaFiles(paths));
  }
}

}  // namespace
}  // namespace quarry::schema_internal
