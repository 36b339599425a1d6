#include "cli/config_file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "cli/args.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::cli {
namespace {

using Args = std::vector<std::string>;

TEST(ConfigFileTest, ParsesNameValueLinesSkippingCommentsAndBlanks) {
  ASSERT_OK_AND_ASSIGN(auto settings, ParseConfigText("# a comment\n\n  port = 9090  # thrift\n"
                                                      "--users=/etc/u.json\nbind =\n",
                                                      "q.conf"));
  ASSERT_EQ(settings.size(), 3u);
  EXPECT_EQ(settings[0].name, "port");
  EXPECT_EQ(settings[0].value, "9090");
  EXPECT_EQ(settings[0].line, 3);
  EXPECT_EQ(settings[1].name, "users");
  EXPECT_EQ(settings[1].value, "/etc/u.json");
  EXPECT_EQ(settings[2].name, "bind");
  EXPECT_EQ(settings[2].value, "");
}

TEST(ConfigFileTest, ALineWithoutEqualsNamesFileAndLine) {
  Result<std::vector<ConfigSetting>> settings = ParseConfigText("port = 1\nport 2\n", "q.conf");
  EXPECT_THAT(settings.status(), ::quarry::testing::StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(settings.status().message(), "quarry serve: q.conf:2: expected 'name = value'");
}

class ConfigFileExpandTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = ::testing::TempDir() + "/config_file_test_" + std::to_string(::getpid()) + ".conf";
  }
  void TearDown() override { std::filesystem::remove(path_); }
  void Write(const std::string& text) { std::ofstream(path_) << text; }
  std::string path_;
};

TEST_F(ConfigFileExpandTest, ServeReadsTheSameSettingsAsItsFlagsAndFlagsWin) {
  Write(
      "graph = /var/lib/quarry/roads\nport = 9191\nhttp-port = 8181\n"
      "users = /etc/quarry/users.json\nrequest-log = /var/log/q.log\nmetrics-port = 9100\n");
  ASSERT_OK_AND_ASSIGN(Command command,
                       ParseCommandLine({"serve", "--config", path_, "--port", "9292"}));
  const ServeArgs& serve = std::get<ServeArgs>(command);
  EXPECT_EQ(serve.graph_dir, "/var/lib/quarry/roads");
  EXPECT_EQ(serve.port, 9292);  // The command line wins.
  EXPECT_EQ(serve.http_port, 8181);
  EXPECT_TRUE(serve.thrift);
  EXPECT_EQ(serve.users_file, "/etc/quarry/users.json");
  EXPECT_EQ(serve.request_log, "/var/log/q.log");
  EXPECT_EQ(serve.metrics_port, 9100);
}

TEST_F(ConfigFileExpandTest, CommandLineGraphDirWinsOverTheFiles) {
  Write("graph = /from/file\n");
  ASSERT_OK_AND_ASSIGN(Command command,
                       ParseCommandLine({"serve", "/from/args", "--config=" + path_}));
  EXPECT_EQ(std::get<ServeArgs>(command).graph_dir, "/from/args");
}

TEST_F(ConfigFileExpandTest, UnknownSettingNamesFileAndLine) {
  Write("port = 1\nprot = 2\n");
  Result<Command> command = ParseCommandLine({"serve", "g", "--config", path_});
  EXPECT_THAT(command.status(), ::quarry::testing::StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(command.status().message(), "quarry serve: " + path_ + ":2: unknown setting 'prot'");
}

TEST_F(ConfigFileExpandTest, BadValueIsTheFlagsOwnError) {
  Write("port = lots\n");
  Result<Command> command = ParseCommandLine({"serve", "g", "--config", path_});
  EXPECT_THAT(command.status(), ::quarry::testing::StatusIs(StatusCode::kInvalidArgument));
  EXPECT_NE(command.status().message().find("--port: expected a whole number"), std::string::npos)
      << command.status().message();
}

TEST_F(ConfigFileExpandTest, MissingFileIsNotFound) {
  Result<Command> command = ParseCommandLine({"serve", "g", "--config", path_ + ".missing"});
  EXPECT_THAT(command.status(), ::quarry::testing::StatusIs(StatusCode::kNotFound));
}

TEST(ConfigFileArgsTest, ReadOnlyFlagsOfExecAndInfo) {
  ASSERT_OK_AND_ASSIGN(Command exec, ParseCommandLine({"exec", "g", "--read-only", "op.json"}));
  EXPECT_TRUE(std::get<ExecArgs>(exec).read_only);
  ASSERT_OK_AND_ASSIGN(Command info, ParseCommandLine({"info", "g", "--read-only"}));
  EXPECT_TRUE(std::get<InfoArgs>(info).read_only);
  ASSERT_OK_AND_ASSIGN(Command plain, ParseCommandLine({"info", "g"}));
  EXPECT_FALSE(std::get<InfoArgs>(plain).read_only);
}

}  // namespace
}  // namespace quarry::cli
