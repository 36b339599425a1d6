// Sort, Max and Min through the executor. The input is what the operations
// guide's examples (core.md: Min, Max, Sort) get from GetElements on seeds 1
// and 2 of its example graph, each element once: entity 1 (3), entity 2 (1),
// edges 1->2 (3), 1->4 (1), 2->3 (2), 2->4 (1), 2->5 (1). Expected results
// worked out by hand from Gaffer's handlers (first extreme wins ties).
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

std::string Input() {
  return "[" + Entity(1, 3) + "," + Edge(1, 2, 3) + "," + Edge(1, 4, 1) + "," + Entity(2, 1) + "," +
         Edge(2, 3, 2) + "," + Edge(2, 4, 1) + "," + Edge(2, 5, 1) + "]";
}

constexpr std::string_view kCountComparator =
    R"([{"class":"ElementPropertyComparator","property":"count",
         "groups":["entity","edge"],"reversed":false}])";

Json J(const std::string& s) { return Json::parse(s); }

TEST(CompareOpsTest, MinCountIsTheFirstElementWithTheLeastCount) {
  // core.md "Example min count": the edge 1->4 (count 1).
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"uk.gov.gchq.gaffer.operation.impl.compare.Min",
      "input":)" + Input() + R"(,"comparators":)" +
                                       std::string(kCountComparator) + "}"));
  EXPECT_EQ(out, J(Edge(1, 4, 1)));
}

TEST(CompareOpsTest, MaxCountIsTheFirstElementWithTheGreatestCount) {
  // Entity 1 and edge 1->2 both have count 3: the first one wins.
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"Max","input":)" + Input() +
                                       R"(,"comparators":)" + std::string(kCountComparator) + "}"));
  EXPECT_EQ(out, J(Entity(1, 3)));
  // Reversed: the maximum is the least count.
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"Max","input":)" + Input() + R"(,"comparators":[
      {"property":"count","groups":["entity","edge"],"reversed":true}]})"));
  EXPECT_EQ(out, J(Edge(1, 4, 1)));
  // Only the "entity" group compared: edges are skipped.
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"Min","input":)" + Input() + R"(,"comparators":[
      {"property":"count","groups":["entity"]}]})"));
  EXPECT_EQ(out, J(Entity(2, 1)));
  // No comparators: Gaffer's null.
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"Max","input":)" + Input() + "}"));
  EXPECT_TRUE(out.is_null());
}

TEST(CompareOpsTest, MinWithTwoComparatorsBreaksTies) {
  // count first, then "score": all have count 1; entity 2 has no score, so
  // it sorts after the edges (nulls last), and score 4 beats score 5.
  DocFixture f;
  std::string input = "[" + Entity(2, 1) + R"(,{"class":"uk.gov.gchq.gaffer.data.element.Edge",
      "group":"edge","source":2,"destination":5,"directed":true,"properties":{"count":1,"score":5}},
      {"class":"uk.gov.gchq.gaffer.data.element.Edge","group":"edge","source":2,"destination":4,
       "directed":true,"properties":{"count":1,"score":4}}])";
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"Min","input":)" + input + R"(,"comparators":[
      {"property":"count","groups":["entity","edge"]},
      {"property":"score","groups":["entity","edge"]}]})"));
  EXPECT_EQ(out["destination"], 4);
}

TEST(CompareOpsTest, SortOnCountWithoutDeduplicating) {
  // core.md "Example sorting on count without deduplicating": ascending
  // count, ties in arrival order.
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(
      Json out, f.Run(R"({"class":"Sort","input":)" + Input() + R"(,"comparators":)" +
                      std::string(kCountComparator) + R"(,"deduplicate":false,"resultLimit":10})"));
  EXPECT_EQ(out,
            J("[" + Edge(1, 4, 1) + "," + Entity(2, 1) + "," + Edge(2, 4, 1) + "," + Edge(2, 5, 1) +
              "," + Edge(2, 3, 2) + "," + Entity(1, 3) + "," + Edge(1, 2, 3) + "]"));
}

