#include "tests/server/rest/fake_rest_api.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <stdexcept>

#include "tests/server/testing/fake_result_cursor.h"
#include "tests/server/testing/http_test_client.h"

namespace quarry::testing_rpc {

// printf 'alice-secret' | sha256sum
const char kAliceUsersJson[] = R"({"users": [{"userId": "alice",
  "tokenSha256": "0c848abb03307b06cf70cd4e29c157dc81af5e94ab3eb1d0c59a120269572376",
  "dataAuths": ["public"]}]})";

std::string AliceAuthorization() { return BasicAuthorization("alice", "alice-secret"); }

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

}  // namespace quarry::testing_rpc
