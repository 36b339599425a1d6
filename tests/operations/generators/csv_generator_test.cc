// Gaffer's CsvGenerator: the ENTITY_GROUP/EDGE_GROUP columns
// (CsvGenerator.getFieldValue) and includeSchemaProperties
// (ToCsvHandler.getPropertiesFromSchema: entity properties, then edge
// properties and DIRECTED, each headed by its own name).
#include "operations/generators/csv_generator.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

TEST(CsvGeneratorTest, EntityAndEdgeGroupColumnsNameOneKindOnly) {
  ASSERT_OK_AND_ASSIGN(
      CsvGeneratorSpec csv,
      ParseCsvGeneratorSpec(Json::parse(R"({"fields":{"ENTITY_GROUP":"e","EDGE_GROUP":"g"}})"),
                            "csvGenerator"));
  Element entity = Element::Entity("Person", Value::String("a"));
  Element edge = Element::Edge("Knows", Value::String("a"), Value::String("b"), true);
  EXPECT_EQ(CsvLine(entity, csv), "Person,");
  EXPECT_EQ(CsvLine(edge, csv), ",Knows");
}

TEST(CsvGeneratorTest, SchemaPropertiesAreAddedAfterTheFields) {
  constexpr char kSchema[] = R"json({
    "entities": {"Person": {"vertex": "s", "properties": {"count": "long", "name": "s"}}},
    "edges": {"Knows": {"source": "s", "destination": "s", "directed": "true",
                        "properties": {"weight": "long", "count": "long"}}},
    "types": {
      "s": {"class": "java.lang.String",
            "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.First"}},
      "long": {"class": "java.lang.Long",
               "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Sum"}},
      "true": {"class": "java.lang.Boolean"}
    }
  })json";
  ASSERT_OK_AND_ASSIGN(auto schema, Schema::FromJsonStrings({kSchema}, {"schema.json"}));
  ASSERT_OK_AND_ASSIGN(
      CsvGeneratorSpec csv,
      ParseCsvGeneratorSpec(Json::parse(R"({"fields":{"GROUP":"group","count":"Total"},
                          "includeSchemaProperties":true})"),
                            "csvGenerator"));
  AddSchemaPropertyFields(*schema, &csv);
  // count keeps its place and takes its own name as header (a LinkedHashMap put).
  EXPECT_EQ(CsvHeader(csv), "group,count,name,weight,DIRECTED");
  Element edge = Element::Edge("Knows", Value::String("a"), Value::String("b"), true,
                               {{"weight", Value::Int64(2)}});
  EXPECT_EQ(CsvLine(edge, csv), "Knows,,,2,true");
  CsvGeneratorSpec plain;
  plain.fields = {{"GROUP", "group"}};
  AddSchemaPropertyFields(*schema, &plain);
  EXPECT_EQ(CsvHeader(plain), "group");
}

}  // namespace
}  // namespace quarry