TEST(CompareOpsTest, SortDeduplicatesAndKeepsTheSmallestWithinTheLimit) {
  DocFixture f;
  // A repeated edge is kept once (deduplicate defaults to true).
  std::string input = Input();
  input.pop_back();
  input += "," + Edge(2, 3, 2) + "]";
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"Sort","input":)" + input +
                                       R"(,"comparators":)" + std::string(kCountComparator) + "}"));
  ASSERT_EQ(out.size(), 7u);
  for (size_t i = 1; i < out.size(); ++i) {
    EXPECT_LE(out[i - 1]["properties"]["count"], out[i]["properties"]["count"]);
  }
  // resultLimit 4 keeps the four with count 1 (the guide's "resultLimit": 4).
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"Sort","input":)" + Input() + R"(,"comparators":)" +
                                  std::string(kCountComparator) + R"(,"resultLimit":4})"));
  EXPECT_TRUE(SameMultiset(out, "[" + Edge(1, 4, 1) + "," + Entity(2, 1) + "," + Edge(2, 4, 1) +
                                    "," + Edge(2, 5, 1) + "]"));
  // Gaffer's SortHandler answers resultLimit 1 with MaxHandler's element.
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"Sort","input":)" + Input() + R"(,"comparators":)" +
                                  std::string(kCountComparator) + R"(,"resultLimit":1})"));
  EXPECT_EQ(out, J("[" + Entity(1, 3) + "]"));
}

TEST(CompareOpsTest, SortWithoutLimitRefusesPastTheMaterialisationLimit) {
  ExecutorLimits limits;
  limits.max_materialised_items = 3;
  DocFixture f(limits);
  EXPECT_THAT(f.Run(R"({"class":"Sort","input":)" + Input() + R"(,"comparators":)" +
                    std::string(kCountComparator) + "}"),
              StatusIsWithMessage(StatusCode::kResourceExhausted, "set resultLimit"));
  // With a limit, only that many are held: fine however long the input.
  ASSERT_OK_AND_ASSIGN(Json out,
                       f.Run(R"({"class":"Sort","input":)" + Input() + R"(,"comparators":)" +
                             std::string(kCountComparator) + R"(,"resultLimit":2})"));
  EXPECT_EQ(out.size(), 2u);
}

TEST(CompareOpsTest, BadComparatorsAreRefusedWithTheirPath) {
  DocFixture f;
  EXPECT_THAT(f.Run(R"({"class":"Sort","comparators":[{"class":"Other","property":"count"}]})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "comparators[0].class"));
  EXPECT_THAT(
      f.Run(R"({"class":"Sort","comparators":[{"groups":["edge"]}]})"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "comparators[0].property: required"));
  EXPECT_THAT(f.Run(R"({"class":"Sort","resultLimit":0,"comparators":[]})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "resultLimit"));
  // Comparing an Integer with a String is Java's ClassCastException.
  std::string mixed = R"([{"class":"uk.gov.gchq.gaffer.data.element.Entity","group":"entity",
      "vertex":1,"properties":{"count":1}},{"class":"uk.gov.gchq.gaffer.data.element.Entity",
      "group":"entity","vertex":2,"properties":{"count":"x"}}])";
  EXPECT_THAT(f.Run(R"({"class":"Sort","input":)" + mixed +
                    R"(,"comparators":[{"property":"count","groups":["entity"]}]})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "cannot compare"));
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"Sort","input":)" + mixed +
                                       R"(,"comparators":[{"property":"count",
          "groups":["entity"],"comparator":{"class":"uk.gov.gchq.gaffer.data.element.comparison.ComparableOrToStringComparator"}}]})"));
  EXPECT_EQ(out[0]["vertex"], 1);  // "1" < "x".
}

}  // namespace
}  // namespace quarry
