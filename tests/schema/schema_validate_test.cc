// SchemaElementDefinition::Validate (gaffer-compat.md §2.4) on Gaffer's
// road-traffic and basic schemas.
#include "schema/schema.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIsWithMessage;

std::shared_ptr<const Schema> Load(const std::string& dir) {
  std::string base = testing::SharedDir() + "/gaffer-examples/" + dir + "/";
  auto s = Schema::FromFiles({base + "elements.json", base + "types.json"});
  EXPECT_TRUE(s.ok()) << s.status().ToString();
  return s.ok() ? *s : nullptr;
}

Element RoadUse(Properties properties, bool directed = true) {
  return Element::Edge("RoadUse", Value::String("M4:1"), Value::String("M4:2"), directed,
                       std::move(properties));
}

Properties GoodRoadUseProperties() {
  return {{"startDate", Value::Date(1000)},
          {"endDate", Value::Date(2000)},
          {"count", Value::Int64(3)},
          {"countByVehicleType", Value::FreqMap({{"CAR", 3}})}};
}

TEST(SchemaValidateTest, ValidRoadUsePasses) {
  auto s = Load("road-traffic");
  ASSERT_NE(s, nullptr);
  EXPECT_OK(s->Group("RoadUse")->Validate(RoadUse(GoodRoadUseProperties()), true));
  EXPECT_OK(s->Group("RoadUse")->Validate(RoadUse(GoodRoadUseProperties()), false));
}

TEST(SchemaValidateTest, TypeValidatorsRunOnProperties) {
  auto s = Load("road-traffic");
  ASSERT_NE(s, nullptr);
  Properties p = GoodRoadUseProperties();
  p.Set("count", Value::Int64(-1));  // count.long: IsMoreThan(Long 0, orEqualTo).
  EXPECT_THAT(
      s->Group("RoadUse")->Validate(RoadUse(p), false),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "group 'RoadUse': property 'count'"));
  p = GoodRoadUseProperties();
  p.Erase("startDate");  // date.earliest: Exists sees the missing value.
  EXPECT_THAT(s->Group("RoadUse")->Validate(RoadUse(p), false),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "property 'startDate'"));
}

TEST(SchemaValidateTest, DirectedFlagIsValidatedByItsType) {
  auto s = Load("road-traffic");
  ASSERT_NE(s, nullptr);
  // RoadUse's directed type "true" has IsTrue.
  EXPECT_THAT(s->Group("RoadUse")->Validate(RoadUse(GoodRoadUseProperties(), false), false),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "DIRECTED"));
}

TEST(SchemaValidateTest, IsAOnlyWithIncludeIsA) {
  auto s = Load("basic");
  ASSERT_NE(s, nullptr);
  // The vertex type is java.lang.String with no validators; the JSON
  // integer 1 is an Integer.
  Element e = Element::Entity("BasicEntity", Value::Int32(1), {{"count", Value::Int32(1)}});
  EXPECT_THAT(s->Group("BasicEntity")->Validate(e, true),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "VERTEX"));
  EXPECT_OK(s->Group("BasicEntity")->Validate(e, false));
  // IsA passes a missing (null) property.
  EXPECT_OK(
      s->Group("BasicEntity")->Validate(Element::Entity("BasicEntity", Value::String("v")), true));
  Element wrong_count =
      Element::Entity("BasicEntity", Value::String("v"), {{"count", Value::Int64(1)}});
  EXPECT_THAT(s->Group("BasicEntity")->Validate(wrong_count, true),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "property 'count'"));
}

TEST(SchemaValidateTest, ElementLevelValidateFunctionsRunFirst) {
  std::string base = testing::SharedDir() + "/gaffer-examples/gaffer-doc-schema-split-example/";
  auto s =
      Schema::FromFiles({base + "elements.json", base + "types.json", base + "validation.json"});
  ASSERT_OK(s);
  Properties p = {
      {"startDate", Value::Date(5000)}, {"endDate", Value::Date(1000)}, {"count", Value::Int64(1)}};
  // IsXLessThanY(startDate, endDate) fails.
  EXPECT_THAT(
      (*s)->Group("RoadUse")->Validate(RoadUse(p), true),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "group 'RoadUse': validateFunctions[0]"));
  p.Set("endDate", Value::Date(9000));
  EXPECT_OK((*s)->Group("RoadUse")->Validate(RoadUse(p), true));
}

TEST(SchemaValidateTest, KindMismatchIsInvalid) {
  auto s = Load("basic");
  ASSERT_NE(s, nullptr);
  EXPECT_THAT(
      s->Group("BasicEdge")->Validate(Element::Entity("BasicEdge", Value::String("v")), false),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "group 'BasicEdge' is an edge"));
}

}  // namespace
}  // namespace quarry
