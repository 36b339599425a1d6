#include "schema/internal/schema_json.h"

#include "tests/testutil/status_matchers.h"

namespace quarry::schema_internal {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

TEST(SchemaJsonTest, MissingFileIsNotFoundNamingThePath) {
  EXPECT_THAT(ReadSchemaFile("/no/such/dir/types.json"),
              StatusIsWithMessage(StatusCode::kNotFound, "/no/such/dir/types.json"));
}

TEST(SchemaJsonTest, DirectoryIsInvalidArgument) {
  EXPECT_THAT(ReadSchemaFile("/tmp"), StatusIsWithMessage(StatusCode::kInvalidArgument, "/tmp"));
}

TEST(SchemaJsonTest, ReadsAnExampleFile) {
  ASSERT_OK_AND_ASSIGN(std::string text,
                       ReadSchemaFile(testing::SharedDir() + "/gaffer-examples/basic/types.json"));
  EXPECT_NE(text.find("java.lang.Integer"), std::string::npos);
}

TEST(SchemaJsonTest, InvalidJsonNamesTheFile) {
  EXPECT_THAT(ParseRawSchema("{\"types\": ", "types.json"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "types.json: not valid JSON"));
  EXPECT_THAT(ParseRawSchema("[1]", "a.json"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "a.json: expected a JSON object"));
}

TEST(SchemaJsonTest, PropertiesKeepTheFileOrder) {
  ASSERT_OK_AND_ASSIGN(RawSchema s, ParseRawSchema(R"({"edges": {"E": {"source": "v",
      "destination": "v", "properties": {"zeta": "t", "alpha": "t", "mid": "t"}}}})",
                                                   "e.json"));
  const RawElementDef& e = s.edges.at("E");
  ASSERT_EQ(e.properties.size(), 3u);
  EXPECT_EQ(e.properties[0].name, "zeta");
  EXPECT_EQ(e.properties[1].name, "alpha");
  EXPECT_EQ(e.properties[2].name, "mid");
  EXPECT_EQ(e.properties[1].origin.Where(), "e.json: edges.E.properties.alpha");
  ASSERT_EQ(e.identifiers.size(), 2u);
  EXPECT_EQ(e.identifiers[0].name, "SOURCE");
  EXPECT_EQ(e.identifiers[1].name, "DESTINATION");
}

TEST(SchemaJsonTest, LegacyV1KeysMapToV2Forms) {
  ASSERT_OK_AND_ASSIGN(RawSchema s, ParseRawSchema(R"({
      "timestampProperty": "ts",
      "vertexSerialiserClass": "uk.gov.gchq.gaffer.serialisation.implementation.StringSerialiser",
      "types": {"t": {"class": "java.lang.Long",
                      "serialiserClass": "uk.gov.gchq.gaffer.serialisation.implementation.raw.CompactRawLongSerialiser"}}
    })",
                                                   "v1.json"));
  EXPECT_EQ(s.timestamp_property(), "ts");
  ASSERT_TRUE(s.vertex_serialiser.has_value());
  EXPECT_EQ(s.vertex_serialiser->json["class"],
            "uk.gov.gchq.gaffer.serialisation.implementation.StringSerialiser");
  ASSERT_TRUE(s.types.at("t").serialiser.has_value());
  EXPECT_EQ(s.types.at("t").serialiser->json["class"],
            "uk.gov.gchq.gaffer.serialisation.implementation.raw.CompactRawLongSerialiser");
  Json out = RawSchemaToJson(s);
  EXPECT_EQ(out["config"]["timestampProperty"], "ts");
  EXPECT_FALSE(out.contains("timestampProperty"));
  EXPECT_FALSE(out.contains("vertexSerialiserClass"));
  EXPECT_TRUE(out["types"]["t"].contains("serialiser"));
}

TEST(SchemaJsonTest, LegacyTimestampConflictingWithConfigIsAnError) {
  EXPECT_THAT(ParseRawSchema(R"({"timestampProperty": "a", "config": {"timestampProperty": "b"}})",
                             "s.json"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "s.json: timestampProperty"));
}

