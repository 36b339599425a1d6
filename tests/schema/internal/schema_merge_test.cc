#include "schema/internal/schema_merge.h"

#include <random>

#include "schema/internal/schema_checks.h"
#include "schema/internal/schema_json.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::schema_internal {
namespace {

using ::quarry::testing::StatusIsWithMessage;

std::vector<std::string> PropertyNames(const RawElementDef& def) {
  std::vector<std::string> out;
  for (const RawTypeRef& p : def.properties) out.push_back(p.name);
  return out;
}

Result<RawSchema> Merge(const std::string& a, const std::string& b) {
  QUARRY_ASSIGN_OR_RETURN(RawSchema first, ParseRawSchema(a, "a.json"));
  QUARRY_ASSIGN_OR_RETURN(RawSchema second, ParseRawSchema(b, "b.json"));
  QUARRY_RETURN_IF_ERROR(MergeRawSchema(std::move(second), &first));
  return first;
}

TEST(SchemaMergeTest, GroupsFromOnlyOneSideAreCopied) {
  ASSERT_OK_AND_ASSIGN(RawSchema s, Merge(R"({"edges": {"A": {"source": "v"}}})",
                                          R"({"edges": {"B": {"source": "w"}},
                                              "entities": {"C": {"vertex": "v"}}})"));
  EXPECT_EQ(s.edges.size(), 2u);
  EXPECT_EQ(s.entities.size(), 1u);
  EXPECT_EQ(s.edges.at("B").origin.file, "b.json");
}

TEST(SchemaMergeTest, SharedGroupMergesFieldByField) {
  ASSERT_OK_AND_ASSIGN(RawSchema s, Merge(R"({"edges": {"E": {"source": "v1", "destination": "v",
                                 "description": "first", "properties": {"p": "t"},
                                 "groupBy": ["p"],
                                 "validateFunctions": [{"selection": ["p"], "predicate": {"class": "Exists"}}],
                                 "aggregateFunctions": [{"selection": ["p"], "binaryOperator": {"class": "Max"}}]}}})",
                                          R"({"edges": {"E": {"source": "v2", "aggregate": false,
                                 "description": "second",
                                 "validateFunctions": [{"selection": ["p"], "predicate": {"class": "IsTrue"}}],
                                 "aggregateFunctions": [{"selection": ["p"], "binaryOperator": {"class": "Min"}}]}}})"));
  const RawElementDef& e = s.edges.at("E");
  EXPECT_EQ(e.FindIdentifier("SOURCE")->type, "v2");  // Later file wins.
  EXPECT_EQ(e.FindIdentifier("DESTINATION")->type, "v");
  EXPECT_EQ(e.description, "second");
  EXPECT_FALSE(e.aggregate);                             // true AND false.
  EXPECT_EQ(e.group_by, std::vector<std::string>{"p"});  // Empty later groupBy keeps it.
  ASSERT_EQ(e.validate_functions.size(), 2u);
  EXPECT_EQ(e.validate_functions[1].json["predicate"]["class"], "IsTrue");
  EXPECT_EQ(e.validate_functions[1].origin.Where(), "b.json: edges.E.validateFunctions[0]");
  ASSERT_EQ(e.aggregate_functions.size(), 2u);
  EXPECT_EQ(e.aggregate_functions[0].json["binaryOperator"]["class"], "Max");
  EXPECT_EQ(e.aggregate_functions[1].json["binaryOperator"]["class"], "Min");
}

TEST(SchemaMergeTest, PropertySubsetIsCompatibleAndUnited) {
  ASSERT_OK_AND_ASSIGN(RawSchema s,
                       Merge(R"({"entities": {"E": {"properties": {"a": "t", "b": "t"}}}})",
                             R"({"entities": {"E": {"properties": {"b": "t"}}}})"));
  EXPECT_EQ(PropertyNames(s.entities.at("E")), (std::vector<std::string>{"a", "b"}));
}

TEST(SchemaMergeTest, VisibilityPropertyIsLeftOutOfTheCompatibilityCheck) {
  ASSERT_OK_AND_ASSIGN(
      RawSchema s,
      Merge(R"({"visibilityProperty": "vis", "entities": {"E": {"properties": {"a": "t"}}}})",
            R"({"entities": {"E": {"properties": {"vis": "s", "a": "t"}}}})"));
  EXPECT_EQ(PropertyNames(s.entities.at("E")), (std::vector<std::string>{"a", "vis"}));
}

