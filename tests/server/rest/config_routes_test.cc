// /graph/config: Gaffer's GraphConfigurationController shapes, content types
// and error statuses (GraphConfigurationControllerIT: an unknown input class
// or serialised class is a 500 with its message).
#include <algorithm>

#include "gmock/gmock.h"
#include "graph-core/class_catalogue.h"
#include "operations/operation_catalogue.h"
#include "tests/server/rest/rest_test_graph.h"

namespace quarry::testing_rest {
namespace {

using ::testing::Contains;
using ::testing::UnorderedElementsAreArray;
using ConfigRoutesTest = RestTestGraph;

std::vector<std::string> Strings(const Json& array) {
  std::vector<std::string> out;
  for (const Json& item : array) out.push_back(item.get<std::string>());
  return out;
}

TEST_F(ConfigRoutesTest, SchemaIsTheGraphsSchema) {
  RestResponse response = Call("GET", "/graph/config/schema");
  ASSERT_EQ(response.status, 200);
  EXPECT_EQ(response.content_type, "application/json");
  Json schema = BodyJson(response);
  // doc_simple.json: entities entity, entity1; edges edge, edge1.
  EXPECT_EQ(schema["entities"]["entity"]["vertex"], "int");
  EXPECT_EQ(schema["edges"]["edge"]["directed"], "true");
  EXPECT_TRUE(schema["edges"].contains("edge1"));
  EXPECT_EQ(schema["types"]["int"]["class"], "java.lang.Integer");
}

TEST_F(ConfigRoutesTest, TextEndpointsAreTextPlain) {
  RestResponse id = Call("GET", "/graph/config/graphId");
  EXPECT_EQ(id.status, 200);
  EXPECT_EQ(id.content_type, "text/plain");
  EXPECT_EQ(id.body, kGraphId);
  RestResponse description = Call("GET", "/graph/config/description");
  EXPECT_EQ(description.content_type, "text/plain");
  EXPECT_EQ(description.body, kDescription);
  RestResponse store_type = Call("GET", "/graph/config/storeType");
  EXPECT_EQ(store_type.content_type, "text/plain");
  EXPECT_FALSE(store_type.body.empty());
}

TEST_F(ConfigRoutesTest, GraphCreatedTimeIsAnIsoLocalDateTime) {
  RestResponse response = Call("GET", "/graph/config/graphCreatedTime");
  ASSERT_EQ(response.status, 200);
  EXPECT_EQ(response.content_type, "text/plain");
  // LocalDateTime.toString(): 2024-05-01T10:11:12.345
  EXPECT_THAT(
      response.body,
      ::testing::MatchesRegex("[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}"));
}

TEST_F(ConfigRoutesTest, ListsAreTheCataloguesLists) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> lists = {
      {"filterFunctions", FilterFunctionClassNames()},
      {"transformFunctions", TransformFunctionClassNames()},
      {"aggregationFunctions", AggregationFunctionClassNames()},
      {"elementGenerators", ElementGeneratorClassNames()},
      {"objectGenerators", ObjectGeneratorClassNames()},
      {"storeTraits", StoreTraitNames()}};
  for (const auto& [name, expected] : lists) {
    RestResponse response = Call("GET", "/graph/config/" + name);
    ASSERT_EQ(response.status, 200) << name;
    EXPECT_EQ(response.content_type, "application/json");
    Json body = BodyJson(response);
    ASSERT_TRUE(body.is_array()) << name;
    EXPECT_THAT(Strings(body), UnorderedElementsAreArray(expected)) << name;
  }
}

TEST_F(ConfigRoutesTest, FilterFunctionsForAnUnknownInputClassIsGaffers500) {
  for (const char* name : {"a.random.thing", "a.random.class"}) {
    RestResponse response = Call("GET", std::string("/graph/config/filterFunctions/") + name);
    ExpectGafferError(response, 500, std::string("Could not find input class: ") + name);
  }
}

TEST_F(ConfigRoutesTest, FilterFunctionsForAValueClassAreListedOnes) {
  RestResponse response = Call("GET", "/graph/config/filterFunctions/java.lang.Long");
  ASSERT_EQ(response.status, 200) << response.body;
  const std::vector<std::string> all = FilterFunctionClassNames();
  for (const std::string& name : Strings(BodyJson(response))) {
    EXPECT_NE(std::find(all.begin(), all.end(), name), all.end()) << name;
  }
}

TEST_F(ConfigRoutesTest, FilterFunctionsForAPredicateClassAnswer) {
  // gafferpy's example tour asks for /filterFunctions/<IsMoreThan>; Gaffer
  // loads any class it has, so every listed predicate is a valid input class.
  for (const std::string& predicate : FilterFunctionClassNames()) {
    RestResponse response = Call("GET", "/graph/config/filterFunctions/" + predicate);
    EXPECT_EQ(response.status, 200) << predicate << ": " << response.body;
  }
}

TEST_F(ConfigRoutesTest, SerialisedFieldsOfAnUnknownClassIsGaffers500) {
  RestResponse fields = Call("GET", "/graph/config/serialisedFields/a.random.class");
  ExpectGafferError(fields, 500, "Class name was not recognised: a.random.class");
  RestResponse classes = Call("GET", "/graph/config/serialisedFields/a.random.class/classes");
  ExpectGafferError(classes, 500, "Class name was not recognised: a.random.class");
}

TEST_F(ConfigRoutesTest, SerialisedFieldsOfAnOperationAreItsFields) {
  const std::string get_all = "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements";
  RestResponse names = Call("GET", "/graph/config/serialisedFields/" + get_all);
  ASSERT_EQ(names.status, 200);
  EXPECT_THAT(Strings(BodyJson(names)), Contains("view"));
  RestResponse classes = Call("GET", "/graph/config/serialisedFields/" + get_all + "/classes");
  ASSERT_EQ(classes.status, 200);
  EXPECT_EQ(BodyJson(classes)["view"], "uk.gov.gchq.gaffer.data.elementdefinition.view.View");
}

TEST_F(ConfigRoutesTest, SerialisedFieldsOfAFunctionComeFromTheClassCatalogue) {
  // Any listed predicate: its fields and their classes, as the catalogue has them.
  const std::vector<std::string> predicates = FilterFunctionClassNames();
  ASSERT_FALSE(predicates.empty());
  for (const std::string& predicate : predicates) {
    Result<std::vector<SerialisedField>> expected = SerialisedFieldsOf(predicate);
    if (!expected.ok()) continue;
    RestResponse classes = Call("GET", "/graph/config/serialisedFields/" + predicate + "/classes");
    ASSERT_EQ(classes.status, 200) << predicate;
    Json body = BodyJson(classes);
    EXPECT_EQ(body.size(), expected->size()) << predicate;
    for (const SerialisedField& field : *expected) {
      EXPECT_EQ(body[field.name], field.class_name) << predicate;
    }
  }
}

}  // namespace
}  // namespace quarry::testing_rest
