// Gaffer's OpenCypher CSV generators. Inputs and expected elements are those
// of Gaffer's OpenCypherCsvElementGeneratorTest and its resources
// (core/data/src/test/resources/openCypherCSVs), read with the settings that
// test uses (trim on, ',' and "" null string) unless a test says otherwise;
// the output side follows Neo4jCsvGenerator/NeptuneCsvGenerator's fields.
#include "operations/generators/opencypher_csv.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "graph-core/json_element.h"
#include "operations/generators/csv_generator.h"
#include "operations/generators/generator.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIsWithMessage;

constexpr char kNeo4j[] = "uk.gov.gchq.gaffer.data.generator.Neo4jCsvElementGenerator";
constexpr char kNeptune[] = "uk.gov.gchq.gaffer.data.generator.NeptuneCsvElementGenerator";

Result<Json> GenerateOpenCypher(Json spec, const std::vector<std::string>& lines) {
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<ElementGenerator> gen,
                          MakeElementGenerator(spec, "elementGenerator"));
  std::vector<Element> elements;
  for (const std::string& line : lines) {
    QUARRY_RETURN_IF_ERROR(gen->Generate(Item(Json(line)), &elements));
  }
  Json out = Json::array();
  for (const Element& e : elements) out.push_back(ElementToJson(e));
  return out;
}

Json Trimmed(std::string_view generator_class) {
  return Json{{"class", generator_class}, {"trim", true}};
}

TEST(OpenCypherCsvElementGeneratorTest, EntitiesFromIdAndLabel) {
  ASSERT_OK_AND_ASSIGN(
      Json out, GenerateOpenCypher(Trimmed(kNeptune), {":ID,:LABEL", "v1,person", "v2,software"}));
  EXPECT_EQ(out, Json::parse(R"([
      {"class":"uk.gov.gchq.gaffer.data.element.Entity","group":"person","vertex":"v1",
       "properties":{}},
      {"class":"uk.gov.gchq.gaffer.data.element.Entity","group":"software","vertex":"v2",
       "properties":{}}])"));
}

// An edge row's id becomes the String property edge-id; empty cells are
// null, so an entity row makes no edge and an edge row no entity.
TEST(OpenCypherCsvElementGeneratorTest, EntitiesAndEdgesWithId) {
  ASSERT_OK_AND_ASSIGN(
      Json out,
      GenerateOpenCypher(Trimmed(kNeo4j), {"_id,_labels,_start,_end,_type", "v1,person,,,",
                                           "v2,software,,,", "e1,,v1,v2,created"}));
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0]["group"], "person");
  EXPECT_EQ(out[1]["vertex"], "v2");
  EXPECT_EQ(out[2], Json::parse(R"(
      {"class":"uk.gov.gchq.gaffer.data.element.Edge","group":"created","source":"v1",
       "destination":"v2","directed":true,"properties":{"edge-id":"e1"}})"));
}

TEST(OpenCypherCsvElementGeneratorTest, PipeDelimiterPaddingAndQuotes) {
  Json piped = Trimmed(kNeo4j);
  piped["delimiter"] = "|";
  ASSERT_OK_AND_ASSIGN(Json out, GenerateOpenCypher(piped, {"_id|_labels", "v1|person"}));
  EXPECT_EQ(out[0]["group"], "person");
  ASSERT_OK_AND_ASSIGN(out,
                       GenerateOpenCypher(Trimmed(kNeo4j), {"_id, _labels", " v2 ,   software"}));
  EXPECT_EQ(out[0]["vertex"], "v2");
  EXPECT_EQ(out[0]["group"], "software");
  ASSERT_OK_AND_ASSIGN(
      out, GenerateOpenCypher(Trimmed(kNeo4j), {R"("_id","_labels")", R"("v1","person")"}));
  EXPECT_EQ(out[0]["vertex"], "v1");
}

// Untyped columns stay Strings; a name's '_' becomes '-'.
TEST(OpenCypherCsvElementGeneratorTest, UntypedPropertiesAreStrings) {
  ASSERT_OK_AND_ASSIGN(Json out, GenerateOpenCypher(Trimmed(kNeptune), {":ID,:LABEL,name,age,lang",
                                                                        "v1,person,marko,29,",
                                                                        "v2,software,lop,,java"}));
  EXPECT_EQ(out[0]["properties"], Json::parse(R"({"age":"29","name":"marko"})"));
  EXPECT_EQ(out[1]["properties"], Json::parse(R"({"lang":"java","name":"lop"})"));
}

