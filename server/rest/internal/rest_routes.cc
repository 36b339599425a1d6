// Path matching, the assembled route table and the response helpers the
// route files share.
#include "server/rest/internal/rest_routes.h"

#include <algorithm>
#include <cctype>

namespace quarry::rest_internal {
namespace {

std::string Lowercase(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool IsParameter(std::string_view segment) {
  return segment.size() > 2 && segment.front() == '{' && segment.back() == '}';
}

}  // namespace

const std::vector<RestRoute>& AllRestRoutes() {
  static const std::vector<RestRoute> routes = [] {
    std::vector<RestRoute> all;
    for (auto part : {OperationRoutes, ConfigRoutes, JobRoutes, ServiceRoutes}) {
      std::vector<RestRoute> some = part();
      all.insert(all.end(), some.begin(), some.end());
    }
    return all;
  }();
  return routes;
}

std::vector<std::string_view> PathSegments(std::string_view path) {
  std::vector<std::string_view> segments;
  size_t start = 0;
  while (start <= path.size()) {
    size_t slash = path.find('/', start);
    if (slash == std::string_view::npos) slash = path.size();
    if (slash > start) segments.push_back(path.substr(start, slash - start));
    start = slash + 1;
  }
  return segments;
}

// Walks the pattern's segments in place: every request tries every route,
// so this allocates nothing unless the route matches with parameters.
bool MatchRoute(std::string_view pattern, const std::vector<std::string_view>& segments,
                std::vector<std::string>* params) {
  const size_t params_before = params != nullptr ? params->size() : 0;
  size_t matched = 0;
  bool match = true;
  for (size_t start = 0; match && start <= pattern.size();) {
    size_t slash = pattern.find('/', start);
    if (slash == std::string_view::npos) slash = pattern.size();
    const std::string_view wanted = pattern.substr(start, slash - start);
    start = slash + 1;
    if (wanted.empty()) continue;
    if (matched == segments.size()) {
      match = false;
    } else if (IsParameter(wanted)) {
      if (params != nullptr) params->emplace_back(segments[matched]);
    } else {
      match = wanted == segments[matched];
    }
    ++matched;
  }
  match = match && matched == segments.size();
  if (!match && params != nullptr) params->resize(params_before);
  return match;
}

RestResponse JsonResponse(const Json& json, int status) {
  RestResponse response;
  response.status = status;
  response.content_type = "application/json";
  // Bytes that are not UTF-8 (a raw vertex, say) are replaced, never thrown on.
  response.body = json.dump(-1, ' ', false, Json::error_handler_t::replace);
  return response;
}

RestResponse TextResponse(std::string text) {
  RestResponse response;
  response.content_type = "text/plain";
  response.body = std::move(text);
  return response;
}

RestResponse StatusResponse(const Status& status) {
  return GafferErrorResponse(HttpStatusFor(status), status.message());
}

RestResponse StreamOperation(const RouteCall& call, std::string_view operation_json,
                             RestBodyKind kind) {
  Result<std::unique_ptr<ResultCursor>> cursor =
      call.executor.Open(*call.request.user, operation_json);
  if (!cursor.ok()) return StatusResponse(cursor.status());
  RestResponse response;
  response.content_type = "application/json";
  response.kind = kind;
  response.cursor = std::move(cursor).value();
  return response;
}

bool IsJsonContentType(std::string_view content_type) {
  const std::string type = Lowercase(content_type.substr(0, content_type.find(';')));
  const size_t begin = type.find_first_not_of(" \t");
  if (begin == std::string::npos) return true;
  const std::string_view media =
      std::string_view(type).substr(begin, type.find_last_not_of(" \t") + 1 - begin);
  return media == "application/json" ||
         (media.size() > 5 && media.substr(media.size() - 5) == "+json");
}

bool AcceptOperationBody(const RestRequest& request, RestResponse* error) {
  if (!IsJsonContentType(request.content_type)) {
    *error = GafferErrorResponse(
        415, "Content type '" + std::string(request.content_type) + "' not supported");
    return false;
  }
  if (request.body.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    *error = GafferErrorResponse(400, "Required request body is missing");
    return false;
  }
  return true;
}

}  // namespace quarry::rest_internal
