#include "server/internal/json_guard.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/testutil/status_matchers.h"

namespace quarry::server_internal {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

TEST(JsonGuardTest, AcceptsDepthAtTheLimit) {
  EXPECT_OK(CheckJsonDepth("[[[1]]]", 3));
  EXPECT_OK(CheckJsonDepth(R"({"a": {"b": [1, 2]}})", 3));
}

TEST(JsonGuardTest, RefusesOneLevelTooDeep) {
  EXPECT_THAT(CheckJsonDepth("[[[[1]]]]", 3),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "deeper than 3"));
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
}  // namespace quarry::server_internal
