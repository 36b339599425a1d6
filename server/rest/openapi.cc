// The OpenAPI 3 document for the route table: one path item per pattern,
// one operation per method, its parameters read from the pattern's
// {names}, its responses from the route's success status and body and its
// error statuses, all with Gaffer's error body schema.
#include <algorithm>

#include "server/rest/internal/rest_routes.h"

namespace quarry::rest_internal {
namespace {

Json Ref(std::string_view schema) {
  Json ref;
  ref["$ref"] = "#/components/schemas/" + std::string(schema);
  return ref;
}

Json MediaSchema(std::string_view media_type, const Json& schema) {
  Json content;
  content[std::string(media_type)]["schema"] = schema;
  return content;
}

Json SuccessResponse(const RestRoute& route) {
  Json response;
  response["description"] = route.success_status == 201 ? "Created" : "OK";
  switch (route.body) {
    case RouteBody::kJsonObject:
      response["content"] = MediaSchema("application/json", {{"type", "object"}});
      break;
    case RouteBody::kJsonArray:
      response["content"] =
          MediaSchema("application/json", Json{{"type", "array"}, {"items", Json::object()}});
      break;
    case RouteBody::kJsonAny:
      response["content"] = MediaSchema("application/json", Json::object());
      break;
    case RouteBody::kJsonLines:
      response["description"] = "One JSON item per chunk, each followed by CR LF";
      response["content"] = MediaSchema("application/json", Json::object());
      break;
    case RouteBody::kText:
      response["content"] = MediaSchema("text/plain", {{"type", "string"}});
      break;
    case RouteBody::kNone:
      break;
  }
  if (route.success_status == 201) {
    response["headers"]["Location"]["schema"]["type"] = "string";
    response["headers"]["job-id"]["description"] = "The job execution ID.";
    response["headers"]["job-id"]["schema"]["type"] = "string";
  }
  return response;
}

Json Responses(const RestRoute& route) {
  Json responses = Json::object();
  responses[std::to_string(route.success_status)] = SuccessResponse(route);
  std::vector<int> errors = route.error_statuses;
  for (int always : {401, 403, 500}) errors.push_back(always);
  std::sort(errors.begin(), errors.end());
  errors.erase(std::unique(errors.begin(), errors.end()), errors.end());
  for (int status : errors) {
    Json error;
    error["description"] = std::string(HttpReasonPhrase(status));
    error["content"] = MediaSchema("application/json", Ref("Error"));
    responses[std::to_string(status)] = error;
  }
  return responses;
}

Json PathParameters(std::string_view pattern) {
  Json parameters = Json::array();
  for (std::string_view segment : PathSegments(pattern)) {
    if (segment.size() < 3 || segment.front() != '{') continue;
    Json parameter;
    parameter["name"] = std::string(segment.substr(1, segment.size() - 2));
    parameter["in"] = "path";
    parameter["required"] = true;
    parameter["schema"]["type"] = "string";
    parameters.push_back(parameter);
  }
  return parameters;
}

// "GET /graph/jobs/{id}/results" -> "get_graph_jobs_id_results".
std::string OperationId(const RestRoute& route) {
  std::string id;
  for (char c : route.method) id += static_cast<char>(c - 'A' + 'a');
  for (char c : route.pattern) {
    if (c == '/' || c == '.') {
      id += '_';
    } else if (c != '{' && c != '}') {
      id += c;
    }
  }
  return id;
}

Json RouteOperation(const RestRoute& route) {
  Json operation;
  operation["tags"] = Json::array({std::string(route.tag)});
  operation["summary"] = std::string(route.summary);
  operation["operationId"] = OperationId(route);
  Json parameters = PathParameters(route.pattern);
  if (!parameters.empty()) operation["parameters"] = parameters;
  if (route.takes_operation) {
    operation["requestBody"]["required"] = true;
    operation["requestBody"]["content"] = MediaSchema("application/json", Ref("Operation"));
  }
  operation["responses"] = Responses(route);
  return operation;
}

Json Components() {
  Json schemas;
  Json& error = schemas["Error"];
  error["type"] = "object";
  error["properties"]["statusCode"]["type"] = "integer";
  error["properties"]["status"]["type"] = "string";
  error["properties"]["simpleMessage"]["type"] = "string";
  error["properties"]["detailMessage"]["type"] = "string";
  Json& operation = schemas["Operation"];
  operation["type"] = "object";
  operation["description"] = "A Gaffer operation or OperationChain as Gaffer JSON";
  operation["required"] = Json::array({"class"});
  operation["properties"]["class"]["type"] = "string";
  operation["additionalProperties"] = true;
  Json components;
  components["schemas"] = schemas;
  components["securitySchemes"]["basicAuth"]["type"] = "http";
  components["securitySchemes"]["basicAuth"]["scheme"] = "basic";
  return components;
}

}  // namespace

Json OpenApiDocument(const std::vector<RestRoute>& routes, const RestServiceInfo& info,
                     std::string_view api_root) {
  Json document;
  document["openapi"] = "3.0.3";
  document["info"]["title"] = info.title;
  document["info"]["description"] =
      "Gaffer's REST API v2 (spring-rest, Gaffer 2.3.2) served by Quarry over graph " +
      info.graph_id;
  document["info"]["version"] = info.version.empty() ? "unknown" : info.version;
  document["servers"] = Json::array({Json{{"url", std::string(api_root)}}});
  // Anonymous when the server has no users file; HTTP Basic (userId:token) when it has.
  document["security"] = Json::array({Json::object(), Json{{"basicAuth", Json::array()}}});
  Json paths = Json::object();
  for (const RestRoute& route : routes) {
    std::string method;
    for (char c : route.method) method += static_cast<char>(c - 'A' + 'a');
    paths[std::string(route.pattern)][method] = RouteOperation(route);
  }
  document["paths"] = paths;
  document["components"] = Components();
  return document;
}

}  // namespace quarry::rest_internal
