// End to end over real HTTP: tests/server/e2e/rest_api_e2e.py (Debian's
// python3-requests) against `quarry serve --http-port` on an empty graph with
// the road-traffic schema, with the e2e users file (so every request
// authenticates with HTTP Basic). The script loads the tiny road-traffic
// data through REST and checks every endpoint, error bodies and auth; its
// expected values are worked out in its docstring.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/server/e2e/e2e_fixture.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing_rpc {
namespace {

bool PythonHasRequests() {
  return RunCommand("/usr/bin/python3", {"-c", "import requests"}).exit_code == 0;
}

// A loopback port that was free a moment ago (the kernel's choice for port 0).
int FreeLoopbackPort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  socklen_t length = sizeof(address);
  int port = -1;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
    port = ntohs(address.sin_port);
  }
  ::close(fd);
  return port;
}

class RestPythonE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!PythonHasRequests()) {
      GTEST_SKIP() << "/usr/bin/python3 lacks requests (apt-get install python3-requests)";
    }
    root_ = ::testing::TempDir() + "/quarry_rest_e2e_" + std::to_string(::getpid());
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_);
    graph_ = root_ + "/roadTrafficRest";
    users_ = root_ + "/users.json";
    std::ofstream(users_) << kUsersFile;
    const std::string schema = quarry::testing::SharedDir() + "/gaffer-examples/road-traffic/";
    CommandResult created =
        RunCommand(QUARRY_BINARY, {"create", graph_, "--schema", schema + "elements.json",
                                   "--schema", schema + "types.json"});
    ASSERT_EQ(created.exit_code, 0) << created.out;
    http_port_ = FreeLoopbackPort();
    ASSERT_GT(http_port_, 0);
    ASSERT_TRUE(server_.Start(
        QUARRY_BINARY,
        {"serve", graph_, "--users", users_, "--http-port", std::to_string(http_port_)}, 0))
        << server_.log();
  }

  void TearDown() override {
    std::error_code ignored;
    std::filesystem::remove_all(root_, ignored);
  }

  std::string root_;
  std::string graph_;
  std::string users_;
  int http_port_ = -1;
  ServeProcess server_;
};

TEST_F(RestPythonE2eTest, EveryEndpointOverHttp) {
  CommandResult run = RunCommand(
      "/usr/bin/python3", {QUARRY_SOURCE_DIR "/tests/server/e2e/rest_api_e2e.py",
                           "http://127.0.0.1:" + std::to_string(http_port_) + "/rest", "--user",
                           "alice", "--token", "alice-secret", "--graph-id", "roadTrafficRest"});
  EXPECT_EQ(run.exit_code, 0) << run.out << "\nserver log:\n" << server_.log();
  EXPECT_NE(run.out.find("rest e2e ok"), std::string::npos) << run.out;
  EXPECT_EQ(server_.Stop(), 0) << server_.log();
}

}  // namespace
}  // namespace quarry::testing_rpc
