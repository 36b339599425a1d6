// AddNamedView / GetAllNamedViews / DeleteNamedView and views naming stored
// views, on the gaffer-doc operations example graph (edges from 1: 1->2
// count 3 and 1->4 count 1; entity 1 count 3). The named view is the
// guide's "isMoreThan" example (named.md) on this graph's "edge" group.
#include <string>

#include "gtest/gtest.h"
#include "tests/operations/test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

constexpr char kAddIsMoreThan[] = R"({
  "class": "AddNamedView", "name": "isMoreThan", "description": "example test NamedView",
  "view": {"edges": {"edge": {"preAggregationFilterFunctions": [{"selection": ["count"],
    "predicate": {"class": "uk.gov.gchq.koryphe.impl.predicate.IsMoreThan", "orEqualTo": false,
                  "value": "${countThreshold}"}}]}}},
  "overwriteFlag": true,
  "parameters": {"countThreshold": {"description": "count threshold", "defaultValue": 1,
                                    "valueClass": "Long", "required": false}},
  "writeAccessRoles": ["auth1"]})";

constexpr char kAddEntitiesOnly[] = R"({"class": "AddNamedView", "name": "entitiesOnly",
  "view": {"entities": {"entity": {}}}})";

constexpr char kEdge12[] = R"({"class": "uk.gov.gchq.gaffer.data.element.Edge", "group": "edge",
  "source": 1, "destination": 2, "directed": true, "matchedVertex": "SOURCE",
  "properties": {"count": 3}})";
constexpr char kEdge14[] = R"({"class": "uk.gov.gchq.gaffer.data.element.Edge", "group": "edge",
  "source": 1, "destination": 4, "directed": true, "matchedVertex": "SOURCE",
  "properties": {"count": 1}})";
constexpr char kEntity1[] = R"({"class": "uk.gov.gchq.gaffer.data.element.Entity",
  "group": "entity", "vertex": 1, "properties": {"count": 3}})";

std::string GetFrom1(const std::string& view_field) {
  return R"({"class": "GetElements", "input": [{"class": "EntitySeed", "vertex": 1}], )" +
         view_field + "}";
}

class NamedViewsTest : public ::testing::Test {
 protected:
  NamedViewsTest() { fx_.user.user_id = "user01"; }
  DocFixture fx_;
};