TEST(SchemaMergeTest, IncompatibleSharedGroupIsAnError) {
  EXPECT_THAT(Merge(R"({"entities": {"E": {"properties": {"a": "t"}}}})",
                    R"({"entities": {"E": {"properties": {"b": "t"}}}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "b.json: entities.E: group 'E' has other properties or groupBy "
                                  "than in a.json"));
  EXPECT_THAT(Merge(R"({"entities": {"E": {"properties": {"a": "t"}, "groupBy": ["a"]}}})",
                    R"({"entities": {"E": {"properties": {"a": "t"}}}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "b.json: entities.E"));
  // Same name, other type: not a subset either.
  EXPECT_THAT(Merge(R"({"entities": {"E": {"properties": {"a": "t"}}}})",
                    R"({"entities": {"E": {"properties": {"a": "u"}}}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "b.json: entities.E"));
}

TEST(SchemaMergeTest, ElementMergeRejectsAPropertyWithAnotherType) {
  RawElementDef into, from;
  into.properties.push_back({"p", "t", {"a.json", "edges.E.properties.p"}});
  from.properties.push_back({"p", "u", {"b.json", "edges.E.properties.p"}});
  EXPECT_THAT(MergeElementDef(from, &into),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "b.json: edges.E.properties.p: property 'p' has type 'u' here "
                                  "but 't' in a.json: edges.E.properties.p"));
}

TEST(SchemaMergeTest, TopLevelFirstWinsAndConflictsAreErrors) {
  ASSERT_OK_AND_ASSIGN(
      RawSchema s,
      Merge(R"({"visibilityProperty": "vis", "vertexSerialiser": {"class":
                                  "uk.gov.gchq.gaffer.serialisation.implementation.StringSerialiser"},
                                 "config": {"k": "1", "x": "keep"}})",
            R"({"visibilityProperty": "vis", "vertexSerialiser": {"class": "StringSerialiser"},
                                 "config": {"k": "2"}})"));
  EXPECT_EQ(s.visibility_property, "vis");
  EXPECT_EQ(s.vertex_serialiser->origin.file, "a.json");
  EXPECT_EQ(s.config.at("k"), "2");  // Later config keys overwrite.
  EXPECT_EQ(s.config.at("x"), "keep");
  EXPECT_THAT(Merge(R"({"visibilityProperty": "vis"})", R"({"visibilityProperty": "other"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "b.json: visibilityProperty: visibilityProperty 'other' "
                                  "conflicts with 'vis'"));
  EXPECT_THAT(Merge(R"({"vertexSerialiser": {"class": "StringSerialiser"}})",
                    R"({"vertexSerialiser": {"class": "OrderedLongSerialiser"}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "b.json: vertexSerialiser"));
}

TEST(SchemaMergeTest, TypesMergeByGaffersRules) {
  ASSERT_OK_AND_ASSIGN(RawSchema s,
                       Merge(R"({"types": {"t": {"class": "java.lang.Long", "description": "one",
                 "validateFunctions": [{"class": "Exists"}, {"class": "IsMoreThan", "value": {"Long": 0}}]}}})",
                             R"({"types": {"t": {"class": "Long", "description": "two",
                 "aggregateFunction": {"class": "Sum"},
                 "serialiser": {"class": "OrderedLongSerialiser"},
                 "validateFunctions": [{"class": "IsMoreThan", "value": {"Long": 0}}, {"class": "IsLessThan", "value": {"Long": 9}}]}}})"));
  const RawTypeDef& t = s.types.at("t");
  EXPECT_EQ(t.class_name, "java.lang.Long");
  EXPECT_EQ(t.description, "one | two");
  ASSERT_EQ(t.validate_functions.size(), 3u);  // Duplicate IsMoreThan dropped, order kept.
  EXPECT_EQ(t.validate_functions[0].json["class"], "Exists");
  EXPECT_EQ(t.validate_functions[1].json["class"], "IsMoreThan");
  EXPECT_EQ(t.validate_functions[2].json["class"], "IsLessThan");
  EXPECT_TRUE(t.aggregate_function.has_value());
  EXPECT_TRUE(t.serialiser.has_value());
}

