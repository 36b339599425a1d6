// HttpServer in process, over a fake API (no graph): framing, limits,
// timeouts, authentication and streaming, with short timeouts.
#include "server/rest/http_server.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <stdexcept>
#include <thread>

#include "tests/server/rest/fake_rest_api.h"
#include "tests/server/testing/http_test_client.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using testing_rpc::BasicAuthorization;
using testing_rpc::HttpRequest;
using testing_rpc::HttpTestClient;
using testing_rpc::HttpTestResponse;

using testing_rpc::FakeApi;
using testing_rpc::StartServer;
using testing_rpc::TestLimits;

const char* const kUsers = testing_rpc::kAliceUsersJson;
const std::string kAlice = testing_rpc::AliceAuthorization();

class HttpServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Result<UserDirectory> users = UserDirectory::Parse(kUsers, "users.json");
    ASSERT_TRUE(users.ok());
    server_ = StartServer(*users, TestLimits());
    ASSERT_NE(server_, nullptr);
  }
  int port() const { return server_->port(); }
  Json Echo(HttpTestClient& client, const std::string& target) {
    HttpTestResponse response = client.Call(HttpRequest("GET", target, {}, kAlice));
    EXPECT_EQ(response.status, 200) << response.body;
    return Json::parse(response.body, nullptr, false);
  }
  // The server still answers a fresh client.
  void ExpectServing() {
    HttpTestClient client(port());
    EXPECT_EQ(Echo(client, "/rest/echo")["path"], "/echo");
  }

  std::unique_ptr<HttpServer> server_;
};

TEST_F(HttpServerTest, KeepAliveServesRequestsOnOneConnectionUnderEveryRoot) {
  HttpTestClient client(port());
  ASSERT_TRUE(client.connected());
  EXPECT_EQ(Echo(client, "/rest/graph/a%20b?x=%41&y")["path"], "/graph/a b");
  EXPECT_EQ(Echo(client, "/rest/v2/graph/status")["path"], "/graph/status");
  Json latest = Echo(client, "/rest/latest/graph/jobs?x=%41&y");
  EXPECT_EQ(latest["path"], "/graph/jobs");
  EXPECT_EQ(latest["query"], "x=%41&y");
  EXPECT_EQ(latest["user"], "alice");
  HttpTestResponse post =
      client.Call(HttpRequest("POST", "/rest/graph/operations/execute", R"({"a":1})", kAlice));
  EXPECT_EQ(post.status, 200);
  EXPECT_EQ(post.Header("x-test"), "yes");
  EXPECT_EQ(post.Header("content-type"), "application/json");
  Json echoed = Json::parse(post.body);
  EXPECT_EQ(echoed["method"], "POST");
  EXPECT_EQ(echoed["body"], R"({"a":1})");
  EXPECT_EQ(echoed["contentType"], "application/json");
}

TEST_F(HttpServerTest, HeadIsGetWithoutTheBody) {
  HttpTestClient client(port());
  ASSERT_TRUE(client.Send(HttpRequest("HEAD", "/rest/echo", {}, kAlice)));
  HttpTestResponse head = client.Read(2000, nullptr, /*head_request=*/true);
  EXPECT_EQ(head.status, 200);
  const std::string get_body = Json{{"method", "GET"}, {"path", "/echo"},   {"query", ""},
                                    {"body", ""},      {"contentType", ""}, {"user", "alice"}}
                                   .dump();
  EXPECT_EQ(head.Header("content-length"), std::to_string(get_body.size()));
  // No body bytes came: the next response on the connection is intact.
  EXPECT_EQ(Echo(client, "/rest/next")["path"], "/next");
}

TEST_F(HttpServerTest, PipelinedRequestsAreAnsweredInOrder) {
  HttpTestClient client(port());
  ASSERT_TRUE(client.Send(HttpRequest("GET", "/rest/one", {}, kAlice) +
                          HttpRequest("GET", "/rest/two", {}, kAlice)));
  EXPECT_EQ(Json::parse(client.Read().body)["path"], "/one");
  EXPECT_EQ(Json::parse(client.Read().body)["path"], "/two");
}

