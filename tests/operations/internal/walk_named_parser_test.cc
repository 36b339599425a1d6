// Parsing of GetWalks, named operation/view requests, and "view"/"views"
// fields that name stored views.
#include "operations/internal/walk_named_parser.h"

#include "gtest/gtest.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::operations_internal {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

Result<Operation> ParseWalkNamedOp(std::string_view text) {
  return ParseOperation(Json::parse(text), "");
}

TEST(WalkNamedParserTest, GetWalksHopsAreChains) {
  ASSERT_OK_AND_ASSIGN(Operation op, ParseWalkNamedOp(R"({"class": "GetWalks", "input": [1],
      "operations": [{"class": "GetElements"},
                     {"class": "OperationChain", "operations": [{"class": "GetElements"},
                                                                 {"class": "Limit",
                                                                  "resultLimit": 3}]}],
      "includePartial": true, "resultsLimit": 10})"));
  EXPECT_EQ(op.kind, OperationKind::kGetWalks);
  ASSERT_EQ(op.operations.size(), 2u);
  EXPECT_EQ(op.operations[0].kind, OperationKind::kOperationChain);
  ASSERT_EQ(op.operations[0].operations.size(), 1u);
  EXPECT_EQ(op.operations[0].operations[0].kind, OperationKind::kGetElements);
  EXPECT_EQ(op.operations[1].operations.size(), 2u);
  EXPECT_TRUE(op.include_partial);
  EXPECT_EQ(op.results_limit, 10);
  ASSERT_TRUE(op.input.has_value());
  EXPECT_EQ(op.input->size(), 1u);
}

TEST(WalkNamedParserTest, GetWalksDefaultsAndErrors) {
  ASSERT_OK_AND_ASSIGN(Operation op, ParseWalkNamedOp(R"({"class": "GetWalks"})"));
  EXPECT_FALSE(op.include_partial);
  EXPECT_EQ(op.results_limit, 1000000);  // GetWalks.DEFAULT_RESULTS_LIMIT.
  EXPECT_THAT(ParseWalkNamedOp(R"({"class": "GetWalks", "resultsLimit": -1})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "resultsLimit"));
  EXPECT_THAT(ParseWalkNamedOp(R"({"class": "GetWalks", "operations": {}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "operations"));
  EXPECT_THAT(ParseWalkNamedOp(R"({"class": "GetWalks", "operations": [{"class": "Nope"}]})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "operations[0].class"));
  EXPECT_THAT(ParseWalkNamedOp(R"({"class": "GetWalks", "conditional": []})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "conditional"));
  EXPECT_THAT(ParseWalkNamedOp(R"({"class": "GetWalks", "conditional": {"predicate": 3}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "conditional.predicate"));
  ASSERT_OK_AND_ASSIGN(
      Operation walks,
      ParseWalkNamedOp(
          R"({"class": "GetWalks", "conditional": {"predicate": {"class": "Exists"}}})"));
  ASSERT_NE(walks.flow, nullptr);
  ASSERT_TRUE(walks.flow->conditional.has_value());
  EXPECT_EQ(walks.flow->conditional->predicate["class"], "Exists");
  EXPECT_EQ(walks.flow->conditional->transform, nullptr);
}

TEST(WalkNamedParserTest, NamedViewsAreKeptForResolution) {
  ASSERT_OK_AND_ASSIGN(Operation named, ParseWalkNamedOp(R"({"class": "GetElements",
      "view": {"class": "NamedView", "name": "v"}})"));
  EXPECT_FALSE(named.view.has_value());
  EXPECT_EQ(named.named_view["name"], "v");
  ASSERT_OK_AND_ASSIGN(Operation merged, ParseWalkNamedOp(R"({"class": "GetElements",
      "views": [{"class": "NamedView", "name": "a"}, {"class": "NamedView", "name": "b"}]})"));
  EXPECT_EQ(merged.named_view["name"], "a");
  EXPECT_EQ(merged.named_view["mergedNamedViewNames"], Json::parse(R"(["b"])"));
  ASSERT_OK_AND_ASSIGN(Operation plain, ParseWalkNamedOp(R"({"class": "GetElements",
      "views": [{"edges": {"edge": {}}}, {"entities": {"entity": {}}}]})"));
  ASSERT_TRUE(plain.view.has_value());
  EXPECT_TRUE(plain.named_view.is_null());
  EXPECT_TRUE(plain.view->has_edges());
  EXPECT_TRUE(plain.view->has_entities());
  EXPECT_THAT(ParseWalkNamedOp(R"({"class": "GetElements", "views": {}})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "views"));
}

TEST(WalkNamedParserTest, NamedRequestsKeepTheirJson) {
  ASSERT_OK_AND_ASSIGN(Operation call, ParseWalkNamedOp(R"({"class": "NamedOperation",
      "operationName": "x", "parameters": {"p": 1}, "input": [1, 2]})"));
  EXPECT_EQ(call.kind, OperationKind::kNamedOperation);
  EXPECT_EQ(call.named_request["operationName"], "x");
  ASSERT_TRUE(call.input.has_value());
  EXPECT_EQ(call.input->size(), 2u);
  ASSERT_OK_AND_ASSIGN(Operation add, ParseWalkNamedOp(R"({"class":
      "uk.gov.gchq.gaffer.named.view.AddNamedView", "name": "v", "view": {}})"));
  EXPECT_EQ(add.kind, OperationKind::kAddNamedView);
  EXPECT_EQ(add.named_request["name"], "v");
}

TEST(WalkNamedParserTest, RecognisesNamedViewClassNames) {
  EXPECT_TRUE(IsNamedViewJson(
      Json::parse(R"({"class": "uk.gov.gchq.gaffer.data.elementdefinition.view.NamedView"})")));
  EXPECT_TRUE(IsNamedViewJson(Json::parse(R"({"class": "NamedView"})")));
  EXPECT_FALSE(IsNamedViewJson(Json::parse(R"({"class": "View"})")));
  EXPECT_FALSE(IsNamedViewJson(Json::parse(R"({"name": "v"})")));
}

}  // namespace
}  // namespace quarry::operations_internal
