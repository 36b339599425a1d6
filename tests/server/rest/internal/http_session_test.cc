// HttpSession's HTTP/1.0 handling, through an HttpServer over a fake API and
// raw sockets (RFC 9112): a 1.0 client never gets a chunked response; a
// streamed result goes out unframed with "Connection: close" and ends at the
// close; a 1.0 connection persists only when the request asks for it with
// "Connection: keep-alive"; no "100 Continue" goes to a 1.0 client. Also
// that streamed responses are not delayed by Nagle's algorithm.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>

#include "server/rest/http_server.h"
#include "tests/server/testing/fake_result_cursor.h"
#include "tests/server/testing/http_test_client.h"

namespace quarry {
namespace {

using testing_rpc::FakeResultCursor;
using testing_rpc::HttpTestClient;
using testing_rpc::HttpTestResponse;

// /items?n=N streams N fake items ({"i": k}) as a JSON array, /chunked the
// same as one item per chunk; anything else is a fixed {"path": ...}.
RestResponse FakeApi(const RestRequest& request) {
  const size_t at = request.query.find("n=");
  const int64_t n = at == std::string_view::npos
                        ? 0
                        : std::atoll(std::string(request.query.substr(at + 2)).c_str());
  if (request.path == "/items" || request.path == "/chunked") {
    RestResponse response;
    response.kind = request.path == "/items" ? RestBodyKind::kResult : RestBodyKind::kChunkedItems;
    response.cursor = std::make_unique<FakeResultCursor>(ResultShape::kItems, n);
    return response;
  }
  RestResponse response;
  response.body = Json{{"path", request.path}}.dump();
  return response;
}

// A 1.0 request: no Host needed, optional extra header lines ("Name: v").
std::string Http10(std::string_view method, std::string_view target, std::string_view body = {},
                   std::string_view extra = {}) {
  std::string out = std::string(method) + " " + std::string(target) + " HTTP/1.0\r\n";
  if (!extra.empty()) out += std::string(extra) + "\r\n";
  if (!body.empty()) {
    out +=
        "Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) + "\r\n";
  }
  return out + "\r\n" + std::string(body);
}

class HttpSessionHttp10Test : public ::testing::Test {
 protected:
  void SetUp() override {
    HttpServerOptions options;
    options.port = 0;
    options.limits.result_page_items = 10;
    options.limits.idle_timeout_ms = 3000;
    Result<std::unique_ptr<HttpServer>> server =
        HttpServer::Start(FakeApi, {}, UserDirectory::AnonymousOnly(), options);
    ASSERT_TRUE(server.ok()) << server.status().ToString();
    server_ = std::move(*server);
  }
  int port() const { return server_->port(); }

  std::unique_ptr<HttpServer> server_;
};

TEST_F(HttpSessionHttp10Test, StreamedResultIsUnchunkedAndEndsAtTheClose) {
  HttpTestClient client(port());
  HttpTestResponse response = client.Call(Http10("POST", "/rest/items?n=25", "{}"));
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.Header("transfer-encoding"), "");
  EXPECT_EQ(response.Header("content-length"), "");
  EXPECT_EQ(response.Header("connection"), "close");
  EXPECT_TRUE(response.chunks.empty());
  Json expected = Json::array();
  for (int i = 0; i < 25; ++i) expected.push_back(Json{{"i", i}});
  EXPECT_EQ(Json::parse(response.body, nullptr, false), expected) << response.body;
  EXPECT_TRUE(client.WaitClosed(2000));
}

// Even when the 1.0 client asked to keep the connection: an unframed body
// can only end with the connection.
TEST_F(HttpSessionHttp10Test, StreamedResultClosesEvenWithKeepAlive) {
  HttpTestClient client(port());
  HttpTestResponse response =
      client.Call(Http10("POST", "/rest/items?n=0", "{}", "Connection: keep-alive"));
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.Header("connection"), "close");
  EXPECT_EQ(response.body, "[]");
  EXPECT_TRUE(client.WaitClosed(2000));
}

