// Safe defaults: which binds are refused, and the server's authoriser.
#include "server/service/exposure.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::testing::HasSubstr;

TEST(ExposureTest, LoopbackAddresses) {
  for (const char* address : {"127.0.0.1", "::1", "0:0:0:0:0:0:0:1", "localhost"}) {
    EXPECT_TRUE(IsLoopbackAddress(address)) << address;
  }
  for (const char* address : {"0.0.0.0", "127.0.0.2", "10.1.2.3", "::", "example.com"}) {
    EXPECT_FALSE(IsLoopbackAddress(address)) << address;
  }
}

TEST(ExposureTest, NonLoopbackNeedsTlsAndUsers) {
  EXPECT_OK(CheckExposure({"127.0.0.1", false, false, false}, stderr));
  EXPECT_OK(CheckExposure({"0.0.0.0", true, true, false}, stderr));
  Status plain = CheckExposure({"0.0.0.0", false, true, false}, stderr);
  EXPECT_THAT(plain, StatusIs(StatusCode::kFailedPrecondition));
  EXPECT_THAT(plain.message(), HasSubstr("refusing to bind non-loopback address 0.0.0.0"));
  EXPECT_THAT(plain.message(), HasSubstr("clear text"));
  EXPECT_THAT(plain.message(), HasSubstr("--tls-cert and --tls-key"));
  EXPECT_THAT(plain.message(), HasSubstr("--insecure-allow-plaintext"));
  Status anonymous = CheckExposure({"10.0.0.5", true, false, false}, stderr);
  EXPECT_THAT(anonymous, StatusIs(StatusCode::kFailedPrecondition));
  EXPECT_THAT(anonymous.message(), HasSubstr("--users FILE"));
  EXPECT_THAT(anonymous.message(), ::testing::Not(HasSubstr("clear text")));
}

TEST(ExposureTest, InsecureAllowPlaintextWarns) {
  std::FILE* log = std::tmpfile();
  EXPECT_OK(CheckExposure({"0.0.0.0", false, false, true}, log));
  std::rewind(log);
  char buffer[1024] = {0};
  size_t n = std::fread(buffer, 1, sizeof(buffer) - 1, log);
  EXPECT_THAT(std::string(buffer, n), HasSubstr("WARNING: serving on 0.0.0.0 insecurely"));
  std::fclose(log);
}

TEST(ExposureTest, AnonymousServerRequiresWriteForWrites) {
  ASSERT_OK_AND_ASSIGN(auto read_only, MakeServerAuthoriser(std::nullopt, true, false));
  ASSERT_NE(read_only, nullptr);
  EXPECT_THAT(read_only->AuthoriseKind(OperationKind::kAddElements, "UNKNOWN", {}),
              StatusIs(StatusCode::kPermissionDenied));
  EXPECT_THAT(read_only->AuthoriseKind(OperationKind::kDeleteElements, "UNKNOWN", {}),
              StatusIs(StatusCode::kPermissionDenied));
  EXPECT_OK(read_only->AuthoriseKind(OperationKind::kGetElements, "UNKNOWN", {}));
  // --anonymous-writes, or a users file: nothing required by default.
  ASSERT_OK_AND_ASSIGN(auto writes, MakeServerAuthoriser(std::nullopt, true, true));
  EXPECT_EQ(writes, nullptr);
  ASSERT_OK_AND_ASSIGN(auto users, MakeServerAuthoriser(std::nullopt, false, false));
  EXPECT_EQ(users, nullptr);
}

TEST(ExposureTest, OperationAuthsFile) {
  const std::string path = ::testing::TempDir() + "/exposure_auths.json";
  std::ofstream(path) << R"({"auths": {"GetAllElements": ["reader"]}})";
  ASSERT_OK_AND_ASSIGN(auto hook, MakeServerAuthoriser(path, false, false));
  ASSERT_NE(hook, nullptr);
  EXPECT_THAT(hook->AuthoriseKind(OperationKind::kGetAllElements, "alice", {}),
              StatusIs(StatusCode::kPermissionDenied));
  EXPECT_OK(hook->AuthoriseKind(OperationKind::kGetAllElements, "alice", {"reader"}));
  EXPECT_THAT(MakeServerAuthoriser(path + ".missing", false, false).status(),
              StatusIs(StatusCode::kNotFound));
}

}  // namespace
}  // namespace quarry
