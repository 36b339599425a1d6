// RestApi: finds the route for a request in the route table and runs it.
// Unknown paths are 404, known paths with another method 405 (with Allow),
// and every response carries Gaffer's X-Gaffer-Media-Type header, as
// Gaffer's GafferHeaderFilter adds it to every response.
#include "server/rest/rest_api.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <exception>
#include <utility>

#include "server/rest/internal/rest_routes.h"

namespace quarry {
namespace {

using rest_internal::AllRestRoutes;
using rest_internal::RestRoute;
using rest_internal::RouteCall;

constexpr char kGafferMediaTypeHeader[] = "X-Gaffer-Media-Type";
constexpr char kGafferMediaType[] = "gaffer.v2; format=json";

// Gaffer's graphCreatedTime is when its Store object was made, i.e. when the
// service started, as a LocalDateTime ("2024-05-01T10:11:12.345"). Ours is
// the first RestApi's construction, in UTC.
const std::string& ServiceStartTime() {
  static const std::string started = [] {
    const auto now = std::chrono::system_clock::now();
    const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
    const auto millis =
        std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() %
        1000;
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char text[40];
    const size_t n = std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%S", &utc);
    return std::string(text, n) + "." + std::to_string(1000 + millis).substr(1);
  }();
  return started;
}

// Spring matches a path with one trailing slash as the path without it.
std::string_view WithoutTrailingSlash(std::string_view path) {
  if (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
  return path;
}

RestResponse MethodNotAllowed(const RestRequest& request, const std::string& allowed) {
  RestResponse response = GafferErrorResponse(
      405, "Request method '" + std::string(request.method) + "' is not supported for " +
               std::string(request.path) + "; allowed: " + allowed);
  response.headers.emplace_back("Allow", allowed);
  return response;
}

// The route for a request: `route` set when one matches path and method;
// otherwise `allowed` lists the methods of the routes matching the path
// (empty: no route has this path).
struct RouteMatch {
  const RestRoute* route = nullptr;
  std::vector<std::string> params;
  std::string allowed;
};

RouteMatch FindRoute(const RestRequest& request) {
  const std::vector<std::string_view> segments =
      rest_internal::PathSegments(WithoutTrailingSlash(request.path));
  // Among the patterns matching the path, the most literal ones win, so that
  // GET /graph/operations/execute is a 405, not a lookup of class "execute".
  std::vector<RouteMatch> candidates;
  size_t fewest_params = SIZE_MAX;
  for (const RestRoute& route : AllRestRoutes()) {
    RouteMatch candidate{&route, {}, {}};
    if (!rest_internal::MatchRoute(route.pattern, segments, &candidate.params)) continue;
    fewest_params = std::min(fewest_params, candidate.params.size());
    candidates.push_back(std::move(candidate));
  }
  RouteMatch none;
  for (RouteMatch& candidate : candidates) {
    if (candidate.params.size() != fewest_params) continue;
    if (candidate.route->method == request.method) return std::move(candidate);
    if (none.allowed.find(candidate.route->method) == std::string::npos) {
      none.allowed += (none.allowed.empty() ? "" : ", ") + std::string(candidate.route->method);
    }
  }
  return none;
}

RestResponse RunHandler(const RestRoute& route, const RouteCall& call) {
  try {
    return route.handler(call);
  } catch (const std::exception& e) {
    // The core never throws; this guards the edge against a library that does.
    return GafferErrorResponse(500, "Something went wrong in the server", e.what());
  }
}

}  // namespace

RestApi::RestApi(std::shared_ptr<const Executor> executor, RestServiceInfo info)
    : executor_(std::move(executor)), info_(std::move(info)) {
  ServiceStartTime();  // Pins the start time to the first service's construction.
}

RestApi::~RestApi() = default;

RestResponse RestApi::Handle(const RestRequest& request) const {
  static const User kAnonymous;
  RestRequest checked = request;
  if (checked.user == nullptr) checked.user = &kAnonymous;
  RouteMatch match = FindRoute(checked);
  RestResponse response;
  if (match.route != nullptr) {
    response = RunHandler(
        *match.route, {*executor_, info_, checked, std::move(match.params), ServiceStartTime()});
  } else if (!match.allowed.empty()) {
    response = MethodNotAllowed(checked, match.allowed);
  } else {
    response = GafferErrorResponse(
        404, "No endpoint for " + std::string(checked.method) + " " + std::string(checked.path));
  }
  response.headers.emplace_back(kGafferMediaTypeHeader, kGafferMediaType);
  return response;
}

}  // namespace quarry