TEST_F(HttpSessionHttp10Test, ChunkedEndpointSendsItemsUnframed) {
  HttpTestClient client(port());
  HttpTestResponse response = client.Call(Http10("POST", "/rest/chunked?n=3", "{}"));
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.Header("transfer-encoding"), "");
  EXPECT_EQ(response.body, "{\"i\":0}\r\n{\"i\":1}\r\n{\"i\":2}\r\n");
  EXPECT_TRUE(client.WaitClosed(2000));
}

TEST_F(HttpSessionHttp10Test, WithoutKeepAliveTheConnectionCloses) {
  HttpTestClient client(port());
  HttpTestResponse response = client.Call(Http10("GET", "/rest/graph/status"));
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.Header("connection"), "close");
  EXPECT_EQ(response.Header("content-length"), std::to_string(response.body.size()));
  EXPECT_EQ(Json::parse(response.body, nullptr, false)["path"], "/graph/status");
  EXPECT_TRUE(client.WaitClosed(2000));
}

TEST_F(HttpSessionHttp10Test, KeepAliveIsHonouredForFixedResponses) {
  HttpTestClient client(port());
  for (const char* path : {"/one", "/two"}) {
    HttpTestResponse response =
        client.Call(Http10("GET", std::string("/rest") + path, {}, "Connection: keep-alive"));
    EXPECT_EQ(response.status, 200) << path;
    EXPECT_EQ(response.Header("connection"), "keep-alive") << path;
    EXPECT_EQ(Json::parse(response.body, nullptr, false)["path"], path);
  }
  // The last one without keep-alive ends the connection.
  HttpTestResponse last = client.Call(Http10("GET", "/rest/three"));
  EXPECT_EQ(last.status, 200);
  EXPECT_TRUE(client.WaitClosed(2000));
}

// RFC 9110 15.2: no 1xx to a 1.0 client; the body is read without one.
TEST_F(HttpSessionHttp10Test, ExpectContinueGetsNo100) {
  HttpTestClient client(port());
  const std::string body = R"({"a":1})";
  ASSERT_TRUE(client.Send(
      "POST /rest/echo HTTP/1.0\r\nExpect: 100-continue\r\nContent-Type: application/json\r\n"
      "Content-Length: " +
      std::to_string(body.size()) + "\r\n\r\n"));
  ASSERT_TRUE(client.Send(body));
  HttpTestResponse response = client.Read(5000);
  EXPECT_EQ(response.status, 200);  // Not 100.
  EXPECT_EQ(Json::parse(response.body, nullptr, false)["path"], "/echo");
}

// HTTP/1.1 on the same server is still chunked (the 1.0 path is per request).
TEST_F(HttpSessionHttp10Test, Http11IsStillChunked) {
  HttpTestClient client(port());
  HttpTestResponse response =
      client.Call(testing_rpc::HttpRequest("POST", "/rest/items?n=3", "{}"));
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.Header("transfer-encoding"), "chunked");
  EXPECT_TRUE(response.complete);
}

// A streamed response is several writes (head, pages, end). With Nagle's
// algorithm on the accepted socket, each later small write waited for the
// client's delayed ACK: ~40 ms a request. 30 small streamed requests on one
// connection take a few milliseconds each with TCP_NODELAY.
TEST_F(HttpSessionHttp10Test, StreamedResponsesAreNotHeldBackByNagle) {
  HttpTestClient client(port());
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 30; ++i) {
    HttpTestResponse response =
        client.Call(testing_rpc::HttpRequest("POST", "/rest/items?n=2", "{}"));
    ASSERT_EQ(response.status, 200);
    ASSERT_TRUE(response.complete);
  }
  const auto elapsed = std::chrono::steady_clock::now() - start;
  EXPECT_LT(elapsed, std::chrono::milliseconds(900));  // With Nagle: over 1.2 s.
}

}  // namespace
}  // namespace quarry