TEST(SchemaMergeTest, TypeConflictsAreErrors) {
  EXPECT_THAT(Merge(R"({"types": {"t": {"class": "java.lang.Long"}}})",
                    R"({"types": {"t": {"class": "java.lang.Integer"}}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "b.json: types.t.class: class 'java.lang.Integer' conflicts with "
                                  "'java.lang.Long' in a.json"));
  EXPECT_THAT(
      Merge(R"({"types": {"t": {"class": "Long", "aggregateFunction": {"class": "Sum"}}}})",
            R"({"types": {"t": {"aggregateFunction": {"class": "Max"}}}})"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "b.json: types.t.aggregateFunction"));
  EXPECT_THAT(Merge(R"({"types": {"t": {"serialiser": {"class": "OrderedLongSerialiser"}}}})",
                    R"({"types": {"t": {"serialiser": {"class": "CompactRawLongSerialiser"}}}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "b.json: types.t.serialiser"));
  // Full and simple names of the same operator are equal.
  EXPECT_OK(Merge(
      R"({"types": {"t": {"aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Sum"}}}})",
      R"({"types": {"t": {"aggregateFunction": {"class": "Sum"}}}})"));
}

// Identifiers and types for the groups of Gaffer's schemaWithParents.json,
// which holds neither: the base groups get identifiers; the children must
// inherit them.
constexpr char kParentsSupplement[] = R"({
  "edges": {"BasicEdge": {"source": "vertex", "destination": "vertex", "directed": "true"},
            "BasicEdge2": {"source": "vertex", "destination": "vertex", "directed": "true"}},
  "entities": {"BasicEntity": {"vertex": "vertex"}, "BasicEntity2": {"vertex": "vertex"}},
  "types": {
    "vertex": {"class": "java.lang.String"},
    "true": {"class": "java.lang.Boolean"},
    "prop.string": {"class": "String", "aggregateFunction": {"class": "StringConcat"}},
    "prop.string2": {"class": "String", "aggregateFunction": {"class": "StringConcat"}},
    "prop.string3": {"class": "String", "aggregateFunction": {"class": "StringConcat"}},
    "prop.string4": {"class": "String", "aggregateFunction": {"class": "StringConcat"}},
    "prop.string5": {"class": "String", "aggregateFunction": {"class": "StringConcat"}}}})";

TEST(SchemaParentsTest, GaffersSchemaWithParentsExpands) {
  std::string path =
      testing::SharedDir() + "/gaffer-examples/schema-with-parents/schemaWithParents.json";
  ASSERT_OK_AND_ASSIGN(std::string text, ReadSchemaFile(path));
  ASSERT_OK_AND_ASSIGN(RawSchema s,
                       LoadRawSchema({text, kParentsSupplement}, {"parents.json", "extra.json"}));
  const std::vector<std::string> all = {"property1", "property2", "property3", "property4",
                                        "property5"};
  for (const RawGroups* groups : {&s.edges, &s.entities}) {
    const RawElementDef& five = groups->begin()->second.kind == ElementKind::kEdge
                                    ? groups->at("BasicEdge5")
                                    : groups->at("BasicEntity5");
    EXPECT_EQ(PropertyNames(five), all);
    EXPECT_EQ(five.group_by, std::vector<std::string>{"property4"});
    EXPECT_TRUE(five.parents.empty());
    EXPECT_NE(five.description->find("should have properties: 1, 2, 3, 4 and 5"),
              std::string::npos);
  }
  const RawElementDef& e3 = s.edges.at("BasicEdge3");
  EXPECT_EQ(PropertyNames(e3), (std::vector<std::string>{"property1", "property2", "property3"}));
  EXPECT_EQ(e3.group_by, std::vector<std::string>{"property1"});      // Inherited.
  EXPECT_EQ(e3.description, "A parent edge with a single property");  // Inherited too.
  ASSERT_NE(s.edges.at("BasicEdge5").FindIdentifier("SOURCE"), nullptr);
  EXPECT_EQ(s.edges.at("BasicEdge5").FindIdentifier("SOURCE")->type, "vertex");
  EXPECT_EQ(s.entities.at("BasicEntity4").FindIdentifier("VERTEX")->type, "vertex");
}

TEST(SchemaParentsTest, CycleIsInvalidArgument) {
  ASSERT_OK_AND_ASSIGN(RawSchema s, ParseRawSchema(R"({"edges": {
      "A": {"parents": ["B"]}, "B": {"parents": ["C"]}, "C": {"parents": ["A"]}}})",
                                                   "c.json"));
  EXPECT_THAT(
      ExpandParents(&s),
      StatusIsWithMessage(StatusCode::kInvalidArgument,
                          "c.json: edges.C.parents[0]: cycle in parents: A -> B -> C -> A"));
}

