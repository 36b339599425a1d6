#include "graph-core/json_depth.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

// One scanner: CheckJsonDepth refuses what JsonNestingDepth measures.
TEST(JsonDepthTest, MeasuresTheDeepestNesting) {
  EXPECT_EQ(JsonNestingDepth("1", 10), 0);
  EXPECT_EQ(JsonNestingDepth("[[],{\"a\":[1]}]", 10), 3);
  EXPECT_EQ(JsonNestingDepth(R"(["\"[[[", "\\", [2]])", 10), 2);
  EXPECT_EQ(JsonNestingDepth("[[[[[[", 3), 4);  // Stops early.
  size_t at = 0;
  EXPECT_EQ(JsonNestingDepth("[ [[[", 2, &at), 3);
  EXPECT_EQ(at, 3u);  // The third '['.
  EXPECT_EQ(JsonNestingDepth("[1]", 2, &at), 1);
  EXPECT_EQ(at, 3u);  // Not exceeded: the text's size.
}

TEST(JsonGuardTest, AcceptsDepthAtTheLimit) {
  EXPECT_OK(CheckJsonDepth("[[[1]]]", 3));
  EXPECT_OK(CheckJsonDepth(R"({"a": {"b": [1, 2]}})", 3));
}

TEST(JsonGuardTest, RefusesOneLevelTooDeep) {
  EXPECT_THAT(CheckJsonDepth("[[[[1]]]]", 3),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "deeper than 3"));
  EXPECT_THAT(CheckJsonDepth("[[[[1]]]]", 3),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "operation JSON nests deeper than 3 levels (at byte 3)"));
  EXPECT_THAT(CheckJsonDepth("[[1]]", 1, "value"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "value nests deeper than 1"));
}

TEST(JsonGuardTest, RefusesTwoHundredThousandLevels) {
  std::string deep(200000, '[');
  deep += std::string(200000, ']');
  EXPECT_THAT(CheckJsonDepth(deep, 200), StatusIs(StatusCode::kInvalidArgument));
}

TEST(JsonGuardTest, IgnoresBracketsInsideStrings) {
  EXPECT_OK(CheckJsonDepth(R"(["[[[[[[", "{{{{{{{"])", 1));
  // An escaped quote does not end the string.
  EXPECT_OK(CheckJsonDepth(R"(["a\"[[[[", "\\"])", 1));
  EXPECT_THAT(CheckJsonDepth(R"(["\\", [[1]]])", 2), StatusIs(StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace quarry