TEST_F(HttpServerTest, PathOutsideTheApiIs404GafferErrorAndKeepsTheConnection) {
  HttpTestClient client(port());
  HttpTestResponse response = client.Call(HttpRequest("GET", "/restless", {}, kAlice));
  EXPECT_EQ(response.status, 404);
  Json body = Json::parse(response.body);
  EXPECT_EQ(body["statusCode"], 404);
  EXPECT_EQ(body["status"], "Not Found");
  EXPECT_THAT(body["simpleMessage"].get<std::string>(), ::testing::HasSubstr("/restless"));
  EXPECT_EQ(Echo(client, "/rest/after")["path"], "/after");
}

TEST_F(HttpServerTest, MissingOrWrongCredentialsAre401WithAChallenge) {
  for (const std::string& authorization :
       {std::string(), BasicAuthorization("alice", "wrong"), BasicAuthorization("eve", "x"),
        std::string("Bearer abc")}) {
    HttpTestClient client(port());
    HttpTestResponse response = client.Call(HttpRequest("GET", "/rest/echo", {}, authorization));
    EXPECT_EQ(response.status, 401) << authorization;
    EXPECT_EQ(response.Header("www-authenticate"), "Basic realm=\"quarry\"");
    Json body = Json::parse(response.body);
    EXPECT_EQ(body["statusCode"], 401);
    EXPECT_EQ(body["status"], "Unauthorized");
  }
}

TEST_F(HttpServerTest, ExtraPathHandlerGetsTheFullPathWithoutAuthentication) {
  HttpTestClient client(port());
  HttpTestResponse response = client.Call(HttpRequest("GET", "/ui/index.html"));
  EXPECT_EQ(response.status, 200);
  Json body = Json::parse(response.body);
  EXPECT_EQ(body["path"], "/ui/index.html");
  EXPECT_EQ(body["user"], "UNKNOWN");
}

TEST_F(HttpServerTest, OptionsIsAnsweredWithAllowAndNoCorsHeaders) {
  HttpTestClient client(port());
  HttpTestResponse response = client.Call(
      HttpRequest("OPTIONS", "/rest/graph/status", {}, {}, {"Origin: http://evil.example"}));
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.Header("allow"), "GET, HEAD, POST, PUT, DELETE, OPTIONS");
  for (const auto& [name, value] : response.headers) {
    EXPECT_EQ(name.rfind("access-control-", 0), std::string::npos) << name;
  }
}

TEST_F(HttpServerTest, HandlerExceptionIs500) {
  HttpTestClient client(port());
  HttpTestResponse response = client.Call(HttpRequest("GET", "/rest/throw", {}, kAlice));
  EXPECT_EQ(response.status, 500);
  EXPECT_THAT(response.body, ::testing::HasSubstr("handler bug"));
  ExpectServing();
}

TEST_F(HttpServerTest, ContentLengthOverTheLimitIs413BeforeTheBody) {
  HttpTestClient client(port());
  ASSERT_TRUE(client.Send("POST /rest/echo HTTP/1.1\r\nHost: x\r\nAuthorization: " + kAlice +
                          "\r\nContent-Length: 1000000000\r\n\r\n"));
  HttpTestResponse response = client.Read();
  EXPECT_EQ(response.status, 413);
  EXPECT_EQ(Json::parse(response.body)["statusCode"], 413);
  EXPECT_TRUE(client.WaitClosed(2000));
  ExpectServing();
}

TEST_F(HttpServerTest, ChunkedBodyCrossingTheLimitIs413) {
  HttpTestClient client(port());
  std::string request = "POST /rest/echo HTTP/1.1\r\nHost: x\r\nAuthorization: " + kAlice +
                        "\r\nTransfer-Encoding: chunked\r\n\r\n";
  for (int i = 0; i < 3; ++i) request += "1f4\r\n" + std::string(500, 'x') + "\r\n";
  request += "0\r\n\r\n";
  HttpTestResponse response = client.Call(request);
  EXPECT_EQ(response.status, 413);
  ExpectServing();
}

TEST_F(HttpServerTest, BodyWithinTheLimitIsAccepted) {
  HttpTestClient client(port());
  const std::string body(1000, 'b');
  HttpTestResponse response = client.Call(HttpRequest("POST", "/rest/echo", body, kAlice));
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(Json::parse(response.body)["body"], body);
}

TEST_F(HttpServerTest, HugeHeadersAre431) {
  HttpTestClient client(port());
  HttpTestResponse response = client.Call(
      HttpRequest("GET", "/rest/echo", {}, kAlice, {"X-Big: " + std::string(4000, 'h')}));
  EXPECT_EQ(response.status, 431);
  EXPECT_EQ(Json::parse(response.body)["statusCode"], 431);
  EXPECT_TRUE(client.WaitClosed(2000));
  ExpectServing();
}

