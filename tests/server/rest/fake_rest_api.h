// The fake REST API and server set-up shared by the HTTP transport's tests
// (http_server_test.cc, http_server_quota_test.cc): no graph, short
// timeouts, one user "alice" (token "alice-secret").
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "server/rest/http_server.h"

namespace quarry::testing_rpc {

// The users file: alice, with data auth "public".
extern const char kAliceUsersJson[];
// alice's Authorization header.
std::string AliceAuthorization();

// The fake API: /echo describes the request as JSON (method, path, query,
// body, contentType, user); /items, /chunked, /fail-later and /fail-first
// stream n (?n=) fake items; /throw throws.
RestResponse FakeApi(const RestRequest& request);

// Short timeouts, small limits, 2 workers, pages of 10 items.
HttpServerLimits TestLimits();

// An HttpServer on a free port over FakeApi, with FakeApi also under /ui
// without authentication; null (and a test failure) if it cannot start.
std::unique_ptr<HttpServer> StartServer(UserDirectory users, HttpServerLimits limits);

}  // namespace quarry::testing_rpc
