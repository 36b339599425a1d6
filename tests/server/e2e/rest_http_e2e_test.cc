// End to end: Gaffer's REST API over HTTP from `quarry serve --http-port`,
// beside Thrift on the same graph ("basic" schema, users file), driven by a
// raw-socket client: keep-alive, authentication, error bodies, limits and
// hostile clients. Only POST /graph/operations/execute, GET /graph/status
// and the Gaffer error bodies of the transport (401, 404, 413, 431, 400)
// are relied on.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <thread>

#include "tests/server/e2e/e2e_fixture.h"
#include "tests/server/testing/http_test_client.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing_rpc {
namespace {

constexpr char kExecute[] = "/rest/graph/operations/execute";
constexpr char kAddTwo[] = R"({"class": "uk.gov.gchq.gaffer.operation.impl.add.AddElements",
  "input": [{"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "BasicEntity",
             "vertex": "h1", "properties": {"count": 3}},
            {"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "BasicEntity",
             "vertex": "h2", "properties": {"count": 4}}]})";
constexpr char kCountAll[] = R"({"class": "uk.gov.gchq.gaffer.operation.OperationChain",
  "operations": [{"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"},
                 {"class": "uk.gov.gchq.gaffer.operation.impl.Count"}]})";
constexpr char kGetH1[] = R"({"class": "uk.gov.gchq.gaffer.operation.impl.get.GetElements",
  "input": [{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": "h1"}]})";

const std::string& AliceHttp() {
  static const std::string header = BasicAuthorization("alice", "alice-secret");
  return header;
}

class RestHttpE2eTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    served_ = StartServedGraph("rest_http", {"basic/elements.json", "basic/types.json"},
                               /*with_http=*/true)
                  .release();
    if (served_ == nullptr) return;
    HttpTestClient client(served_->process.http_port());
    HttpTestResponse added = client.Call(HttpRequest("POST", kExecute, kAddTwo, AliceHttp()));
    EXPECT_EQ(added.status, 200) << added.body;
  }
  static void TearDownTestSuite() {
    if (served_ != nullptr) {
      EXPECT_EQ(served_->process.Stop(), 0) << served_->process.log();
    }
    delete served_;
    served_ = nullptr;
  }
  void SetUp() override { ASSERT_NE(served_, nullptr); }
  int http_port() const { return served_->process.http_port(); }

  // Counts the elements over HTTP on `client`.
  static int64_t Count(HttpTestClient& client) {
    HttpTestResponse response = client.Call(HttpRequest("POST", kExecute, kCountAll, AliceHttp()));
    EXPECT_EQ(response.status, 200) << response.body;
    Json count = Json::parse(response.body, nullptr, false);
    return count.is_number_integer() ? count.get<int64_t>() : -1;
  }
  // A fresh client is served.
  void ExpectServing() {
    HttpTestClient client(http_port());
    EXPECT_EQ(Count(client), 2);
  }
  static void ExpectGafferError(const HttpTestResponse& response, int status) {
    EXPECT_EQ(response.status, status) << response.body;
    Json body = Json::parse(response.body, nullptr, false);
    ASSERT_TRUE(body.is_object()) << response.body;
    EXPECT_EQ(body["statusCode"], status);
    EXPECT_TRUE(body["status"].is_string());
    EXPECT_TRUE(body["simpleMessage"].is_string());
  }

  static ServedGraph* served_;
};

ServedGraph* RestHttpE2eTest::served_ = nullptr;

TEST_F(RestHttpE2eTest, KeepAliveConnectionRunsStatusAndOperations) {
  HttpTestClient client(http_port());
  ASSERT_TRUE(client.connected());
  HttpTestResponse status = client.Call(HttpRequest("GET", "/rest/graph/status", {}, AliceHttp()));
  EXPECT_EQ(status.status, 200);
  EXPECT_TRUE(Json::parse(status.body, nullptr, false).is_object()) << status.body;
  EXPECT_EQ(Count(client), 2);
  // GetElements for h1: one entity, streamed as a JSON array.
  HttpTestResponse got =
      client.Call(HttpRequest("POST", "/rest/v2/graph/operations/execute", kGetH1, AliceHttp()));
  EXPECT_EQ(got.status, 200);
  EXPECT_TRUE(got.complete);
  Json elements = Json::parse(got.body, nullptr, false);
  ASSERT_TRUE(elements.is_array()) << got.body;
  ASSERT_EQ(elements.size(), 1u);
  EXPECT_EQ(elements[0]["group"], "BasicEntity");
  EXPECT_EQ(elements[0]["vertex"], "h1");
  EXPECT_EQ(elements[0]["properties"]["count"], 3);
  EXPECT_EQ(Count(client), 2);  // Same connection, fourth request.
}

TEST_F(RestHttpE2eTest, HttpAndThriftShareTheGraph) {
  TestClient thrift(served_->process.port());
  std::string count;
  thrift->execute(count, Alice(), kCountAll);
  EXPECT_EQ(count, "2");  // The two entities added over HTTP.
}

TEST_F(RestHttpE2eTest, MissingOrWrongCredentialsAre401GafferErrors) {
  HttpTestClient client(http_port());
  HttpTestResponse none = client.Call(HttpRequest("POST", kExecute, kCountAll));
  ExpectGafferError(none, 401);
  EXPECT_EQ(none.Header("www-authenticate"), "Basic realm=\"quarry\"");
  HttpTestClient wrong_client(http_port());
  ExpectGafferError(wrong_client.Call(HttpRequest("GET", "/rest/graph/status", {},
                                                  BasicAuthorization("alice", "bob-secret"))),
                    401);
}