TEST_F(HttpServerTest, MalformedChunkingIs400AndCloses) {
  HttpTestClient client(port());
  HttpTestResponse response =
      client.Call("POST /rest/echo HTTP/1.1\r\nHost: x\r\nAuthorization: " + kAlice +
                  "\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n");
  EXPECT_EQ(response.status, 400);
  EXPECT_EQ(Json::parse(response.body)["statusCode"], 400);
  EXPECT_TRUE(client.WaitClosed(2000));
  ExpectServing();
}

TEST_F(HttpServerTest, GarbageIs400AndCloses) {
  for (const char* garbage : {"HELLO\r\n\r\n", "GET /rest/echo HTTX/1.1\r\n\r\n",
                              "GET /rest/echo HTTP/1.1\r\nNo colon here\r\n\r\n",
                              "GET http://x/rest/echo HTTP/1.1\r\nHost: x\r\n\r\n"}) {
    HttpTestClient client(port());
    HttpTestResponse response = client.Call(garbage);
    EXPECT_EQ(response.status, 400) << garbage;
  }
  ExpectServing();
}

TEST_F(HttpServerTest, BadPercentEscapeIs400) {
  HttpTestClient client(port());
  EXPECT_EQ(client.Call(HttpRequest("GET", "/rest/a%zz", {}, kAlice)).status, 400);
}

TEST_F(HttpServerTest, SlowlorisIsCutOffWhileOthersAreServed) {
  HttpTestClient slow(port());
  ASSERT_TRUE(slow.Send("GET /rest/echo HTTP/1.1\r\n"));
  const auto start = std::chrono::steady_clock::now();
  bool closed = false;
  for (int i = 0; i < 40 && !closed; ++i) {
    slow.Send("X-Drip-" + std::to_string(i) + ": a\r\n");
    ExpectServing();
    closed = slow.WaitClosed(50);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(closed);
  EXPECT_LT(seconds, 2.0);  // Header timeout 0.5 s.
}

TEST_F(HttpServerTest, StalledBodyIsCutOff) {
  HttpTestClient client(port());
  ASSERT_TRUE(client.Send("POST /rest/echo HTTP/1.1\r\nHost: x\r\nAuthorization: " + kAlice +
                          "\r\nContent-Length: 100\r\n\r\nonly a few"));
  EXPECT_TRUE(client.WaitClosed(2000));
}

TEST_F(HttpServerTest, ExpectContinueGetsA100BeforeTheBody) {
  HttpTestClient client(port());
  ASSERT_TRUE(client.Send("POST /rest/echo HTTP/1.1\r\nHost: x\r\nAuthorization: " + kAlice +
                          "\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n"));
  EXPECT_EQ(client.Read().status, 100);
  ASSERT_TRUE(client.Send("abcd"));
  HttpTestResponse response = client.Read();
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(Json::parse(response.body)["body"], "abcd");
}

TEST_F(HttpServerTest, FortyIdleConnectionsDoNotBlockAnother) {
  std::vector<std::unique_ptr<HttpTestClient>> idle;
  for (int i = 0; i < 40; ++i) {
    idle.push_back(std::make_unique<HttpTestClient>(port()));
    ASSERT_TRUE(idle.back()->connected());
  }
  // Some idle in the middle of a request's headers too.
  for (int i = 0; i < 40; i += 2) idle[i]->Send("GET /rest/echo HTTP/1.1\r\n");
  HttpTestClient client(port());
  for (int i = 0; i < 5; ++i) EXPECT_EQ(Echo(client, "/rest/x")["path"], "/x");
}

TEST_F(HttpServerTest, ResultIsStreamedAsAChunkedArrayAPageAChunk) {
  HttpTestClient client(port());
  HttpTestResponse response = client.Call(HttpRequest("POST", "/rest/items?n=25", "{}", kAlice));
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.Header("transfer-encoding"), "chunked");
  EXPECT_TRUE(response.complete);
  Json expected = Json::array();
  for (int i = 0; i < 25; ++i) expected.push_back(Json{{"i", i}});
  EXPECT_EQ(Json::parse(response.body), expected);
  EXPECT_EQ(response.chunks.size(), 4u);                     // Pages of 10, 10, 5, then "]".
  EXPECT_EQ(Echo(client, "/rest/after")["path"], "/after");  // Still keep-alive.
}