// EntityWithPropertiesOfMultipleTypes.csv: each `:Type` converts its cell
// (DateTime in UTC, Quarry's default zone), the rest stay Strings.
TEST(OpenCypherCsvElementGeneratorTest, TypedPropertiesAreConverted) {
  ASSERT_OK_AND_ASSIGN(
      Json out,
      GenerateOpenCypher(
          Trimmed(kNeptune),
          {":ID,:LABEL,string_prop:String,int_prop:Int,double_prop:Double,"
           "dateTime_prop:DateTime,long_prop:Long,float_prop:Float,boolean_prop:Boolean,"
           "char_prop:Char,point_prop:Point,short-prop:Short,byte-prop:Byte,array_prop:Array",
           "v1,person,marko,29,0.4,2000-01-02 03:04:05,10,0.3,false,K,"
           "latitude:'13.10' longitude:'56.41',1,1,property"}));
  // (Quarry writes properties sorted by name.)
  EXPECT_EQ(out[0]["properties"], Json::parse(R"({
      "array-prop":"property","boolean-prop":false,"byte-prop":1,"char-prop":"K",
      "dateTime-prop":{"java.lang.Long":946782245000},"double-prop":0.4,
      "float-prop":{"java.lang.Float":0.3},"int-prop":29,"long-prop":{"java.lang.Long":10},
      "point-prop":"latitude:'13.10' longitude:'56.41'","short-prop":1,"string-prop":"marko"})"));
}

// TupleToElements: a DIRECTED column sets the edge's direction and is not a
// property; a name outside [a-zA-Z0-9|-] loses those characters.
TEST(OpenCypherCsvElementGeneratorTest, DirectedColumnAndSanitisedNames) {
  ASSERT_OK_AND_ASSIGN(Json out, GenerateOpenCypher(Json{{"class", "NeptuneCsvElementGenerator"}},
                                                    {":START_ID,:END_ID,:TYPE,DIRECTED:Boolean,"
                                                     "home.town:String",
                                                     "a,b,road,false,x", "c,d,road,,y"}));
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0]["directed"], false);
  EXPECT_EQ(out[0]["properties"], Json::parse(R"({"hometown":"x"})"));
  EXPECT_EQ(out[1]["directed"], true);
}

// firstRow counts the header: 2 skips the first data line as well.
TEST(OpenCypherCsvElementGeneratorTest, FirstRowAndNullString) {
  ASSERT_OK_AND_ASSIGN(
      Json out,
      GenerateOpenCypher(Json{{"class", kNeo4j}, {"firstRow", 2}, {"nullString", "NULL"}},
                         {"_id,_labels,n", "v1,person,a", "v2,person,NULL", "v3,person,"}));
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0]["vertex"], "v2");
  EXPECT_EQ(out[0]["properties"], Json::object());
  // "" is not the null string here, but an empty value is still no property.
  EXPECT_EQ(out[1]["properties"], Json::object());
}

TEST(OpenCypherCsvElementGeneratorTest, BadLinesAreNamed) {
  EXPECT_THAT(GenerateOpenCypher(Json{{"class", kNeo4j}}, {"_id,_labels", "v1,person,extra"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "line 1 has 3 columns, but the header has 2"));
  EXPECT_THAT(GenerateOpenCypher(Json{{"class", kNeo4j}}, {"_id,_labels,age:Int", "v1,p,old"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "column 'age:Int'"));
  EXPECT_THAT(GenerateOpenCypher(Json{{"class", kNeo4j}}, {"_start,_end,_type", "a,b,"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "edge with no group"));
  EXPECT_THAT(GenerateOpenCypher(Json{{"class", kNeo4j}, {"delimiter", "||"}}, {}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "elementGenerator.delimiter"));
  EXPECT_THAT(GenerateOpenCypher(Json{{"class", kNeo4j}}, {"_id,_labels", "v1,\"p"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "line 1: CSV: a quoted field"));
  EXPECT_THAT(GenerateOpenCypher(Json{{"class", kNeo4j}}, {"_id,,_labels"}),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "header column 2 is empty"));
}

TEST(OpenCypherCsvGeneratorTest, RoleColumnsAndTypeNames) {
  ASSERT_OK_AND_ASSIGN(
      CsvGeneratorSpec neptune,
      ParseCsvGeneratorSpec(
          Json{{"class", "uk.gov.gchq.gaffer.data.generator.NeptuneCsvGenerator"}}, "g"));
  EXPECT_EQ(CsvHeader(neptune), ":ID,:LABEL,:TYPE,:START_ID,:END_ID");
  EXPECT_TRUE(neptune.include_schema_properties);
  Element edge = Element::Edge("knows", Value::String("a"), Value::String("b"), true);
  EXPECT_EQ(CsvLine(edge, neptune), ",,knows,a,b");
  EXPECT_EQ(OpenCypherTypeName("java.lang.Integer"), "Int");
  EXPECT_EQ(OpenCypherTypeName("java.lang.Character"), "Char");
  EXPECT_EQ(OpenCypherTypeName("java.lang.Long"), "Long");
  EXPECT_EQ(OpenCypherTypeName("uk.gov.gchq.gaffer.types.FreqMap"), "String");
}

}  // namespace
}  // namespace quarry
