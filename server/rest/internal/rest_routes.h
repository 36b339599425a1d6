// The REST API's route table: every endpoint as one RestRoute (method, path
// pattern, handler, and what the OpenAPI document says of it). RestApi
// routes with this table and /openapi.json is generated from it, so the
// documentation cannot drift from what is served.
//
// Each route file contributes its part (OperationRoutes(), ConfigRoutes(),
// JobRoutes(), ServiceRoutes()); AllRestRoutes() concatenates them once.
//
// Thread safety: the table is immutable after its first use; handlers are
// stateless and may run on many threads at once.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "graph-core/json_value.h"
#include "server/rest/rest_api.h"

namespace quarry::rest_internal {

// What a handler gets: the executor, the service's description, the request
// and the values of the pattern's {parameters}, in order.
struct RouteCall {
  const Executor& executor;
  const RestServiceInfo& info;
  const RestRequest& request;
  std::vector<std::string> params;
  std::string_view created_time;  // When this service started (graphCreatedTime).
};

using RouteHandler = RestResponse (*)(const RouteCall& call);

// How the OpenAPI document describes a route's successful response.
enum class RouteBody {
  kJsonObject,  // A JSON object.
  kJsonArray,   // A JSON array.
  kJsonAny,     // Any JSON value (an operation's result).
  kJsonLines,   // One JSON item per chunk, each followed by "\r\n".
  kText,        // text/plain.
  kNone,        // No body.
};

struct RestRoute {
  std::string_view method;   // "GET" or "POST".
  std::string_view pattern;  // "/graph/jobs/{id}": literal segments and {name} parameters.
  RouteHandler handler;
  // For /openapi.json:
  std::string_view tag;  // Gaffer's controller tag: "operations", "config", "job"...
  std::string_view summary;
  int success_status = 200;
  RouteBody body = RouteBody::kJsonObject;
  bool takes_operation = false;       // The request body is an operation or chain (JSON).
  std::vector<int> error_statuses{};  // Besides 401/403/500, which every route may return.
};

// Every route, literal paths before parameterised ones of the same shape.
const std::vector<RestRoute>& AllRestRoutes();

std::vector<RestRoute> OperationRoutes();  // /graph/operations...
std::vector<RestRoute> ConfigRoutes();     // /graph/config/...
std::vector<RestRoute> JobRoutes();        // /graph/jobs...
std::vector<RestRoute> ServiceRoutes();    // status, version, properties, openapi.json.

// The OpenAPI 3 document describing `routes`, served under `api_root`.
Json OpenApiDocument(const std::vector<RestRoute>& routes, const RestServiceInfo& info,
                     std::string_view api_root);

// Splits a path into its segments ("/a/b/" -> {"a", "b"}).
std::vector<std::string_view> PathSegments(std::string_view path);
// Whether `segments` match `pattern`; on a match, the {parameter} values are
// appended to `params` (when not null).
bool MatchRoute(std::string_view pattern, const std::vector<std::string_view>& segments,
                std::vector<std::string>* params);

// Response helpers shared by the route files.
RestResponse JsonResponse(const Json& json, int status = 200);
RestResponse TextResponse(std::string text);
// The Gaffer error response for a failed Status (status from HttpStatusFor).
RestResponse StatusResponse(const Status& status);
// Runs `operation_json` through Executor::Open and streams its result with
// `kind` (kResult or kChunkedItems); a failure to open is an error response.
RestResponse StreamOperation(const RouteCall& call, std::string_view operation_json,
                             RestBodyKind kind);
// Whether a request body of `content_type` may be read as JSON: empty (not
// declared), application/json or any "+json" type, parameters ignored.
// Gaffer's POST endpoints consume application/json; others get 415.
bool IsJsonContentType(std::string_view content_type);
// Checks what Spring checks before a controller reads an operation: a JSON
// content type (else 415) and a non-blank body (else 400). False with
// `error` set when the request fails.
bool AcceptOperationBody(const RestRequest& request, RestResponse* error);

}  // namespace quarry::rest_internal
