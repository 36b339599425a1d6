// Acceptance (issue 19): health turning DOWN when the data directory is
// made read-only (REST /graph/status and Thrift status()), and SIGHUP
// reloading the users file (good file: new users in, old connections kept;
// bad file: the old users kept, and why).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/server/e2e/e2e_fixture.h"
#include "tests/server/operating/operating_fixture.h"

namespace quarry::testing_rpc {
namespace {

namespace fs = std::filesystem;
using HealthReloadE2eTest = OperatingTest;

TEST_F(HealthReloadE2eTest, HealthTurnsDownWhenTheDataDirectoryIsMadeReadOnly) {
  Serve({});
  HttpTestResponse up = Get("/rest/graph/status", 0, AliceBasic());
  EXPECT_EQ(up.status, 200) << up.body;
  EXPECT_EQ(Json::parse(up.body, nullptr, false), Json::parse(R"({"status": "UP"})"));
  TestClient thrift(server_.port());
  rpc::ServiceStatus status;
  thrift->status(status);
  EXPECT_EQ(status.status, "UP");

  fs::permissions(graph_dir_, fs::perms::owner_read | fs::perms::owner_exec |
                                  fs::perms::group_read | fs::perms::group_exec |
                                  fs::perms::others_read | fs::perms::others_exec);
  HttpTestResponse down = Get("/rest/graph/status", 0, AliceBasic());
  EXPECT_EQ(down.status, 503) << down.body;
  Json body = Json::parse(down.body, nullptr, false);
  EXPECT_EQ(body["status"], "DOWN") << down.body;
  EXPECT_EQ(body["reason"], "data directory " + graph_dir_ + " is read-only (mode 0555)");
  thrift->status(status);
  EXPECT_EQ(status.status, "DOWN");
  EXPECT_EQ(status.reason, "data directory " + graph_dir_ + " is read-only (mode 0555)");

  fs::permissions(graph_dir_, fs::perms::owner_write, fs::perm_options::add);
  EXPECT_EQ(Get("/rest/graph/status", 0, AliceBasic()).status, 200);
  thrift->status(status);
  EXPECT_EQ(status.status, "UP");
}

TEST_F(HealthReloadE2eTest, SighupReloadsTheUsersFileWithoutDroppingConnections) {
  Serve({});
  TestClient before(server_.port());  // Open across the reload.
  std::string count;
  before->execute(count, AliceCredentials(), kCountChain);
  EXPECT_EQ(count, "0");
  EXPECT_EQ(ErrorCode([&] { before->execute(count, CarolCredentials(), kCountChain); }),
            "UNAUTHENTICATED");

  std::ofstream(users_file_, std::ios::trunc) << kCarolUsersFile;
  SendSignal(SIGHUP);
  ASSERT_TRUE(WaitForLog("reloaded users file " + users_file_)) << server_.log();
  before->execute(count, CarolCredentials(), kCountChain);  // Same connection.
  EXPECT_EQ(count, "0");
  EXPECT_EQ(ErrorCode([&] { before->execute(count, AliceCredentials(), kCountChain); }),
            "UNAUTHENTICATED");
  EXPECT_EQ(Execute(kCountChain, BasicAuthorization("carol", "carol-secret")).status, 200);
  EXPECT_EQ(Execute(kCountChain, AliceBasic()).status, 401);
}

TEST_F(HealthReloadE2eTest, SighupWithABadUsersFileKeepsTheOldOneAndSaysWhy) {
  Serve({});
  std::ofstream(users_file_, std::ios::trunc) << R"({"users": [{"userId": "carol"}]})";
  SendSignal(SIGHUP);
  ASSERT_TRUE(
      WaitForLog("reloading users file " + users_file_ + " failed, the previous one is kept: "))
      << server_.log();
  EXPECT_NE(server_.log().find("users[0].tokenSha256"), std::string::npos) << server_.log();
  std::ofstream(users_file_, std::ios::trunc) << "{not json";
  SendSignal(SIGHUP);
  ASSERT_TRUE(WaitForLog("not valid JSON")) << server_.log();
  // Alice, from the file as it was at start, still gets in; carol does not.
  EXPECT_EQ(Execute(kCountChain, AliceBasic()).status, 200);
  EXPECT_EQ(Execute(kCountChain, BasicAuthorization("carol", "carol-secret")).status, 401);
  TestClient thrift(server_.port());
  std::string count;
  thrift->execute(count, AliceCredentials(), kCountChain);
  EXPECT_EQ(count, "0");
}

}  // namespace
}  // namespace quarry::testing_rpc
