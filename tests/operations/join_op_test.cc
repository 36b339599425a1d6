// Join through the executor, on the gaffer-doc operations example graph
// (DocFixture), with join.md's input elements (entities 1 (count 3), 4 (1),
// 5 (3), 6 (30)) and right side GetAllElements. Expected results are
// join.md's documented results.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/operations/test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

std::string Entity(int v, int count) {
  return R"({"class":"uk.gov.gchq.gaffer.data.element.Entity","group":"entity","vertex":)" +
         std::to_string(v) + R"(,"properties":{"count":)" + std::to_string(count) + "}}";
}
std::string Edge(int s, int d, int count) {
  return R"({"class":"uk.gov.gchq.gaffer.data.element.Edge","group":"edge","source":)" +
         std::to_string(s) + R"(,"destination":)" + std::to_string(d) +
         R"(,"directed":true,"properties":{"count":)" + std::to_string(count) + "}}";
}
std::string Tuple(const std::string& left, const std::string& right) {
  return R"({"values":{"LEFT":)" + left + R"(,"RIGHT":)" + right + "}}";
}

const std::string kInput =
    "[" + Entity(1, 3) + "," + Entity(4, 1) + "," + Entity(5, 3) + "," + Entity(6, 30) + "]";
constexpr std::string_view kKeyFunctions =
    R"({"class":"KeyFunctionMatch","firstKeyFunction":{"class":"FunctionChain","functions":[
        {"class":"ExtractProperty","name":"count"},{"class":"Increment","increment":1}]},
      "secondKeyFunction":{"class":"ExtractProperty","name":"count"}})";

std::string JoinJson(std::string_view match, std::string_view key, bool flatten,
                     std::string_view type) {
  return R"({"class":"Join","input":)" + kInput +
         R"(,"operation":{"class":"GetAllElements"},"matchMethod":)" + std::string(match) +
         R"(,"matchKey":")" + std::string(key) + R"(","flatten":)" + (flatten ? "true" : "false") +
         R"(,"joinType":")" + std::string(type) + R"("})";
}

TEST(JoinOpTest, LeftKeyInnerElementMatch) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out,
                       f.Run(JoinJson(R"({"class":"ElementMatch"})", "LEFT", false, "INNER")));
  EXPECT_TRUE(SameMultiset(out, "[" + Tuple(Entity(1, 3), "[" + Entity(1, 3) + "]") + "," +
                                    Tuple(Entity(4, 1), "[" + Entity(4, 1) + "]") + "," +
                                    Tuple(Entity(5, 3), "[" + Entity(5, 3) + "]") + "]"));
}

TEST(JoinOpTest, LeftKeyInnerKeyFunctionMatch) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(JoinJson(kKeyFunctions, "LEFT", false, "INNER")));
  ASSERT_EQ(out.size(), 3u) << out.dump();
  EXPECT_EQ(out[0], Json::parse(Tuple(Entity(1, 3), "[" + Edge(3, 4, 4) + "]")));
  EXPECT_EQ(out[1]["values"]["LEFT"], Json::parse(Entity(4, 1)));
  EXPECT_TRUE(
      SameMultiset(out[1]["values"]["RIGHT"], "[" + Edge(2, 3, 2) + "," + Entity(3, 2) + "]"));
  EXPECT_EQ(out[2], Json::parse(Tuple(Entity(5, 3), "[" + Edge(3, 4, 4) + "]")));
}

TEST(JoinOpTest, FlattenedLeftKeyInnerKeyFunctionMatch) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(JoinJson(kKeyFunctions, "LEFT", true, "INNER")));
  EXPECT_TRUE(SameMultiset(out, "[" + Tuple(Entity(1, 3), Edge(3, 4, 4)) + "," +
                                    Tuple(Entity(4, 1), Edge(2, 3, 2)) + "," +
                                    Tuple(Entity(4, 1), Entity(3, 2)) + "," +
                                    Tuple(Entity(5, 3), Edge(3, 4, 4)) + "]"));
}

TEST(JoinOpTest, RightKeyInnerKeyFunctionMatch) {
  // Right keys whose count + 1 is a left count (3): edge 2->3 and entity 3,
  // each with the left entities 1 and 5.
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(JoinJson(kKeyFunctions, "RIGHT", false, "INNER")));
  std::string lefts = "[" + Entity(1, 3) + "," + Entity(5, 3) + "]";
  EXPECT_TRUE(SameMultiset(
      out, "[" + Tuple(lefts, Edge(2, 3, 2)) + "," + Tuple(lefts, Entity(3, 2)) + "]"));
}

TEST(JoinOpTest, RightKeyFlattenedElementMatch) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out,
                       f.Run(JoinJson(R"({"class":"ElementMatch"})", "RIGHT", true, "INNER")));
  EXPECT_TRUE(SameMultiset(out, "[" + Tuple(Entity(5, 3), Entity(5, 3)) + "," +
                                    Tuple(Entity(1, 3), Entity(1, 3)) + "," +
                                    Tuple(Entity(4, 1), Entity(4, 1)) + "]"));
}