TEST_F(RestHttpE2eTest, PathOutsideTheApiIs404GafferError) {
  HttpTestClient client(http_port());
  ExpectGafferError(client.Call(HttpRequest("GET", "/nowhere", {}, AliceHttp())), 404);
  EXPECT_EQ(Count(client), 2);  // The connection stays usable.
}

TEST_F(RestHttpE2eTest, OversizedBodyIs413AndTheServerStaysUp) {
  HttpTestClient client(http_port());
  // 300 MiB announced, over the 256 MiB limit: refused before the body.
  ASSERT_TRUE(client.Send(
      std::string("POST ") + kExecute + " HTTP/1.1\r\nHost: x\r\nAuthorization: " + AliceHttp() +
      "\r\nContent-Type: application/json\r\nContent-Length: 314572800\r\n\r\n" +
      std::string(64 << 10, ' ')));
  ExpectGafferError(client.Read(), 413);
  EXPECT_TRUE(client.WaitClosed(5000));
  ExpectServing();
}

TEST_F(RestHttpE2eTest, HugeHeadersAre431) {
  HttpTestClient client(http_port());
  ExpectGafferError(client.Call(HttpRequest("GET", "/rest/graph/status", {}, AliceHttp(),
                                            {"X-Huge: " + std::string(100 << 10, 'h')})),
                    431);
  EXPECT_TRUE(client.WaitClosed(5000));
  ExpectServing();
}

TEST_F(RestHttpE2eTest, MalformedChunkedBodyIs400AndCloses) {
  HttpTestClient client(http_port());
  ExpectGafferError(client.Call(std::string("POST ") + kExecute +
                                " HTTP/1.1\r\nHost: x\r\nAuthorization: " + AliceHttp() +
                                "\r\nTransfer-Encoding: chunked\r\n\r\n"
                                "4\r\n{\"cl\r\nnot-hex\r\nass\"\r\n0\r\n\r\n"),
                    400);
  EXPECT_TRUE(client.WaitClosed(5000));
  ExpectServing();
}

TEST_F(RestHttpE2eTest, SlowlorisIsCutOffWithinTheHeaderTimeoutWhileOthersAreServed) {
  // The header timeout is 10 s from a request's first byte.
  HttpTestClient slow(http_port());
  ASSERT_TRUE(slow.Send("GET /rest/graph/status HTTP/1.1\r\n"));
  const auto start = std::chrono::steady_clock::now();
  bool closed = false;
  int served = 0;
  for (int i = 0; i < 60 && !closed; ++i) {
    slow.Send("X-Drip-" + std::to_string(i) + ": a\r\n");
    HttpTestClient other(http_port());
    if (Count(other) == 2) ++served;
    closed = slow.WaitClosed(400);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(closed);
  EXPECT_GE(seconds, 9.0);   // Not before the timeout...
  EXPECT_LT(seconds, 14.0);  // ...nor long after it.
  EXPECT_GE(served, 5);      // Others were answered all along.
}

TEST_F(RestHttpE2eTest, FortyIdleKeepAliveConnectionsDoNotBlockAFortyFirst) {
  std::vector<std::unique_ptr<HttpTestClient>> idle;
  for (int i = 0; i < 40; ++i) {
    idle.push_back(std::make_unique<HttpTestClient>(http_port()));
    HttpTestResponse status =
        idle.back()->Call(HttpRequest("GET", "/rest/graph/status", {}, AliceHttp()));
    ASSERT_EQ(status.status, 200) << i;  // Now idle, kept alive.
  }
  HttpTestClient client(http_port());
  for (int i = 0; i < 5; ++i) EXPECT_EQ(Count(client), 2);
  // The idle ones are still open and usable.
  EXPECT_EQ(Count(*idle.front()), 2);
  EXPECT_EQ(Count(*idle.back()), 2);
}

TEST(RestHttpOnlyE2eTest, HttpAloneWithoutUsersFileServesUnknownAnonymously) {
  const std::string root =
      ::testing::TempDir() + "/quarry_e2e_rest_only_" + std::to_string(getpid());
  std::filesystem::remove_all(root);
  std::filesystem::create_directories(root);
  const std::string basic = quarry::testing::SharedDir() + "/gaffer-examples/basic/";
  CommandResult created =
      RunCommand(QUARRY_BINARY, {"create", root + "/graph", "--schema", basic + "elements.json",
                                 "--schema", basic + "types.json"});
  ASSERT_EQ(created.exit_code, 0) << created.out;
  ServeProcess server;
  ASSERT_TRUE(server.Start(QUARRY_BINARY, {"serve", root + "/graph"}, /*port=*/-1,
                           /*http_port=*/0))
      << server.log();
  EXPECT_EQ(server.log().find("\nlistening on"), std::string::npos) << server.log();
  EXPECT_EQ(server.log().rfind("listening on", 0), std::string::npos) << server.log();
  HttpTestClient client(server.http_port());
  HttpTestResponse count = client.Call(HttpRequest("POST", kExecute, kCountAll));
  EXPECT_EQ(count.status, 200) << count.body;
  EXPECT_EQ(count.body, "0");
  HttpTestClient named(server.http_port());
  HttpTestResponse refused = named.Call(HttpRequest("POST", kExecute, kCountAll, AliceHttp()));
  EXPECT_EQ(refused.status, 401);
  EXPECT_EQ(server.Stop(), 0) << server.log();
  std::filesystem::remove_all(root);
}

}  // namespace
}  // namespace quarry::testing_rpc
