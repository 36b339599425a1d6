#include "server/users.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

// printf 'alice-secret' | sha256sum ; printf 'bob-secret' | sha256sum
constexpr char kAliceHash[] = "0c848abb03307b06cf70cd4e29c157dc81af5e94ab3eb1d0c59a120269572376";
constexpr char kBobHashUpper[] = "9F03EF1533A68D2F506F81EF463C1183A82A6BD40E45613F36E6FE1889CF1B99";

std::string TwoUsers() {
  return std::string(R"({"users": [
    {"userId": "alice", "tokenSha256": ")") +
         kAliceHash + R"(", "dataAuths": ["public", "private"], "opAuths": ["User"]},
    {"userId": "bob", "tokenSha256": ")" +
         kBobHashUpper + R"("}]})";
}

TEST(UserDirectoryTest, ParsesUsersWithAuths) {
  ASSERT_OK_AND_ASSIGN(UserDirectory users, UserDirectory::Parse(TwoUsers(), "users.json"));
  EXPECT_EQ(users.size(), 2u);
  EXPECT_FALSE(users.anonymous_only());
  ASSERT_OK_AND_ASSIGN(UserRecord alice, users.Authenticate("alice", "alice-secret"));
  EXPECT_EQ(alice.user_id, "alice");
  EXPECT_EQ(alice.data_auths, (std::vector<std::string>{"public", "private"}));
  EXPECT_EQ(alice.op_auths, (std::vector<std::string>{"User"}));
}

TEST(UserDirectoryTest, UpperCaseHashIsAccepted) {
  ASSERT_OK_AND_ASSIGN(UserDirectory users, UserDirectory::Parse(TwoUsers(), "users.json"));
  ASSERT_OK_AND_ASSIGN(UserRecord bob, users.Authenticate("bob", "bob-secret"));
  EXPECT_TRUE(bob.data_auths.empty());
}

TEST(UserDirectoryTest, WrongMissingTokenAndUnknownUserAreUnauthenticated) {
  ASSERT_OK_AND_ASSIGN(UserDirectory users, UserDirectory::Parse(TwoUsers(), "users.json"));
  EXPECT_THAT(users.Authenticate("alice", "bob-secret"), StatusIs(StatusCode::kUnauthenticated));
  EXPECT_THAT(users.Authenticate("alice", std::nullopt), StatusIs(StatusCode::kUnauthenticated));
  EXPECT_THAT(users.Authenticate("alice", ""), StatusIs(StatusCode::kUnauthenticated));
  EXPECT_THAT(users.Authenticate("mallory", "alice-secret"),
              StatusIsWithMessage(StatusCode::kUnauthenticated, "mallory"));
  // A users file disables anonymous access.
  EXPECT_THAT(users.Authenticate("anonymous", std::nullopt),
              StatusIs(StatusCode::kUnauthenticated));
}

TEST(UserDirectoryTest, AnonymousOnlyAcceptsAnonymousIdsWithoutAuths) {
  UserDirectory users = UserDirectory::AnonymousOnly();
  EXPECT_TRUE(users.anonymous_only());
  ASSERT_OK_AND_ASSIGN(UserRecord anon, users.Authenticate("anonymous", std::nullopt));
  EXPECT_TRUE(anon.data_auths.empty());
  EXPECT_TRUE(anon.op_auths.empty());
  ASSERT_OK_AND_ASSIGN(UserRecord unknown, users.Authenticate("UNKNOWN", "whatever"));
  EXPECT_EQ(unknown.user_id, "UNKNOWN");
  EXPECT_THAT(users.Authenticate("alice", "alice-secret"),
              StatusIsWithMessage(StatusCode::kUnauthenticated, "no users file"));
}

struct BadFile {
  const char* json;
  const char* message;
};

TEST(UserDirectoryTest, BadFilesNameThePath) {
  const std::string hash = kAliceHash;
  const BadFile cases[] = {
      {"not json", "not valid JSON"},
      {"[]", "expected an object"},
      {R"({"users": {}})", "users: expected an array"},
      {R"({"user": []})", "user: unknown key"},
      {R"({"users": [{"tokenSha256": "00"}]})", "users[0].tokenSha256: expected 64 hex"},
      {R"({"users": [{"userId": "a"}]})", "users[0].tokenSha256: missing"},
      {R"({"users": [{"userId": 5}]})", "users[0].userId: expected a non-empty string"},
      {R"({"users": [{"userId": "a", "dataAuth": []}]})", "users[0].dataAuth: unknown key"},
      {R"({"users": [{"userId": "a", "dataAuths": "x"}]})",
       "users[0].dataAuths: expected an array"},
      {R"({"users": [{"userId": "a", "opAuths": [""]}]})", "users[0].opAuths[0]: an auth may not"},
      {R"({"users": [{"userId": "a", "tokenSha256": "zz)"
       "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\"}]}",
       "users[0].tokenSha256: expected 64 hex"},
  };
  for (const BadFile& c : cases) {
    EXPECT_THAT(UserDirectory::Parse(c.json, "u.json"),
                StatusIsWithMessage(StatusCode::kInvalidArgument, c.message))
        << c.json;
  }
}

