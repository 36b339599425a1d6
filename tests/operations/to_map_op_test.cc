// ToMap with the operations guide's MapGenerator (core.md, "ToMap"):
// GROUP -> group, VERTEX -> vertex, SOURCE -> source, count -> total count.
// From seed 1 of the gaffer-doc graph the guide's results include entity 1
// (count 3) and the edges 1->2 (count 3) and 1->4 (count 1).
#include "gtest/gtest.h"
#include "tests/operations/test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;

TEST(ToMapTest, MapGeneratorFieldsMatchTheGuide) {
  DocFixture fx;
  ASSERT_OK_AND_ASSIGN(Json maps, fx.Run(R"({"class": "OperationChain", "operations": [
      {"class": "GetElements", "input": [{"class": "EntitySeed", "vertex": 1}]},
      {"class": "ToMap", "elementGenerator": {"class": "MapGenerator",
        "fields": {"GROUP": "group", "VERTEX": "vertex", "SOURCE": "source",
                   "count": "total count"},
        "constants": {}}}]})"));
  EXPECT_TRUE(SameMultiset(maps, R"([
      {"group": "entity", "vertex": 1, "total count": 3},
      {"group": "edge", "source": 1, "total count": 3},
      {"group": "edge", "source": 1, "total count": 1}])"));
}

TEST(ToMapTest, ConstantsFollowTheFieldsAndMissingFieldsAreLeftOut) {
  DocFixture fx;
  ASSERT_OK_AND_ASSIGN(Json maps, fx.Run(R"({"class": "ToMap",
      "input": [{"class": "Entity", "group": "entity", "vertex": 7}],
      "elementGenerator": {"class": "MapGenerator", "fields": {"VERTEX": "v", "count": "c"},
                           "constants": {"source": "quarry"}}})"));
  ASSERT_EQ(maps.size(), 1u);
  EXPECT_EQ(maps[0].dump(), R"({"v":7,"source":"quarry"})");
}

TEST(ToMapTest, GeneratorIsRequiredAndInputMustBeElements) {
  DocFixture fx;
  EXPECT_THAT(fx.Run(R"({"class": "ToMap", "input": []})"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(fx.Run(R"({"class": "ToMap", "input": ["a"],
      "elementGenerator": {"class": "MapGenerator", "fields": {"VERTEX": "v"}}})"),
              StatusIs(StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace quarry
