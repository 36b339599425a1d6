#include "server/rest/internal/http_target.h"

#include <gtest/gtest.h>

#include "tests/testutil/status_matchers.h"

namespace quarry::rest_internal {
namespace {

using ::quarry::testing::StatusIs;

TEST(HttpTargetTest, PercentDecodeDecodesEscapesOfEitherCase) {
  ASSERT_OK_AND_ASSIGN(std::string decoded, PercentDecode("/graph/a%20b%2Fc%c3%A9+d"));
  EXPECT_EQ(decoded, "/graph/a b/c\xc3\xa9+d");  // '+' is not a space in a path.
}

TEST(HttpTargetTest, PercentDecodeRefusesBadEscapes) {
  EXPECT_THAT(PercentDecode("/a%2"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(PercentDecode("/a%"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(PercentDecode("/a%zz"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(PercentDecode("/a%00b"), StatusIs(StatusCode::kInvalidArgument));
}

TEST(HttpTargetTest, ParseTargetSplitsQueryAndDropsFragment) {
  ASSERT_OK_AND_ASSIGN(HttpTarget target, ParseTarget("/rest/graph/jobs/a%2Db?offset=1&x=%41#top"));
  EXPECT_EQ(target.path, "/rest/graph/jobs/a-b");
  EXPECT_EQ(target.query, "offset=1&x=%41");  // The query stays encoded.
  ASSERT_OK_AND_ASSIGN(HttpTarget bare, ParseTarget("/rest"));
  EXPECT_EQ(bare.path, "/rest");
  EXPECT_EQ(bare.query, "");
}

TEST(HttpTargetTest, ParseTargetRefusesNonOriginForms) {
  EXPECT_THAT(ParseTarget("http://example.com/rest"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseTarget("*"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ParseTarget(""), StatusIs(StatusCode::kInvalidArgument));
}

TEST(HttpTargetTest, StripApiRootAcceptsTheThreeRoots) {
  EXPECT_EQ(StripApiRoot("/rest/graph/status"), "/graph/status");
  EXPECT_EQ(StripApiRoot("/rest/v2/graph/status"), "/graph/status");
  EXPECT_EQ(StripApiRoot("/rest/latest/graph/status"), "/graph/status");
  EXPECT_EQ(StripApiRoot("/rest"), "/");
  EXPECT_EQ(StripApiRoot("/rest/"), "/");
  EXPECT_EQ(StripApiRoot("/rest/v2"), "/");
  EXPECT_EQ(StripApiRoot("/rest/latest/"), "/");
}

TEST(HttpTargetTest, StripApiRootLeavesOtherPathsAlone) {
  EXPECT_EQ(StripApiRoot("/restless"), std::nullopt);
  EXPECT_EQ(StripApiRoot("/ui/index.html"), std::nullopt);
  EXPECT_EQ(StripApiRoot("/"), std::nullopt);
  EXPECT_EQ(StripApiRoot("/REST/graph"), std::nullopt);
  // A version-like segment that is not a root stays in the path.
  EXPECT_EQ(StripApiRoot("/rest/v2x/status"), "/v2x/status");
  EXPECT_EQ(StripApiRoot("/rest/v1/status"), "/v1/status");
}

TEST(HttpTargetTest, PathHasPrefixMatchesWholeSegments) {
  EXPECT_TRUE(PathHasPrefix("/ui", "/ui"));
  EXPECT_TRUE(PathHasPrefix("/ui/index.html", "/ui"));
  EXPECT_FALSE(PathHasPrefix("/uix", "/ui"));
  EXPECT_TRUE(PathHasPrefix("/ui/x", "/ui/"));
  EXPECT_FALSE(PathHasPrefix("/ui", "/ui/"));
  EXPECT_FALSE(PathHasPrefix("/metric", "/metrics"));
}

}  // namespace
}  // namespace quarry::rest_internal
