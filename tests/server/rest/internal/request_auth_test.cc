#include "server/rest/internal/request_auth.h"

#include <gtest/gtest.h>

#include "tests/testutil/status_matchers.h"

namespace quarry::rest_internal {
namespace {

using ::quarry::testing::StatusIs;

// printf 'alice-secret' | sha256sum
constexpr char kUsers[] = R"({"users": [{"userId": "alice",
  "tokenSha256": "0c848abb03307b06cf70cd4e29c157dc81af5e94ab3eb1d0c59a120269572376",
  "dataAuths": ["public"], "opAuths": ["User"]}]})";

// base64("alice:alice-secret"), base64("alice:wrong"), base64("anonymous:x"),
// base64("mallory:x").
constexpr char kAliceRight[] = "Basic YWxpY2U6YWxpY2Utc2VjcmV0";
constexpr char kAliceWrong[] = "Basic YWxpY2U6d3Jvbmc=";
constexpr char kAnonymous[] = "Basic YW5vbnltb3VzOng=";
constexpr char kMallory[] = "Basic bWFsbG9yeTp4";

TEST(RequestAuthTest, UsersFileRequiresRightBasicCredentials) {
  ASSERT_OK_AND_ASSIGN(UserDirectory users, UserDirectory::Parse(kUsers, "users.json"));
  ASSERT_OK_AND_ASSIGN(User alice, AuthenticateRequest(users, kAliceRight));
  EXPECT_EQ(alice.user_id, "alice");
  EXPECT_EQ(alice.data_auths, std::vector<std::string>{"public"});
  EXPECT_EQ(alice.op_auths, std::vector<std::string>{"User"});
  EXPECT_THAT(AuthenticateRequest(users, std::nullopt), StatusIs(StatusCode::kUnauthenticated));
  EXPECT_THAT(AuthenticateRequest(users, kAliceWrong), StatusIs(StatusCode::kUnauthenticated));
  EXPECT_THAT(AuthenticateRequest(users, kMallory), StatusIs(StatusCode::kUnauthenticated));
  EXPECT_THAT(AuthenticateRequest(users, "Bearer x"), StatusIs(StatusCode::kUnauthenticated));
}

TEST(RequestAuthTest, AnonymousOnlyMakesNoHeaderUnknownAndRefusesOtherUsers) {
  const UserDirectory users = UserDirectory::AnonymousOnly();
  ASSERT_OK_AND_ASSIGN(User unknown, AuthenticateRequest(users, std::nullopt));
  EXPECT_EQ(unknown.user_id, "UNKNOWN");
  EXPECT_TRUE(unknown.data_auths.empty());
  ASSERT_OK_AND_ASSIGN(User anonymous, AuthenticateRequest(users, kAnonymous));
  EXPECT_EQ(anonymous.user_id, "anonymous");
  EXPECT_THAT(AuthenticateRequest(users, kAliceRight), StatusIs(StatusCode::kUnauthenticated));
}

}  // namespace
}  // namespace quarry::rest_internal
