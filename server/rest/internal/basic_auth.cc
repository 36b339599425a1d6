#include "server/rest/internal/basic_auth.h"

#include <optional>
#include <utility>

#include "graph-core/base64.h"

namespace quarry::rest_internal {
namespace {

bool IEqualsAscii(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const char x = (a[i] >= 'A' && a[i] <= 'Z') ? static_cast<char>(a[i] + 32) : a[i];
    const char y = (b[i] >= 'A' && b[i] <= 'Z') ? static_cast<char>(b[i] + 32) : b[i];
    if (x != y) return false;
  }
  return true;
}

}  // namespace

Result<std::string> DecodeBase64(std::string_view text) {
  if (text.size() % 4 != 0) return InvalidArgumentError("base64 length is not a multiple of 4");
  std::optional<std::string> decoded = Base64Decode(text, Base64Padding::kRequired);
  if (!decoded) return InvalidArgumentError("bad base64 character or padding");
  return std::move(*decoded);
}

Result<BasicCredentials> ParseBasicAuthorization(std::string_view header_value) {
  static constexpr std::string_view kScheme = "basic";
  const size_t space = header_value.find(' ');
  if (space == std::string_view::npos || !IEqualsAscii(header_value.substr(0, space), kScheme)) {
    return UnauthenticatedError("the Authorization header must use the Basic scheme");
  }
  std::string_view encoded = header_value.substr(space);
  while (!encoded.empty() && encoded.front() == ' ') encoded.remove_prefix(1);
  while (!encoded.empty() && encoded.back() == ' ') encoded.remove_suffix(1);
  Result<std::string> decoded = DecodeBase64(encoded);
  if (!decoded.ok()) {
    return UnauthenticatedError("the Authorization header's Basic credentials are not base64");
  }
  const std::string& text = *decoded;
  const size_t colon = text.find(':');
  if (colon == std::string::npos || colon == 0) {
    return UnauthenticatedError(
        "the Authorization header's Basic credentials must be userId:token with a non-empty "
        "userId");
  }
  return BasicCredentials{text.substr(0, colon), text.substr(colon + 1)};
}

}  // namespace quarry::rest_internal
