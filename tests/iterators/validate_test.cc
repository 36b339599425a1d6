#include "iterators/validate.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "graph-core/clock.h"
#include "keypackages/key_package.h"
#include "tests/iterators/test_schemas.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing {
namespace {

MATCHER_P(HoldsValue, expected, "") {
  if (!arg.ok()) {
    *result_listener << "status is " << arg.status().ToString();
    return false;
  }
  return *arg == expected;
}

Element RoadUse(int64_t count) {
  return Element::Edge("RoadUse", Value::String("10"), Value::String("11"), true,
                       Properties{{"startDate", Value::Date(0)},
                                  {"endDate", Value::Date(3599999)},
                                  {"count", Value::Int64(count)}});
}

TEST(ValidateTest, ValidElementPasses) {
  const auto& def = *RoadTrafficSchema()->Group("RoadUse");
  EXPECT_THAT(ValidateElement(def, RoadUse(5)), HoldsValue(true));
}

TEST(ValidateTest, FailingTypeValidatorIsFalseWithAReason) {
  const auto& def = *RoadTrafficSchema()->Group("RoadUse");
  std::string reason;
  ASSERT_OK_AND_ASSIGN(bool valid, ValidateElement(def, RoadUse(-1), false, &reason));
  EXPECT_FALSE(valid);
  EXPECT_THAT(reason, ::testing::HasSubstr("count"));
  EXPECT_THAT(reason, ::testing::HasSubstr("RoadUse"));
}

TEST(ValidateTest, MissingPropertyFailsExists) {
  const auto& def = *RoadTrafficSchema()->Group("RoadUse");
  Element e = RoadUse(1);
  e.mutable_properties().Erase("endDate");
  EXPECT_THAT(ValidateElement(def, e), HoldsValue(false));
}

TEST(ValidateTest, IdentifierValidatorsRun) {
  // RoadUse's "directed" type is "true" with IsTrue: an undirected edge fails.
  const auto& def = *RoadTrafficSchema()->Group("RoadUse");
  Element e = Element::Edge("RoadUse", Value::String("10"), Value::String("11"), false,
                            RoadUse(1).properties());
  EXPECT_THAT(ValidateElement(def, e), HoldsValue(false));
}

TEST(ValidateTest, IsAOnlyWhenAsked) {
  const auto& def = *RoadTrafficSchema()->Group("RoadUse");
  Element e = Element::Edge("RoadUse", Value::Int32(10), Value::String("11"), true,
                            RoadUse(1).properties());
  EXPECT_THAT(ValidateElement(def, e, /*include_is_a=*/false), HoldsValue(true));
  EXPECT_THAT(ValidateElement(def, e, /*include_is_a=*/true), HoldsValue(false));
}

TEST(ValidateTest, WrongGroupOrKindIsAnErrorNotInvalid) {
  auto schema = RoadTrafficSchema();
  Element entity = Element::Entity("RoadUse", Value::String("x"));
  EXPECT_THAT(ValidateElement(*schema->Group("RoadUse"), entity),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ValidateElement(*schema->Group("JunctionUse"), RoadUse(1)),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST(ValidateTest, AgeOffFollowsTheClock) {
  const auto& def = *OrderingSchema()->Group("Aged");
  Element e = Element::Entity("Aged", Value::String("v"), Properties{{"time", Value::Int64(5000)}});
  ScopedFakeClock clock(5999);  // 5999 - 1000 < 5000: young enough.
  EXPECT_THAT(ValidateElement(def, e), HoldsValue(true));
  clock.Set(6000);  // 6000 - 1000 == 5000: aged off.
  EXPECT_THAT(ValidateElement(def, e), HoldsValue(false));
}

TEST(ValidateTest, HasValidators) {
  EXPECT_TRUE(HasValidators(*RoadTrafficSchema()->Group("RoadUse")));
  EXPECT_TRUE(HasValidators(*OrderingSchema()->Group("Aged")));
  EXPECT_FALSE(HasValidators(*OrderingSchema()->Group("Ordered")));
}

TEST(ValidateTest, StoredCellsValidateLikeElements) {
  auto schema = OrderingSchema();
  ASSERT_OK_AND_ASSIGN(auto package, MakeKeyPackage("byteEntity", schema));
  std::vector<KeyValue> kvs;
  ASSERT_OK(package->Encode(
      Element::Entity("Aged", Value::String("v"), Properties{{"time", Value::Int64(5000)}}), 1,
      &kvs));
  ASSERT_EQ(kvs.size(), 1u);
  ScopedFakeClock clock(5500);
  EXPECT_THAT(ValidateStoredCell(*package, kvs[0].key, kvs[0].value), HoldsValue(true));
  clock.Set(7000);
  std::string reason;
  EXPECT_THAT(ValidateStoredCell(*package, kvs[0].key, kvs[0].value, &reason), HoldsValue(false));
  EXPECT_THAT(reason, ::testing::HasSubstr("Aged"));
  // A property length (9) running past the value's end.
  EXPECT_THAT(ValidateStoredCell(*package, kvs[0].key, std::string_view("\x09\x00", 2)),
              StatusIs(StatusCode::kDataLoss));
}

TEST(GroupValidatorTest, AgreesWithTheHandWrittenCases) {
  GroupValidator road(*RoadTrafficSchema()->Group("RoadUse"));
  EXPECT_TRUE(road.has_validators());
  EXPECT_TRUE(road.Valid(RoadUse(5)));
  EXPECT_TRUE(road.Valid(RoadUse(0)));
  EXPECT_FALSE(road.Valid(RoadUse(-1)));  // count: IsMoreThan 0, orEqualTo.
  Element missing = RoadUse(1);
  missing.mutable_properties().Erase("endDate");
  EXPECT_FALSE(road.Valid(missing));  // Exists on endDate's type.
  Element undirected = Element::Edge("RoadUse", Value::String("10"), Value::String("11"), false,
                                     RoadUse(1).properties());
  EXPECT_FALSE(road.Valid(undirected));  // "directed" type "true": IsTrue.
  // Without IsA, a vertex of the wrong class passes, as ValidateElement.
  Element int_source = Element::Edge("RoadUse", Value::Int32(10), Value::String("11"), true,
                                     RoadUse(1).properties());
  EXPECT_TRUE(road.Valid(int_source));
}

TEST(GroupValidatorTest, AgeOffFollowsTheClock) {
  GroupValidator aged(*OrderingSchema()->Group("Aged"));
  Element e = Element::Entity("Aged", Value::String("v"), Properties{{"time", Value::Int64(5000)}});
  ScopedFakeClock clock(5999);
  EXPECT_TRUE(aged.Valid(e));
  clock.Set(6000);
  EXPECT_FALSE(aged.Valid(e));
}

TEST(GroupValidatorTest, GroupsWithoutValidatorsPassEverything) {
  GroupValidator ordered(*OrderingSchema()->Group("Ordered"));
  EXPECT_FALSE(ordered.has_validators());
  EXPECT_TRUE(ordered.Valid(Element::Entity("Ordered", Value::String("v"))));
}

}  // namespace
}  // namespace quarry::testing