TEST(SchemaParentsTest, ParentOfTheOtherKindIsAnError) {
  ASSERT_OK_AND_ASSIGN(RawSchema s, ParseRawSchema(R"({"edges": {"A": {"parents": ["P"]}},
      "entities": {"P": {"vertex": "v"}}})",
                                                   "k.json"));
  EXPECT_THAT(ExpandParents(&s),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "k.json: edges.A.parents[0]: parent 'P' is not an edge group"));
}

TEST(SchemaParentsTest, UnknownParentIsAnError) {
  ASSERT_OK_AND_ASSIGN(RawSchema s,
                       ParseRawSchema(R"({"entities": {"A": {"parents": ["Nope"]}}})", "u.json"));
  EXPECT_THAT(ExpandParents(&s),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "u.json: entities.A.parents[0]: unknown parent group 'Nope'"));
}

TEST(SchemaParentsTest, ParentPropertyTypeConflictIsAnError) {
  ASSERT_OK_AND_ASSIGN(RawSchema s, ParseRawSchema(R"({"entities": {
      "P": {"properties": {"p": "t"}}, "C": {"parents": ["P"], "properties": {"p": "u"}}}})",
                                                   "p.json"));
  EXPECT_THAT(ExpandParents(&s),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.json: entities.C.properties.p"));
}

TEST(SchemaParentsTest, ChildAggregateFalseAndParentAggregateAnd) {
  ASSERT_OK_AND_ASSIGN(RawSchema s, ParseRawSchema(R"({"entities": {
      "P": {"vertex": "v", "aggregate": false}, "C": {"parents": ["P"]}}})",
                                                   "p.json"));
  ASSERT_OK(ExpandParents(&s));
  EXPECT_FALSE(s.entities.at("C").aggregate);
  EXPECT_EQ(s.entities.at("C").FindIdentifier("VERTEX")->type, "v");
}

}  // namespace
}  // namespace quarry::schema_internal

namespace quarry::schema_internal {
namespace {

// Model-based: road-traffic cut into random parts (each group and type in a
// random part, some descriptions moved to another part, some types repeated
// identically in another part) merges to the same schema as the two files.
TEST(SchemaMergeTest, RandomSplitsOfRoadTrafficMergeToTheSameSchema) {
  std::string dir = testing::SharedDir() + "/gaffer-examples/road-traffic/";
  ASSERT_OK_AND_ASSIGN(std::string elements, ReadSchemaFile(dir + "elements.json"));
  ASSERT_OK_AND_ASSIGN(std::string types, ReadSchemaFile(dir + "types.json"));
  ASSERT_OK_AND_ASSIGN(RawSchema whole, LoadRawSchema({elements, types}, {"e", "t"}));
  const Json expected = RawSchemaToJson(whole);
  Json source = Json::parse(elements);
  source["types"] = Json::parse(types)["types"];
  for (uint32_t seed = 1; seed <= 25; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 rng(seed);
    auto pick = [&](int n) { return static_cast<int>(rng() % n); };
    std::vector<Json> parts(3, Json::object());
    for (const char* kind : {"edges", "entities"}) {
      for (auto it = source[kind].begin(); it != source[kind].end(); ++it) {
        Json def = it.value();
        if (def.contains("description") && pick(2) == 0) {
          parts[pick(3)][kind][it.key()]["description"] = def["description"];
        }
        parts[pick(3)][kind][it.key()].update(def);
      }
    }
    for (auto it = source["types"].begin(); it != source["types"].end(); ++it) {
      parts[pick(3)]["types"][it.key()] = it.value();
      if (pick(2) == 0) parts[pick(3)]["types"][it.key()] = it.value();
    }
    std::vector<std::string> texts, names;
    for (int i = 0; i < 3; ++i) {
      texts.push_back(parts[i].dump());
      names.push_back("part" + std::to_string(i));
    }
    ASSERT_OK_AND_ASSIGN(RawSchema merged, LoadRawSchema(texts, names));
    EXPECT_EQ(RawSchemaToJson(merged), expected);
  }
}

}  // namespace
}  // namespace quarry::schema_internal