TEST(JoinOpTest, LeftKeyFullAndOuter) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json full,
                       f.Run(JoinJson(R"({"class":"ElementMatch"})", "LEFT", false, "FULL")));
  EXPECT_TRUE(SameMultiset(full, "[" + Tuple(Entity(1, 3), "[" + Entity(1, 3) + "]") + "," +
                                     Tuple(Entity(4, 1), "[" + Entity(4, 1) + "]") + "," +
                                     Tuple(Entity(5, 3), "[" + Entity(5, 3) + "]") + "," +
                                     Tuple(Entity(6, 30), "[]") + "]"));
  ASSERT_OK_AND_ASSIGN(Json flat_full,
                       f.Run(JoinJson(R"({"class":"ElementMatch"})", "LEFT", true, "FULL")));
  EXPECT_EQ(flat_full.size(), 4u);
  EXPECT_EQ(flat_full[3], Json::parse(Tuple(Entity(6, 30), "null")));
  ASSERT_OK_AND_ASSIGN(Json outer,
                       f.Run(JoinJson(R"({"class":"ElementMatch"})", "LEFT", true, "OUTER")));
  EXPECT_EQ(outer, Json::parse("[" + Tuple(Entity(6, 30), "null") + "]"));
}

TEST(JoinOpTest, ElementMatchGroupByProperties) {
  // With count as a groupBy property, left entity 4 (count 1) still matches
  // the stored entity 4 (count 1); a left entity 1 with count 9 does not.
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"Join","input":[)" + Entity(4, 1) + "," +
                                       Entity(1, 9) + R"(],"operation":{"class":"GetAllElements"},
      "matchMethod":{"class":"ElementMatch","elementGroupByProperties":["count"]},
      "matchKey":"LEFT","joinType":"INNER"})"));
  EXPECT_EQ(out, Json::parse("[" + Tuple(Entity(4, 1), Entity(4, 1)) + "]"));
}

TEST(JoinOpTest, InsideNamedOperation) {
  // Nested: a named operation whose chain is a Join keyed on its input.
  DocFixture f;
  ASSERT_OK(f.Run(R"({"class":"AddNamedOperation","operationName":"joinAll",
      "operationChain":{"operations":[{"class":"Join","operation":{"class":"GetAllElements"},
        "matchMethod":{"class":"ElementMatch"},"matchKey":"LEFT","joinType":"OUTER"}]}})")
                .status());
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"NamedOperation","operationName":"joinAll",
      "input":)" + kInput + "}"));
  EXPECT_EQ(out, Json::parse("[" + Tuple(Entity(6, 30), "null") + "]"));
}

TEST(JoinOpTest, RefusesMissingFieldsAndSidesPastTheLimits) {
  DocFixture f;
  EXPECT_THAT(f.Run(R"({"class":"Join","input":[1],"matchMethod":{"class":"ElementMatch"}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "A join type must be specified"));
  EXPECT_THAT(f.Run(R"({"class":"Join","input":[1],"joinType":"INNER"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "A match method must be supplied"));
  EXPECT_THAT(
      f.Run(
          R"({"class":"Join","input":[1],"joinType":"FULL","matchMethod":{"class":"ElementMatch"}})"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "matchKey"));
  EXPECT_THAT(
      f.Run(R"({"operations":[{"class":"Join","input":[1],"joinType":"FULL","matchKey":"UP"}]})"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "operations[0].matchKey"));
  EXPECT_THAT(
      f.Run(R"({"class":"Join","input":[1],"joinType":"INNER","matchMethod":{"class":"Fuzzy"}})"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "matchMethod.class"));
  // ElementMatch on values (not elements) is a type error, as Gaffer's cast.
  EXPECT_THAT(f.Run(R"({"class":"Join","input":[1],"operation":{"class":"GetAllElements"},
      "joinType":"INNER","matchMethod":{"class":"ElementMatch"}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "must be elements"));
  // The right side (11 elements) is past a collectionLimit of 5.
  EXPECT_THAT(f.Run(R"({"class":"Join","input":[1],"operation":{"class":"GetAllElements"},
      "joinType":"INNER","matchMethod":{"class":"KeyFunctionMatch"},"collectionLimit":5})"),
              StatusIsWithMessage(StatusCode::kResourceExhausted, "collectionLimit"));
}

TEST(JoinOpTest, MaterialisationLimitCapsCollectionLimit) {
  ExecutorLimits limits;
  limits.max_materialised_items = 4;
  DocFixture f(limits);
  EXPECT_THAT(f.Run(R"({"class":"Join","input":[1],"operation":{"class":"GetAllElements"},
      "joinType":"INNER","matchMethod":{"class":"KeyFunctionMatch"},"collectionLimit":100000})"),
              StatusIsWithMessage(StatusCode::kResourceExhausted, "materialisation limit"));
}

}  // namespace
}  // namespace quarry
