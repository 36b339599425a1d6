// Gaffer's error body and the mapping from Status codes to HTTP statuses.
#include <nlohmann/json.hpp>

#include "server/rest/rest_api.h"

namespace quarry {

std::string_view HttpReasonPhrase(int status) {
  switch (status) {
    case 200:
      return "OK";
    case 201:
      return "Created";
    case 204:
      return "No Content";
    case 400:
      return "Bad Request";
    case 401:
      return "Unauthorized";
    case 403:
      return "Forbidden";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 409:
      return "Conflict";
    case 408:
      return "Request Timeout";
    case 411:
      return "Length Required";
    case 413:
      return "Payload Too Large";
    case 414:
      return "URI Too Long";
    case 415:
      return "Unsupported Media Type";
    case 429:
      return "Too Many Requests";
    case 431:
      return "Request Header Fields Too Large";
    case 500:
      return "Internal Server Error";
    case 501:
      return "Not Implemented";
    case 503:
      return "Service Unavailable";
    default:
      return "Unknown";
  }
}

int HttpStatusFor(const Status& status) {
  switch (status.code()) {
    case StatusCode::kOk:
      return 200;
    case StatusCode::kInvalidArgument:
    case StatusCode::kFailedPrecondition:
    case StatusCode::kOutOfRange:
    case StatusCode::kResourceExhausted:  // A request asking for more than the limits allow.
      return 400;
    case StatusCode::kUnauthenticated:
      return 401;
    case StatusCode::kPermissionDenied:
      return 403;
    case StatusCode::kNotFound:
      return 404;
    case StatusCode::kAlreadyExists:  // e.g. a Checkpoint into a directory that exists.
      return 409;
    case StatusCode::kUnimplemented:
      return 501;
    case StatusCode::kUnavailable:
      return 503;
    case StatusCode::kDataLoss:
    case StatusCode::kIOError:
    case StatusCode::kInternal:
      break;
  }
  return 500;
}

std::string GafferErrorJson(int status, std::string_view message, std::string_view detail) {
  // Field order as Gaffer's Error serialises: statusCode, status, simpleMessage, detailMessage.
  nlohmann::ordered_json body;
  body["statusCode"] = status;
  body["status"] = std::string(HttpReasonPhrase(status));
  body["simpleMessage"] = std::string(message);
  body["detailMessage"] = std::string(detail.empty() ? message : detail);
  return body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

RestResponse GafferErrorResponse(int status, std::string_view message, std::string_view detail) {
  RestResponse response;
  response.status = status;
  response.content_type = "application/json";
  response.body = GafferErrorJson(status, message, detail);
  return response;
}

}  // namespace quarry
