#include "server/rest/internal/basic_auth.h"

#include <cstdint>

namespace quarry::rest_internal {
namespace {

int Base64Digit(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

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
  std::string out;
  out.reserve(text.size() / 4 * 3);
  for (size_t group = 0; group < text.size(); group += 4) {
    const bool last = group + 4 == text.size();
    uint32_t bits = 0;
    int padding = 0;
    for (size_t i = 0; i < 4; ++i) {
      const char c = text[group + i];
      if (c == '=' && last && i >= 2) {  // Padding only ends the last group.
        ++padding;
        bits <<= 6;
        continue;
      }
      const int digit = Base64Digit(c);
      if (digit < 0 || padding > 0) return InvalidArgumentError("bad base64 character");
      bits = (bits << 6) | static_cast<uint32_t>(digit);
    }
    out.push_back(static_cast<char>(bits >> 16));
    if (padding < 2) out.push_back(static_cast<char>((bits >> 8) & 0xff));
    if (padding < 1) out.push_back(static_cast<char>(bits & 0xff));
  }
  return out;
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