TEST(SchemaJsonTest, WrongJsonTypesNameThePath) {
  EXPECT_THAT(ParseRawSchema(R"({"edges": {"E": {"groupBy": "count"}}})", "e.json"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "e.json: edges.E.groupBy"));
  EXPECT_THAT(ParseRawSchema(R"({"types": {"t": {"class": 5}}})", "t.json"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "t.json: types.t.class"));
  EXPECT_THAT(ParseRawSchema(R"({"entities": {"E": {"aggregate": "no"}}})", "e.json"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "e.json: entities.E.aggregate"));
  EXPECT_THAT(
      ParseRawSchema(R"({"edges": {"E": {"validateFunctions": [{"predicate": {}}]}}})", "e.json"),
      StatusIsWithMessage(StatusCode::kInvalidArgument,
                          "e.json: edges.E.validateFunctions[0].selection"));
  EXPECT_THAT(
      ParseRawSchema(R"({"config": {"timestampProperty": 3}})", "c.json"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "c.json: config.timestampProperty"));
}

// Jackson coerces "true"/"false" strings (any case) and 1/0 into a boolean
// field; gaffer-doc's example deployment schema writes "aggregate": "false".
TEST(SchemaJsonTest, AggregateAcceptsJacksonBooleanForms) {
  for (const auto& [text, want] : std::vector<std::pair<const char*, bool>>{
           {R"("false")", false}, {R"("TRUE")", true}, {"0", false}, {"true", true}}) {
    ASSERT_OK_AND_ASSIGN(
        RawSchema s,
        ParseRawSchema(std::string(R"({"entities": {"E": {"aggregate": )") + text + "}}}",
                       "e.json"));
    EXPECT_EQ(s.entities.at("E").aggregate, want) << text;
  }
  EXPECT_THAT(ParseRawSchema(R"({"entities": {"E": {"aggregate": 2}}})", "e.json"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "e.json: entities.E.aggregate"));
}

TEST(SchemaJsonTest, UnknownKeysAndNullsAreIgnored) {
  ASSERT_OK_AND_ASSIGN(RawSchema s, ParseRawSchema(R"({"id": "old", "edges": {"E": {
      "source": "v", "destination": "v", "description": null, "colour": "red"}}})",
                                                   "e.json"));
  EXPECT_FALSE(s.edges.at("E").description.has_value());
}

TEST(SchemaJsonTest, GroupByDuplicatesCollapseAsInGaffersLinkedHashSet) {
  ASSERT_OK_AND_ASSIGN(RawSchema s, ParseRawSchema(R"({"edges": {"E": {
      "groupBy": ["a", "b", "a"]}}})",
                                                   "e.json"));
  EXPECT_EQ(s.edges.at("E").group_by, (std::vector<std::string>{"a", "b"}));
}

TEST(SchemaJsonTest, RoundTripKeepsPropertyOrderAndFunctions) {
  const char* text = R"({"edges": {"E": {"source": "v", "destination": "v", "directed": "true",
      "properties": {"z": "t", "a": "t"}, "groupBy": ["z"], "aggregate": false,
      "validateFunctions": [{"selection": ["z"], "predicate": {"class": "Exists"}}]}},
      "types": {"t": {"class": "Long", "description": "d"}}, "visibilityProperty": "a"})";
  ASSERT_OK_AND_ASSIGN(RawSchema s, ParseRawSchema(text, "e.json"));
  Json out = RawSchemaToJson(s);
  EXPECT_EQ(out["edges"]["E"]["properties"].dump(), R"({"z":"t","a":"t"})");
  EXPECT_EQ(out["edges"]["E"]["aggregate"], false);
  EXPECT_EQ(out["edges"]["E"]["directed"], "true");
  EXPECT_EQ(out["edges"]["E"]["validateFunctions"][0]["predicate"]["class"], "Exists");
  EXPECT_EQ(out["visibilityProperty"], "a");
  ASSERT_OK_AND_ASSIGN(RawSchema again, ParseRawSchema(out.dump(), "again.json"));
  EXPECT_EQ(RawSchemaToJson(again), out);
}

}  // namespace
}  // namespace quarry::schema_internal
