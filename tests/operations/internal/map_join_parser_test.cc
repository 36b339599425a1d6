// Parsing of Map, Reduce, Join and ValidateOperationChain fields, with the
// JSON of join.md and core.md.
#include "operations/internal/map_join_parser.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::operations_internal {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

Result<Operation> ParseMapJoinOp(std::string_view text) {
  return ParseOperation(Json::parse(text), "op");
}

TEST(MapJoinParserTest, JoinFields) {
  ASSERT_OK_AND_ASSIGN(Operation op,
                       ParseMapJoinOp(R"({"class":"uk.gov.gchq.gaffer.operation.impl.join.Join",
      "input":[1,2],"operation":{"class":"GetAllElements"},
      "matchMethod":{"class":"uk.gov.gchq.gaffer.store.operation.handler.join.match.KeyFunctionMatch",
        "firstKeyFunction":{"class":"ExtractProperty","name":"count"}},
      "matchKey":"RIGHT","flatten":false,"joinType":"OUTER","collectionLimit":10})"));
  ASSERT_NE(op.map_join, nullptr);
  const MapJoinFields& f = *op.map_join;
  EXPECT_EQ(op.kind, OperationKind::kJoin);
  ASSERT_TRUE(op.input.has_value());
  EXPECT_EQ(op.input->size(), 2u);
  ASSERT_TRUE(op.flow != nullptr && op.flow->operation != nullptr);
  EXPECT_EQ(op.flow->operation->kind, OperationKind::kGetAllElements);
  EXPECT_EQ(op.flow->operation->path, "op.operation");
  ASSERT_TRUE(f.match_method.has_value());
  EXPECT_FALSE(f.match_method->element_match);
  EXPECT_NE(f.match_method->second_key_function, nullptr);  // Identity by default.
  EXPECT_EQ(f.match_key, JoinMatchKey::kRight);
  EXPECT_EQ(f.join_type, JoinType::kOuter);
  EXPECT_FALSE(f.flatten);
  EXPECT_EQ(f.collection_limit, 10);
}

TEST(MapJoinParserTest, JoinDefaultsAndElementMatch) {
  ASSERT_OK_AND_ASSIGN(Operation op, ParseMapJoinOp(R"({"class":"Join",
      "matchMethod":{"class":"ElementMatch","groupByProperties":["count"]}})"));
  const MapJoinFields& f = *op.map_join;
  EXPECT_TRUE(f.flatten);
  EXPECT_FALSE(f.join_type.has_value());
  EXPECT_FALSE(f.match_key.has_value());
  EXPECT_FALSE(f.collection_limit.has_value());
  EXPECT_THAT(f.match_method->group_by_properties, ::testing::ElementsAre("count"));
}

TEST(MapJoinParserTest, BadFieldsNameTheirPath) {
  EXPECT_THAT(ParseMapJoinOp(R"({"class":"Join","joinType":"LEFTISH"})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "op.joinType"));
  EXPECT_THAT(ParseMapJoinOp(R"({"class":"Join","collectionLimit":-1})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "op.collectionLimit"));
  EXPECT_THAT(ParseMapJoinOp(R"({"class":"Join","flatten":"yes"})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "op.flatten"));
  EXPECT_THAT(ParseMapJoinOp(R"({"class":"Join","operation":{"class":"Nope"}})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "op.operation.class"));
  EXPECT_THAT(ParseMapJoinOp(R"({"class":"Reduce","aggregateFunction":{"class":"Nope"}})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "op.aggregateFunction"));
  EXPECT_THAT(ParseMapJoinOp(R"({"class":"Map","functions":{"class":"FirstItem"}})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "op.functions"));
  EXPECT_THAT(ParseMapJoinOp(R"({"class":"ValidateOperationChain","operationChain":[]})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "op.operationChain"));
}

TEST(MapJoinParserTest, MapAndReduceFields) {
  ASSERT_OK_AND_ASSIGN(Operation map, ParseMapJoinOp(R"({"class":"Map","input":[1,2],
      "functions":[{"class":"FirstItem"},{"class":"ToString"}]})"));
  EXPECT_EQ(map.map_join->functions.size(), 2u);
  EXPECT_EQ(map.map_join->map_input, Json::parse("[1,2]"));
  EXPECT_FALSE(map.input.has_value());  // Map's input is one object, kept whole.
  ASSERT_OK_AND_ASSIGN(Operation reduce,
                       ParseMapJoinOp(R"({"class":"Reduce","input":[1,2],"identity":0,
      "aggregateFunction":{"class":"Sum"}})"));
  EXPECT_NE(reduce.map_join->aggregate_function, nullptr);
  EXPECT_EQ(reduce.map_join->identity, Json(0));
  EXPECT_EQ(reduce.input->size(), 2u);
}

}  // namespace
}  // namespace quarry::operations_internal
