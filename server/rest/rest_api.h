// RestApi: Gaffer's REST API v2 (spring-rest, Gaffer 2.3.2) as plain
// request -> response handlers, independent of the HTTP library. The HTTP
// transport (server/rest/http_server.h) parses and limits requests,
// authenticates the user, strips the API root ("/rest", "/rest/v2" or
// "/rest/latest") and calls Handle(); it writes the response, streaming the
// cursor when there is one.
//
// Thread safety: Handle() may be called from many threads at once.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "operations/executor.h"

namespace quarry {

struct RestRequest {
  std::string_view method;  // "GET", "POST", ...
  std::string_view path;    // Under the API root, percent-decoded: "/graph/status".
  std::string_view query;   // Raw query string without '?'; may be empty.
  std::string_view body;
  std::string_view content_type;  // The request's Content-Type header; may be empty.
  const User* user = nullptr;     // Authenticated by the transport; never null.
};

// How the body is written.
enum class RestBodyKind {
  kFixed,         // `body` as is (Content-Length).
  kResult,        // `cursor`'s result as Gaffer JSON: a list as one JSON array, a single value
                  // as itself, nothing as an empty body; chunked transfer encoding.
  kChunkedItems,  // `cursor`'s items one per HTTP chunk, each Gaffer JSON followed by "\r\n"
                  // (Gaffer's /graph/operations/execute/chunked).
};

struct RestResponse {
  int status = 200;
  std::string content_type = "application/json";
  std::vector<std::pair<std::string, std::string>> headers;  // Extra headers (e.g. job-id).
  RestBodyKind kind = RestBodyKind::kFixed;
  std::string body;
  std::unique_ptr<ResultCursor> cursor;  // REQUIRES: set unless kind == kFixed.
};

// Gaffer's error body (uk.gov.gchq.gaffer.core.exception.Error) as JSON text:
// {"statusCode": 404, "status": "Not Found", "simpleMessage": ...,
//  "detailMessage": ...}. `detail` empty: the same as `message`.
std::string GafferErrorJson(int status, std::string_view message, std::string_view detail = {});
// A fixed response carrying that body.
RestResponse GafferErrorResponse(int status, std::string_view message,
                                 std::string_view detail = {});
// The HTTP status for a Status code: InvalidArgument 400, Unauthenticated 401,
// PermissionDenied 403, NotFound 404, AlreadyExists 409, ResourceExhausted 413 or 429 as
// appropriate, Unimplemented 501, everything else 500.
int HttpStatusFor(const Status& status);
// The reason phrase of an HTTP status ("Not Found").
std::string_view HttpReasonPhrase(int status);

// branch service (issue 19): the graph's health for /graph/status.
struct ServiceHealth {
  bool up = true;
  std::string reason;  // Why it is down; empty when up.
};

// What the service says about itself (/properties, /graph/config/graphId...).
struct RestServiceInfo {
  std::string graph_id;     // Default: the graph directory's base name.
  std::string description;  // Default: "A Quarry graph".
  std::string title = "Quarry REST API";
  std::string version;  // Quarry's version.
  // branch service (issue 19): checked by /graph/status; unset: always UP.
  // Called from many threads at once.
  std::function<ServiceHealth()> health;
};

class RestApi {
 public:
  RestApi(std::shared_ptr<const Executor> executor, RestServiceInfo info);
  ~RestApi();

  // Routes and runs one request. Never fails: errors become Gaffer error
  // bodies with the right status.
  RestResponse Handle(const RestRequest& request) const;

 private:
  std::shared_ptr<const Executor> executor_;
  RestServiceInfo info_;
};

}  // namespace quarry
