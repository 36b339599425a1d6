// TEMPORARY (drop at merge): a minimal RestApi so that the HTTP transport
// can be tested before the real routes land. Answers GET /graph/status and
// POST /graph/operations/execute[/chunked] only.
#include "server/rest/rest_api.h"

namespace quarry {

RestApi::RestApi(std::shared_ptr<const Executor> executor, RestServiceInfo info)
    : executor_(std::move(executor)), info_(std::move(info)) {}

RestApi::~RestApi() = default;

RestResponse RestApi::Handle(const RestRequest& request) const {
  if (request.method == "GET" && request.path == "/graph/status") {
    RestResponse response;
    response.body = R"({"status": "UP"})";
    return response;
  }
  const bool execute = request.path == "/graph/operations/execute";
  const bool chunked = request.path == "/graph/operations/execute/chunked";
  if (request.method == "POST" && (execute || chunked)) {
    Result<std::unique_ptr<ResultCursor>> cursor = executor_->Open(*request.user, request.body);
    if (!cursor.ok()) {
      return GafferErrorResponse(HttpStatusFor(cursor.status()), cursor.status().message());
    }
    RestResponse response;
    response.kind = chunked ? RestBodyKind::kChunkedItems : RestBodyKind::kResult;
    response.cursor = std::move(*cursor);
    return response;
  }
  return GafferErrorResponse(404, "no such route: " + std::string(request.path));
}

}  // namespace quarry
