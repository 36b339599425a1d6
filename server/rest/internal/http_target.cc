#include "server/rest/internal/http_target.h"

namespace quarry::rest_internal {
namespace {

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

Result<std::string> PercentDecode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out.push_back(text[i]);
      continue;
    }
    const bool complete = i + 2 < text.size();
    const int high = complete ? HexDigit(text[i + 1]) : -1;
    const int low = complete ? HexDigit(text[i + 2]) : -1;
    if (high < 0 || low < 0) {
      return InvalidArgumentError("bad percent-escape at offset " + std::to_string(i) +
                                  " of the request path");
    }
    const char decoded = static_cast<char>(high * 16 + low);
    if (decoded == '\0') return InvalidArgumentError("the request path decodes to a NUL byte");
    out.push_back(decoded);
    i += 2;
  }
  return out;
}

Result<HttpTarget> ParseTarget(std::string_view target) {
  if (target.empty() || target.front() != '/') {
    return InvalidArgumentError("the request target must be a path starting with '/'");
  }
  const size_t fragment = target.find('#');
  if (fragment != std::string_view::npos) target = target.substr(0, fragment);
  HttpTarget out;
  const size_t question = target.find('?');
  if (question != std::string_view::npos) {
    out.query = std::string(target.substr(question + 1));
    target = target.substr(0, question);
  }
  QUARRY_ASSIGN_OR_RETURN(out.path, PercentDecode(target));
  return out;
}

bool PathHasPrefix(std::string_view path, std::string_view prefix) {
  if (path.substr(0, prefix.size()) != prefix) return false;
  if (path.size() == prefix.size() || (!prefix.empty() && prefix.back() == '/')) return true;
  return path[prefix.size()] == '/';
}

std::optional<std::string_view> StripApiRoot(std::string_view path) {
  static constexpr std::string_view kRoot = "/rest";
  if (!PathHasPrefix(path, kRoot)) return std::nullopt;
  std::string_view rest = path.substr(kRoot.size());
  for (std::string_view version : {std::string_view("/v2"), std::string_view("/latest")}) {
    if (PathHasPrefix(rest, version)) {
      rest = rest.substr(version.size());
      break;
    }
  }
  if (rest.empty()) return std::string_view("/");
  return rest;
}

}  // namespace quarry::rest_internal
