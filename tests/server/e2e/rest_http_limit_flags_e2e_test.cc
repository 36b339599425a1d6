// End to end: the `quarry serve --http-*` limit flags take effect. Each test
// serves an empty "basic" graph over HTTP alone (no users file: anonymous
// requests) with small limits and checks that a request just inside a limit
// is served and one just over it gets the transport's answer (413, 431, a
// close, 503), from raw sockets.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "graph-core/json_value.h"
#include "tests/server/testing/http_test_client.h"
#include "tests/server/testing/quarry_process.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing_rpc {
namespace {

constexpr char kLimitExecute[] = "/rest/graph/operations/execute";
constexpr char kLimitCountAll[] = R"({"class": "uk.gov.gchq.gaffer.operation.OperationChain",
  "operations": [{"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"},
                 {"class": "uk.gov.gchq.gaffer.operation.impl.Count"}]})";

// A `quarry serve` over a fresh empty graph, HTTP only, with `flags`.
class LimitedServer {
 public:
  explicit LimitedServer(const std::vector<std::string>& flags) {
    root_ = ::testing::TempDir() + "/quarry_e2e_http_flags_" + std::to_string(getpid());
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_);
    const std::string basic = quarry::testing::SharedDir() + "/gaffer-examples/basic/";
    CommandResult created =
        RunCommand(QUARRY_BINARY, {"create", root_ + "/graph", "--schema", basic + "elements.json",
                                   "--schema", basic + "types.json"});
    EXPECT_EQ(created.exit_code, 0) << created.out;
    std::vector<std::string> args = {"serve", root_ + "/graph"};
    args.insert(args.end(), flags.begin(), flags.end());
    started_ = server_.Start(QUARRY_BINARY, args, /*port=*/-1, /*http_port=*/0);
    EXPECT_TRUE(started_) << server_.log();
  }
  ~LimitedServer() {
    if (started_) EXPECT_EQ(server_.Stop(), 0) << server_.log();
    std::filesystem::remove_all(root_);
  }
  bool started() const { return started_; }
  int port() const { return server_.http_port(); }

 private:
  std::string root_;
  ServeProcess server_;
  bool started_ = false;
};

// kLimitCountAll padded with spaces to exactly `size` bytes.
std::string CountBodyOfSize(size_t size) {
  std::string body = kLimitCountAll;
  if (body.size() < size) body.append(size - body.size(), ' ');
  return body;
}

void ExpectGafferError(const HttpTestResponse& response, int status, const std::string& text) {
  EXPECT_EQ(response.status, status) << response.body;
  Json body = Json::parse(response.body, nullptr, false);
  ASSERT_TRUE(body.is_object()) << response.body;
  EXPECT_EQ(body["statusCode"], status);
  EXPECT_NE(body.value("simpleMessage", "").find(text), std::string::npos) << response.body;
}

TEST(RestHttpLimitFlagsE2eTest, BodyAndHeaderLimitsFollowTheFlags) {
  LimitedServer server({"--http-max-body", "2048", "--http-max-header", "4096"});
  ASSERT_TRUE(server.started());
  HttpTestClient inside(server.port());
  HttpTestResponse counted = inside.Call(HttpRequest("POST", kLimitExecute, CountBodyOfSize(2048)));
  EXPECT_EQ(counted.status, 200) << counted.body;
  EXPECT_EQ(counted.body, "0");
  HttpTestClient over(server.port());
  ExpectGafferError(over.Call(HttpRequest("POST", kLimitExecute, CountBodyOfSize(2049))), 413,
                    "exceeds 2048 bytes");
  EXPECT_TRUE(over.WaitClosed(5000));
  // Headers: 3 KiB pass, 5 KiB are 431 (the default limit is 64 KiB).
  HttpTestClient small_headers(server.port());
  EXPECT_EQ(small_headers
                .Call(HttpRequest("GET", "/rest/graph/status", {}, {},
                                  {"X-Pad: " + std::string(3 << 10, 'h')}))
                .status,
            200);
  HttpTestClient big_headers(server.port());
  ExpectGafferError(big_headers.Call(HttpRequest("GET", "/rest/graph/status", {}, {},
                                                 {"X-Pad: " + std::string(5 << 10, 'h')})),
                    431, "exceed 4096 bytes");
}

TEST(RestHttpLimitFlagsE2eTest, HeaderAndIdleTimeoutsFollowTheFlags) {
  LimitedServer server({"--http-header-timeout-ms", "400", "--http-idle-timeout-ms", "600"});
  ASSERT_TRUE(server.started());
  HttpTestClient slow(server.port());
  ASSERT_TRUE(slow.Send("GET /rest/graph/status HTTP/1.1\r\n"));
  auto start = std::chrono::steady_clock::now();
  EXPECT_TRUE(slow.WaitClosed(5000));  // The default would be 10 s.
  auto waited = std::chrono::steady_clock::now() - start;
  EXPECT_LT(waited, std::chrono::milliseconds(3000));
  HttpTestClient idle(server.port());
  ASSERT_EQ(idle.Call(HttpRequest("GET", "/rest/graph/status")).status, 200);
  start = std::chrono::steady_clock::now();
  EXPECT_TRUE(idle.WaitClosed(5000));  // The default would be 60 s.
  waited = std::chrono::steady_clock::now() - start;
  EXPECT_GE(waited, std::chrono::milliseconds(400));
  EXPECT_LT(waited, std::chrono::milliseconds(3000));
}

TEST(RestHttpLimitFlagsE2eTest, ConnectionCapFollowsTheFlag) {
  LimitedServer server({"--http-max-connections", "2", "--http-workers", "1"});
  ASSERT_TRUE(server.started());
  HttpTestClient first(server.port());
  HttpTestClient second(server.port());
  ASSERT_EQ(first.Call(HttpRequest("GET", "/rest/graph/status")).status, 200);
  ASSERT_EQ(second.Call(HttpRequest("GET", "/rest/graph/status")).status, 200);
  HttpTestClient third(server.port());
  ExpectGafferError(third.Read(5000), 503, "too many connections");
  // The two kept-alive connections are still served, one worker at a time.
  HttpTestResponse counted = first.Call(HttpRequest("POST", kLimitExecute, kLimitCountAll));
  EXPECT_EQ(counted.status, 200) << counted.body;
  EXPECT_EQ(second.Call(HttpRequest("POST", kLimitExecute, kLimitCountAll)).status, 200);
}

}  // namespace
}  // namespace quarry::testing_rpc
