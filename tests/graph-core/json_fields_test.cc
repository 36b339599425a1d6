// graph-core's typed field readers (graph-core/json_fields.h): the one family
// the parsers of every layer use. Absent and null read as absent; a wrong
// type is InvalidArgument naming the field's JSON path.
#include "graph-core/json_fields.h"

#include <gtest/gtest.h>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIsWithMessage;
namespace jf = json_fields;

Json Doc() {
  return Json::parse(R"({"flag": true, "off": false, "nothing": null, "n": -7,
                         "big": 18446744073709551615, "x": 2.5, "s": "hi",
                         "m": {"a": "1", "b": "2"}, "bad": {"a": 1}, "list": ["p", "q"]})");
}

TEST(JsonFieldsTest, BoolOrReadsBooleansAndFallsBackWhenAbsentOrNull) {
  Json d = Doc();
  EXPECT_EQ(*jf::BoolOr(d, "flag", "op", false), true);
  EXPECT_EQ(*jf::BoolOr(d, "off", "op", true), false);
  EXPECT_EQ(*jf::BoolOr(d, "nothing", "op", true), true);
  EXPECT_EQ(*jf::BoolOr(d, "absent", "op", false), false);
  EXPECT_THAT(jf::BoolOr(d, "s", "op", false),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "op.s: expected a boolean"));
}

TEST(JsonFieldsTest, OptionalInt64ReadsJavaLongs) {
  Json d = Doc();
  EXPECT_EQ(*jf::OptionalInt64(d, "n", "op"), -7);
  EXPECT_EQ(*jf::OptionalInt64(d, "absent", "op"), std::nullopt);
  EXPECT_EQ(*jf::OptionalInt64(d, "nothing", "op"), std::nullopt);
  EXPECT_THAT(
      jf::OptionalInt64(d, "big", "op"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "op.big: expected a 64-bit integer"));
  EXPECT_THAT(jf::OptionalInt64(d, "x", "op"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "op.x: expected an integer"));
}

TEST(JsonFieldsTest, OptionalNumberReadsAnyNumber) {
  Json d = Doc();
  EXPECT_EQ(*jf::OptionalNumber(d, "x", "op"), 2.5);
  EXPECT_EQ(*jf::OptionalNumber(d, "n", "op"), -7.0);
  EXPECT_EQ(*jf::OptionalNumber(d, "absent", "op"), std::nullopt);
  EXPECT_THAT(jf::OptionalNumber(d, "s", "op"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "op.s: expected a number"));
}

TEST(JsonFieldsTest, StringMapKeepsDocumentOrderAndNamesABadEntry) {
  Json d = Doc();
  using Pairs = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(*jf::StringMap(d, "m", "op"), (Pairs{{"a", "1"}, {"b", "2"}}));
  EXPECT_TRUE(jf::StringMap(d, "absent", "op")->empty());
  EXPECT_THAT(
      jf::StringMap(d, "s", "op"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "op.s: expected an object of strings"));
  EXPECT_THAT(jf::StringMap(d, "bad", "op"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "op.bad.a: expected a string"));
}

TEST(JsonFieldsTest, StringsAndStringLists) {
  Json d = Doc();
  EXPECT_EQ(*jf::OptionalString(d, "s", "op"), "hi");
  EXPECT_THAT(jf::OptionalString(d, "n", "op"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "op.n: expected a string"));
  EXPECT_EQ(*jf::OptionalStringList(d, "list", ""), (std::vector<std::string>{"p", "q"}));
  EXPECT_EQ(*jf::OptionalStringList(d, "absent", ""), std::nullopt);
  EXPECT_THAT(jf::OptionalStringList(d, "m", "op"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "op.m: expected an array"));
}

}  // namespace
}  // namespace quarry
