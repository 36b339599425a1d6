#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "graph-core/binary_operator.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

Json OpParseJson(const char* text) { return Json::parse(text, nullptr, false); }

TEST(ParseBinaryOperatorTest, SimpleAndFullNamesWriteFullNames) {
  const char* names[][2] = {
      {"Sum", "uk.gov.gchq.koryphe.impl.binaryoperator.Sum"},
      {"product", "uk.gov.gchq.koryphe.impl.binaryoperator.Product"},
      {"Max", "uk.gov.gchq.koryphe.impl.binaryoperator.Max"},
      {"Min", "uk.gov.gchq.koryphe.impl.binaryoperator.Min"},
      {"First", "uk.gov.gchq.koryphe.impl.binaryoperator.First"},
      {"Last", "uk.gov.gchq.koryphe.impl.binaryoperator.Last"},
      {"And", "uk.gov.gchq.koryphe.impl.binaryoperator.And"},
      {"Or", "uk.gov.gchq.koryphe.impl.binaryoperator.Or"},
      {"CollectionConcat", "uk.gov.gchq.koryphe.impl.binaryoperator.CollectionConcat"},
      {"CollectionIntersect", "uk.gov.gchq.koryphe.impl.binaryoperator.CollectionIntersect"},
      {"IterableMerge", "uk.gov.gchq.koryphe.impl.binaryoperator.IterableMerge"},
      {"FreqMapAggregator", "uk.gov.gchq.gaffer.types.function.FreqMapAggregator"},
      {"HllSketchAggregator",
       "uk.gov.gchq.gaffer.sketches.datasketches.cardinality.binaryoperator.HllSketchAggregator"},
  };
  for (const auto& [simple, full] : names) {
    SCOPED_TRACE(simple);
    Json by_simple = {{"class", simple}};
    Json by_full = {{"class", full}};
    ASSERT_OK_AND_ASSIGN(auto a, ParseBinaryOperator(by_simple, "agg"));
    ASSERT_OK_AND_ASSIGN(auto b, ParseBinaryOperator(by_full, "agg"));
    EXPECT_EQ(a->ToJson(), by_full);
    EXPECT_EQ(b->ToJson(), by_full);
  }
}

TEST(ParseBinaryOperatorTest, Errors) {
  EXPECT_THAT(ParseBinaryOperator(OpParseJson(R"({"class":"NoSuchOperator"})"), "types.count"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "NoSuchOperator"));
  // A full name in another package is not a koryphe operator.
  EXPECT_THAT(ParseBinaryOperator(OpParseJson(R"({"class":"com.example.Sum"})"), "p"),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseBinaryOperator(OpParseJson(R"({"separator":","})"), "p"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.class"));
  EXPECT_THAT(ParseBinaryOperator(OpParseJson(R"({"class":5})"), "p"),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseBinaryOperator(OpParseJson(R"("Sum")"), "p"),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseBinaryOperator(OpParseJson(R"({"class":"StringConcat","separator":1})"), "p"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.separator"));
}

TEST(ParseBinaryOperatorTest, UnknownFieldsAreIgnored) {
  ASSERT_OK_AND_ASSIGN(auto op,
                       ParseBinaryOperator(OpParseJson(R"({"class":"Sum","mode":"x"})"), "p"));
  EXPECT_TRUE(op->Accepts(ValueType::kInt64));
}

TEST(TupleBinaryOperatorTest, ParsesAndRoundTrips) {
  Json json = OpParseJson(R"({"selection":["count","total"],"binaryOperator":{"class":"Min"}})");
  ASSERT_OK_AND_ASSIGN(TupleBinaryOperator t, ParseTupleBinaryOperator(json, "aggregator"));
  EXPECT_EQ(t.selection, (std::vector<std::string>{"count", "total"}));
  ASSERT_NE(t.op, nullptr);
  EXPECT_EQ(t.ToJson(), OpParseJson(R"({"selection":["count","total"],
      "binaryOperator":{"class":"uk.gov.gchq.koryphe.impl.binaryoperator.Min"}})"));
}

TEST(TupleBinaryOperatorTest, Errors) {
  EXPECT_THAT(
      ParseTupleBinaryOperator(OpParseJson(R"({"binaryOperator":{"class":"Min"}})"), "ops[0]"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "ops[0].selection"));
  EXPECT_THAT(ParseTupleBinaryOperator(
                  OpParseJson(R"({"selection":[1],"binaryOperator":{"class":"Min"}})"), "ops[0]"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "ops[0].selection[0]"));
  EXPECT_THAT(ParseTupleBinaryOperator(OpParseJson(R"({"selection":["a"]})"), "ops[0]"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "ops[0].binaryOperator"));
  EXPECT_THAT(ParseTupleBinaryOperator(
                  OpParseJson(R"({"selection":["a"],"binaryOperator":{"class":"Nope"}})"), "o"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "o.binaryOperator.class"));
}

}  // namespace
}  // namespace quarry