TEST_F(HttpServerTest, ChunkedItemsAreAChunkEach) {
  HttpTestClient client(port());
  HttpTestResponse response = client.Call(HttpRequest("POST", "/rest/chunked?n=3", "{}", kAlice));
  EXPECT_EQ(response.status, 200);
  EXPECT_TRUE(response.complete);
  EXPECT_THAT(response.chunks,
              ::testing::ElementsAre("{\"i\":0}\r\n", "{\"i\":1}\r\n", "{\"i\":2}\r\n"));
}

TEST_F(HttpServerTest, CursorErrorBeforeTheFirstByteIsAGafferError) {
  HttpTestClient client(port());
  HttpTestResponse response =
      client.Call(HttpRequest("POST", "/rest/fail-first?n=30", "{}", kAlice));
  EXPECT_EQ(response.status, 404);
  EXPECT_EQ(Json::parse(response.body)["simpleMessage"], "vanished");
}

TEST_F(HttpServerTest, CursorErrorMidStreamTruncatesTheBodyAndCloses) {
  HttpTestClient client(port());
  HttpTestResponse response =
      client.Call(HttpRequest("POST", "/rest/fail-later?n=30", "{}", kAlice));
  EXPECT_EQ(response.status, 200);
  EXPECT_FALSE(response.complete);
  EXPECT_EQ(response.chunks.size(), 1u);  // The first page only.
  EXPECT_TRUE(client.WaitClosed(2000));
  ExpectServing();
}

TEST_F(HttpServerTest, StopClosesIdleConnectionsPromptly) {
  HttpTestClient idle(port());
  EXPECT_EQ(Echo(idle, "/rest/x")["path"], "/x");
  const auto start = std::chrono::steady_clock::now();
  server_->Stop();
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 2.0);
  EXPECT_TRUE(idle.WaitClosed(1000));
  server_->Stop();  // Idempotent.
}

TEST(HttpServerAnonymousTest, NoHeaderIsUnknownAndNamedUsersAreRefused) {
  auto server = StartServer(UserDirectory::AnonymousOnly(), TestLimits());
  ASSERT_NE(server, nullptr);
  HttpTestClient client(server->port());
  HttpTestResponse unknown = client.Call(HttpRequest("GET", "/rest/echo"));
  EXPECT_EQ(unknown.status, 200);
  EXPECT_EQ(Json::parse(unknown.body)["user"], "UNKNOWN");
  HttpTestResponse anonymous =
      client.Call(HttpRequest("GET", "/rest/echo", {}, BasicAuthorization("anonymous", "")));
  EXPECT_EQ(Json::parse(anonymous.body)["user"], "anonymous");
  EXPECT_EQ(client.Call(HttpRequest("GET", "/rest/echo", {}, kAlice)).status, 401);
}

TEST(HttpServerLimitTest, ConnectionsOverTheLimitGet503) {
  HttpServerLimits limits = TestLimits();
  limits.max_connections = 2;
  auto server = StartServer(UserDirectory::AnonymousOnly(), limits);
  ASSERT_NE(server, nullptr);
  HttpTestClient first(server->port()), second(server->port());
  EXPECT_EQ(first.Call(HttpRequest("GET", "/rest/a")).status, 200);
  EXPECT_EQ(second.Call(HttpRequest("GET", "/rest/b")).status, 200);
  HttpTestClient third(server->port());
  HttpTestResponse refused = third.Read(2000);
  EXPECT_EQ(refused.status, 503);
  EXPECT_TRUE(third.WaitClosed(1000));
}

TEST(HttpServerLimitTest, BadOptionsAreRefusedAndBusyPortIsUnavailable) {
  HttpServerOptions options;
  options.port = 0;
  options.limits.io_threads = 0;
  EXPECT_THAT(HttpServer::Start(FakeApi, {}, UserDirectory::AnonymousOnly(), options),
              ::quarry::testing::StatusIs(StatusCode::kInvalidArgument));
  auto first = StartServer(UserDirectory::AnonymousOnly(), TestLimits());
  ASSERT_NE(first, nullptr);
  options.limits = TestLimits();
  options.port = first->port();
  EXPECT_THAT(HttpServer::Start(FakeApi, {}, UserDirectory::AnonymousOnly(), options),
              ::quarry::testing::StatusIs(StatusCode::kUnavailable));
}

}  // namespace
}  // namespace quarry
