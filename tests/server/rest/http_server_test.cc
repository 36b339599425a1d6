// HttpServer in process, over a fake API (no graph): framing, limits,
// timeouts, authentication and streaming, with short timeouts.
#include "server/rest/http_server.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "tests/server/testing/fake_result_cursor.h"
#include "tests/server/testing/http_test_client.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using testing_rpc::BasicAuthorization;
using testing_rpc::FakeResultCursor;
using testing_rpc::HttpRequest;
using testing_rpc::HttpTestClient;
using testing_rpc::HttpTestResponse;

// printf 'alice-secret' | sha256sum
constexpr char kUsers[] = R"({"users": [{"userId": "alice",
  "tokenSha256": "0c848abb03307b06cf70cd4e29c157dc81af5e94ab3eb1d0c59a120269572376",
  "dataAuths": ["public"]}]})";

const std::string kAlice = BasicAuthorization("alice", "alice-secret");

int64_t QueryNumber(std::string_view query) {
  const size_t at = query.find("n=");
  return at == std::string_view::npos ? 0 : std::atoll(std::string(query.substr(at + 2)).c_str());
}

RestResponse Streamed(RestBodyKind kind, std::unique_ptr<ResultCursor> cursor) {
  RestResponse response;
  response.kind = kind;
  response.cursor = std::move(cursor);
  return response;
}

// The fake API: /echo describes the request; /items, /chunked, /fail-later
// and /fail-first stream n fake items.
RestResponse FakeApi(const RestRequest& request) {
  const int64_t n = QueryNumber(request.query);
  if (request.path == "/items") {
    return Streamed(RestBodyKind::kResult,
                    std::make_unique<FakeResultCursor>(ResultShape::kItems, n));
  }
  if (request.path == "/chunked") {
    return Streamed(RestBodyKind::kChunkedItems,
                    std::make_unique<FakeResultCursor>(ResultShape::kItems, n));
  }
  if (request.path == "/fail-later" || request.path == "/fail-first") {
    const int fail_at = request.path == "/fail-first" ? 0 : 1;
    return Streamed(RestBodyKind::kResult,
                    std::make_unique<FakeResultCursor>(ResultShape::kItems, n, fail_at,
                                                       NotFoundError("vanished")));
  }
  if (request.path == "/throw") throw std::runtime_error("handler bug");
  RestResponse response;
  response.headers.emplace_back("X-Test", "yes");
  response.body = Json{{"method", request.method},
                       {"path", request.path},
                       {"query", request.query},
                       {"body", request.body},
                       {"contentType", request.content_type},
                       {"user", request.user->user_id}}
                      .dump();
  return response;
}

HttpServerLimits TestLimits() {
  HttpServerLimits limits;
  limits.max_body_bytes = 1000;
  limits.max_header_bytes = 2048;
  limits.header_timeout_ms = 500;
  limits.idle_timeout_ms = 3000;
  limits.body_timeout_ms = 500;
  limits.max_connections = 60;
  limits.max_concurrent_requests = 2;
  limits.result_page_items = 10;
  return limits;
}

std::unique_ptr<HttpServer> StartServer(UserDirectory users, HttpServerLimits limits) {
  HttpServerOptions options;
  options.port = 0;
  options.limits = limits;
  HttpPathHandler ui{"/ui", /*authenticate=*/false, FakeApi};
  Result<std::unique_ptr<HttpServer>> server =
      HttpServer::Start(FakeApi, {ui}, std::move(users), options);
  EXPECT_TRUE(server.ok()) << server.status().ToString();
  return server.ok() ? std::move(*server) : nullptr;
}

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

// Issue 20: each user's maxConcurrentRequests quota holds over REST as it
// does over Thrift. Alice may run one request at a time: while one of hers
// waits inside the API, her next is 429, and Bob is still served.
constexpr char kQuotaUsers[] = R"({"users": [
  {"userId": "alice",
   "tokenSha256": "0c848abb03307b06cf70cd4e29c157dc81af5e94ab3eb1d0c59a120269572376",
   "quotas": {"maxConcurrentRequests": 1}},
  {"userId": "bob",
   "tokenSha256": "9f03ef1533a68d2f506f81ef463c1183a82a6bd40e45613f36e6fe1889cf1b99"}]})";