TEST_F(NamedViewsTest, NamedViewFiltersWithItsDefaultParameter) {
  ASSERT_OK(fx_.Run(kAddIsMoreThan).status());
  ASSERT_OK_AND_ASSIGN(
      Json result,
      fx_.Run(GetFrom1(
          R"("view": {"class": "uk.gov.gchq.gaffer.data.elementdefinition.view.NamedView",
                  "name": "isMoreThan"})")));
  EXPECT_TRUE(SameMultiset(result, std::string("[") + kEdge12 + "]"));
}

TEST_F(NamedViewsTest, SuppliedParameterReplacesTheDefault) {
  ASSERT_OK(fx_.Run(kAddIsMoreThan).status());
  ASSERT_OK_AND_ASSIGN(Json result, fx_.Run(GetFrom1(
                                        R"("view": {"class": "NamedView", "name": "isMoreThan",
                  "parameters": {"countThreshold": 0}})")));
  EXPECT_TRUE(SameMultiset(result, std::string("[") + kEdge12 + "," + kEdge14 + "]"));
}

TEST_F(NamedViewsTest, InlinePartsMergeWithTheStoredView) {
  ASSERT_OK(fx_.Run(kAddIsMoreThan).status());
  // The inline filter is appended to the stored one: count > 1 and count < 3.
  ASSERT_OK_AND_ASSIGN(Json none, fx_.Run(GetFrom1(
                                      R"("view": {"class": "NamedView", "name": "isMoreThan",
        "edges": {"edge": {"preAggregationFilterFunctions": [{"selection": ["count"],
          "predicate": {"class": "IsLessThan", "value": 3}}]}}})")));
  EXPECT_TRUE(none.empty()) << none.dump();
  // An inline group is added beside the stored ones.
  ASSERT_OK_AND_ASSIGN(
      Json both,
      fx_.Run(GetFrom1(
          R"("view": {"class": "NamedView", "name": "isMoreThan", "entities": {"entity": {}}})")));
  EXPECT_TRUE(SameMultiset(both, std::string("[") + kEdge12 + "," + kEntity1 + "]"));
}

TEST_F(NamedViewsTest, SeveralNamedViewsMergeAsGafferMergesThem) {
  ASSERT_OK(fx_.Run(kAddIsMoreThan).status());
  ASSERT_OK(fx_.Run(kAddEntitiesOnly).status());
  // gafferpy sends a list of views as "views".
  ASSERT_OK_AND_ASSIGN(Json result, fx_.Run(GetFrom1(
                                        R"("views": [{"class": "NamedView", "name": "isMoreThan"},
                   {"class": "NamedView", "name": "entitiesOnly"}])")));
  EXPECT_TRUE(SameMultiset(result, std::string("[") + kEdge12 + "," + kEntity1 + "]"));
}

TEST_F(NamedViewsTest, GetAllReturnsNamedViewDetail) {
  ASSERT_OK(fx_.Run(kAddIsMoreThan).status());
  ASSERT_OK_AND_ASSIGN(Json all, fx_.Run(R"({"class": "GetAllNamedViews"})"));
  ASSERT_EQ(all.size(), 1u);
  const Json& d = all[0];
  EXPECT_EQ(d["name"], "isMoreThan");
  EXPECT_EQ(d["description"], "example test NamedView");
  EXPECT_EQ(d["creatorId"], "user01");
  EXPECT_EQ(d["writeAccessRoles"], Json::parse(R"(["auth1"])"));
  EXPECT_EQ(d["parameters"]["countThreshold"]["valueClass"], "java.lang.Long");
  ASSERT_TRUE(d["view"].is_string());
  EXPECT_EQ(
      Json::parse(d["view"].get<std::string>())["edges"]["edge"]["preAggregationFilterFunctions"][0]
                                               ["predicate"]["value"],
      "${countThreshold}");
}

TEST_F(NamedViewsTest, DeleteNeedsWriteAccessAndUnknownViewsAreRefused) {
  ASSERT_OK(fx_.Run(kAddIsMoreThan).status());
  User bob;
  bob.user_id = "bob";
  auto refused =
      fx_.executor->Execute(bob, R"({"class": "DeleteNamedView", "name": "isMoreThan"})");
  EXPECT_THAT(refused.status(), StatusIs(StatusCode::kPermissionDenied));
  bob.op_auths = {"auth1"};
  ASSERT_OK(
      fx_.executor->Execute(bob, R"({"class": "DeleteNamedView", "name": "isMoreThan"})").status());
  auto gone = fx_.Run(GetFrom1(R"("view": {"class": "NamedView", "name": "isMoreThan"})"));
  EXPECT_THAT(gone.status(), StatusIsWithMessage(StatusCode::kNotFound, "isMoreThan"));
}

TEST_F(NamedViewsTest, HostileDefinitionsAreRefused) {
  auto nested = fx_.Run(R"({"class": "AddNamedView", "name": "n",
      "view": {"class": "NamedView", "name": "other"}})");
  EXPECT_THAT(nested.status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "nested"));
  auto unnamed = fx_.Run(R"({"class": "AddNamedView", "view": {"edges": {"edge": {}}}})");
  EXPECT_THAT(unnamed.status(), StatusIs(StatusCode::kInvalidArgument));
  ASSERT_OK(fx_.Run(kAddIsMoreThan).status());
  std::string again = kAddIsMoreThan;
  again.replace(again.find("\"overwriteFlag\": true"), 21, "\"overwriteFlag\": false");
  EXPECT_THAT(fx_.Run(again).status(), StatusIs(StatusCode::kAlreadyExists));
}

TEST_F(NamedViewsTest, ParameterWithoutDefaultMustBeSupplied) {
  ASSERT_OK(fx_.Run(R"({"class": "AddNamedView", "name": "threshold",
      "view": {"edges": {"edge": {"preAggregationFilterFunctions": [{"selection": ["count"],
        "predicate": {"class": "IsMoreThan", "value": "${min}"}}]}}},
      "parameters": {"min": {"description": "minimum", "valueClass": "java.lang.Integer"}}})")
                .status());
  auto missing = fx_.Run(GetFrom1(R"("view": {"class": "NamedView", "name": "threshold"})"));
  EXPECT_THAT(missing.status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "Missing parameter min"));
  ASSERT_OK_AND_ASSIGN(
      Json result,
      fx_.Run(GetFrom1(
          R"("view": {"class": "NamedView", "name": "threshold", "parameters": {"min": 2}})")));
  EXPECT_TRUE(SameMultiset(result, std::string("[") + kEdge12 + "]"));
}

}  // namespace
}  // namespace quarry