TEST(UserDirectoryTest, DuplicateUserIsRefused) {
  const std::string text = std::string(R"({"users": [{"userId": "a", "tokenSha256": ")") +
                           kAliceHash + R"("}, {"userId": "a", "tokenSha256": ")" + kAliceHash +
                           R"("}]})";
  EXPECT_THAT(UserDirectory::Parse(text, "u.json"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "users[1].userId: duplicate"));
}

TEST(UserDirectoryTest, FromFileReadsAndReportsMissingFiles) {
  const std::string path = ::testing::TempDir() + "/quarry_users_test.json";
  {
    std::ofstream out(path);
    out << TwoUsers();
  }
  ASSERT_OK_AND_ASSIGN(UserDirectory users, UserDirectory::FromFile(path));
  EXPECT_EQ(users.size(), 2u);
  EXPECT_THAT(UserDirectory::FromFile(path + ".missing"), StatusIs(StatusCode::kNotFound));
}

// branch service (issue 19): SIGHUP's reload swaps the table every copy
// (the transports' own) sees.
TEST(UserDirectoryTest, ReplaceChangesTheUsersOfEveryCopy) {
  ASSERT_OK_AND_ASSIGN(UserDirectory users, UserDirectory::Parse(TwoUsers(), "users.json"));
  UserDirectory transport_copy = users;
  ASSERT_OK_AND_ASSIGN(
      UserDirectory fresh,
      UserDirectory::Parse(
          R"({"users": [{"userId": "carol", "tokenSha256": "9e1d0a638ff9fd18986d8057aef3c36871aa54b27a6fcc6411fb32f8325675e2"}]})",
          "users.json"));
  users.Replace(fresh);
  EXPECT_EQ(transport_copy.size(), 1u);
  EXPECT_OK(transport_copy.Authenticate("carol", std::string("carol-secret")).status());
  EXPECT_THAT(transport_copy.Authenticate("alice", std::string("alice-secret")),
              StatusIs(StatusCode::kUnauthenticated));
  users.Replace(UserDirectory::AnonymousOnly());
  EXPECT_TRUE(transport_copy.anonymous_only());
}

// --- branch tls (issue 20): quotas and client certificates.

TEST(UserDirectoryTest, QuotasPerUserAndDefaults) {
  const std::string text = std::string(R"({"defaultQuotas": {"maxOpenQueries": 5},
    "users": [{"userId": "alice", "tokenSha256": ")") +
                           kAliceHash + R"(", "quotas": {"maxConcurrentRequests": 2,
                 "maxBackgroundJobs": 1}},
              {"userId": "bob", "tokenSha256": ")" +
                           kBobHashUpper + R"("}]})";
  ASSERT_OK_AND_ASSIGN(UserDirectory users, UserDirectory::Parse(text, "users.json"));
  const UserQuotas alice = users.QuotasFor("alice");
  EXPECT_EQ(alice.max_open_queries, 5);  // The file's default.
  EXPECT_EQ(alice.max_concurrent_requests, 2);
  EXPECT_EQ(alice.max_background_jobs, 1);
  const UserQuotas bob = users.QuotasFor("bob");
  EXPECT_EQ(bob.max_open_queries, 5);
  EXPECT_EQ(bob.max_concurrent_requests, UserQuotas().max_concurrent_requests);
  EXPECT_EQ(users.QuotasFor("nobody").max_open_queries, 5);
}

TEST(UserDirectoryTest, BadQuotasNameThePath) {
  const std::string bad = std::string(R"({"users": [{"userId": "a", "tokenSha256": ")") +
                          kAliceHash + R"(", "quotas": {"maxOpenQueries": 0}}]})";
  EXPECT_THAT(UserDirectory::Parse(bad, "u.json"),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "u.json: users[0].quotas.maxOpenQueries: expected an integer of "
                                  "at least 1"));
  EXPECT_THAT(
      UserDirectory::Parse(R"({"users": [], "defaultQuotas": {"maxQueries": 3}})", "u.json"),
      StatusIsWithMessage(StatusCode::kInvalidArgument,
                          "u.json: defaultQuotas.maxQueries: unknown key"));
}

TEST(UserDirectoryTest, CertificateNamesAUser) {
  ASSERT_OK_AND_ASSIGN(UserDirectory users, UserDirectory::Parse(TwoUsers(), "users.json"));
  ASSERT_OK_AND_ASSIGN(UserRecord alice, users.AuthenticateCertificate("alice"));
  EXPECT_EQ(alice.data_auths, (std::vector<std::string>{"public", "private"}));
  EXPECT_THAT(users.AuthenticateCertificate("mallory"), StatusIs(StatusCode::kUnauthenticated));
  EXPECT_THAT(users.AuthenticateCertificate(""), StatusIs(StatusCode::kUnauthenticated));
}

}  // namespace
}  // namespace quarry
