#include "server/rest/internal/basic_auth.h"

#include <gtest/gtest.h>

#include "tests/testutil/status_matchers.h"

namespace quarry::rest_internal {
namespace {

using ::quarry::testing::StatusIs;

TEST(BasicAuthTest, DecodeBase64MatchesRfc4648Vectors) {
  const std::pair<const char*, const char*> vectors[] = {{"", ""},
                                                         {"Zg==", "f"},
                                                         {"Zm8=", "fo"},
                                                         {"Zm9v", "foo"},
                                                         {"Zm9vYg==", "foob"},
                                                         {"Zm9vYmE=", "fooba"},
                                                         {"Zm9vYmFy", "foobar"}};
  for (const auto& [encoded, plain] : vectors) {
    ASSERT_OK_AND_ASSIGN(std::string decoded, DecodeBase64(encoded));
    EXPECT_EQ(decoded, plain) << encoded;
  }
}

TEST(BasicAuthTest, DecodeBase64RefusesMalformedText) {
  EXPECT_THAT(DecodeBase64("Zm9"), StatusIs(StatusCode::kInvalidArgument));       // Length.
  EXPECT_THAT(DecodeBase64("Zm9*"), StatusIs(StatusCode::kInvalidArgument));      // Alphabet.
  EXPECT_THAT(DecodeBase64("Zg==Zm9v"), StatusIs(StatusCode::kInvalidArgument));  // Padding.
  EXPECT_THAT(DecodeBase64("Z=g="), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(DecodeBase64("Zm=v"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(DecodeBase64("===="), StatusIs(StatusCode::kInvalidArgument));
}

TEST(BasicAuthTest, ParsesRfc7617Example) {
  // RFC 7617 section 2: "Aladdin" with password "open sesame".
  ASSERT_OK_AND_ASSIGN(BasicCredentials credentials,
                       ParseBasicAuthorization("Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=="));
  EXPECT_EQ(credentials.user_id, "Aladdin");
  EXPECT_EQ(credentials.token, "open sesame");
}

TEST(BasicAuthTest, SchemeIsCaseInsensitiveAndTokenMayHoldColons) {
  // base64("alice:a:b:") = YWxpY2U6YTpiOg==
  ASSERT_OK_AND_ASSIGN(BasicCredentials credentials,
                       ParseBasicAuthorization("bAsIc   YWxpY2U6YTpiOg=="));
  EXPECT_EQ(credentials.user_id, "alice");
  EXPECT_EQ(credentials.token, "a:b:");
  // base64("bob:") = Ym9iOg==: an empty token is still a token.
  ASSERT_OK_AND_ASSIGN(BasicCredentials empty_token, ParseBasicAuthorization("Basic Ym9iOg=="));
  EXPECT_EQ(empty_token.user_id, "bob");
  EXPECT_EQ(empty_token.token, "");
}

TEST(BasicAuthTest, RefusesOtherSchemesAndMalformedCredentials) {
  EXPECT_THAT(ParseBasicAuthorization("Bearer abc"), StatusIs(StatusCode::kUnauthenticated));
  EXPECT_THAT(ParseBasicAuthorization("Basic"), StatusIs(StatusCode::kUnauthenticated));
  EXPECT_THAT(ParseBasicAuthorization("Basic !!!!"), StatusIs(StatusCode::kUnauthenticated));
  // base64("alice") = YWxpY2U=: no colon.
  EXPECT_THAT(ParseBasicAuthorization("Basic YWxpY2U="), StatusIs(StatusCode::kUnauthenticated));
  // base64(":secret") = OnNlY3JldA==: empty user id.
  EXPECT_THAT(ParseBasicAuthorization("Basic OnNlY3JldA=="),
              StatusIs(StatusCode::kUnauthenticated));
}

}  // namespace
}  // namespace quarry::rest_internal