// The slot comes back when the response's last write completes, which
// may be a moment after the client has read it: retry for up to 2 s.
int EventualStatus(HttpTestClient& client, const std::string& authorization) {
  int status = 0;
  for (int attempt = 0; attempt < 40; ++attempt) {
    status = client.Call(HttpRequest("GET", "/rest/echo", {}, authorization)).status;
    if (status != 429) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return status;
}

class BlockingApi {
 public:
  RestResponse operator()(const RestRequest& request) {
    if (request.path == "/block") {
      std::unique_lock lock(mu_);
      ++entered_;
      changed_.notify_all();
      changed_.wait(lock, [this] { return released_; });
    }
    return FakeApi(request);
  }
  void WaitEntered(int n) {
    std::unique_lock lock(mu_);
    changed_.wait_for(lock, std::chrono::seconds(10), [&] { return entered_ >= n; });
  }
  void Release() {
    std::lock_guard lock(mu_);
    released_ = true;
    changed_.notify_all();
  }

 private:
  std::mutex mu_;
  std::condition_variable changed_;
  int entered_ = 0;
  bool released_ = false;
};

TEST(HttpServerQuotaTest, UserAtItsConcurrentRequestQuotaIs429AndAnotherUserIsServed) {
  Result<UserDirectory> users = UserDirectory::Parse(kQuotaUsers, "users.json");
  ASSERT_TRUE(users.ok()) << users.status().ToString();
  BlockingApi api;
  HttpServerOptions options;
  options.port = 0;
  options.limits = TestLimits();  // Two workers.
  Result<std::unique_ptr<HttpServer>> server =
      HttpServer::Start([&api](const RestRequest& r) { return api(r); }, {}, *users, options);
  ASSERT_TRUE(server.ok()) << server.status().ToString();
  const int port = (*server)->port();
  const std::string bob = BasicAuthorization("bob", "bob-secret");

  HttpTestClient blocked(port);
  ASSERT_TRUE(blocked.Send(HttpRequest("GET", "/rest/block", {}, kAlice)));
  api.WaitEntered(1);
  HttpTestClient second(port);
  HttpTestResponse refused = second.Call(HttpRequest("GET", "/rest/echo", {}, kAlice));
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(refused.Header("retry-after"), "1");
  EXPECT_THAT(refused.body, ::testing::HasSubstr("maxConcurrentRequests"));
  EXPECT_THAT(refused.body, ::testing::HasSubstr("'alice'"));
  HttpTestClient other(port);
  HttpTestResponse served = other.Call(HttpRequest("GET", "/rest/echo", {}, bob));
  EXPECT_EQ(served.status, 200);
  EXPECT_EQ(Json::parse(served.body)["user"], "bob");

  api.Release();
  EXPECT_EQ(blocked.Read().status, 200);
  // Her slot came back with the response.
  EXPECT_EQ(EventualStatus(second, kAlice), 200);
}

TEST(HttpServerQuotaTest, StreamedResultHoldsItsSlotUntilTheLastByte) {
  Result<UserDirectory> users = UserDirectory::Parse(kQuotaUsers, "users.json");
  ASSERT_TRUE(users.ok());
  auto server = StartServer(*users, TestLimits());
  ASSERT_NE(server, nullptr);
  // 100,000 items at 10 a page (megabytes): when the first body bytes
  // arrive, the server is still writing the stream.
  HttpTestClient streaming(server->port());
  ASSERT_TRUE(streaming.Send(HttpRequest("GET", "/rest/items?n=100000", {}, kAlice)));
  HttpTestClient second(server->port());
  int status_mid_stream = 0;
  HttpTestResponse streamed = streaming.Read(20'000, [&](std::string_view) {
    if (status_mid_stream == 0) {
      status_mid_stream = second.Call(HttpRequest("GET", "/rest/echo", {}, kAlice)).status;
    }
  });
  EXPECT_EQ(streamed.status, 200);
  EXPECT_EQ(status_mid_stream, 429);
  EXPECT_EQ(EventualStatus(second, kAlice), 200);
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
