// Base64 for split points (RFC 4648 standard alphabet, padded).
#include <string>

#include "operations/internal/exec.h"

namespace quarry::operations_internal {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int DecodeChar(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

}  // namespace

std::string Base64Encode(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (size_t i = 0; i < bytes.size(); i += 3) {
    uint32_t chunk = static_cast<uint8_t>(bytes[i]) << 16;
    if (i + 1 < bytes.size()) chunk |= static_cast<uint8_t>(bytes[i + 1]) << 8;
    if (i + 2 < bytes.size()) chunk |= static_cast<uint8_t>(bytes[i + 2]);
    out += kAlphabet[(chunk >> 18) & 63];
    out += kAlphabet[(chunk >> 12) & 63];
    out += i + 1 < bytes.size() ? kAlphabet[(chunk >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? kAlphabet[chunk & 63] : '=';
  }
  return out;
}

Result<std::string> Base64Decode(std::string_view text, std::string_view what) {
  if (text.size() % 4 != 0) {
    return InvalidArgumentError(std::string(what) + ": malformed base64 '" + std::string(text) +
                                "'");
  }
  std::string out;
  for (size_t i = 0; i < text.size(); i += 4) {
    uint32_t chunk = 0;
    int pad = 0;
    for (size_t j = 0; j < 4; ++j) {
      char c = text[i + j];
      int v = DecodeChar(c);
      bool padding_ok =
          c == '=' && i + 4 == text.size() && j >= 2 && (j == 3 || text[i + 3] == '=');
      if (v < 0 && !padding_ok) {
        return InvalidArgumentError(std::string(what) + ": malformed base64 '" + std::string(text) +
                                    "'");
      }
      if (v < 0) ++pad;
      chunk = (chunk << 6) | static_cast<uint32_t>(v < 0 ? 0 : v);
    }
    out += static_cast<char>((chunk >> 16) & 0xff);
    if (pad < 2) out += static_cast<char>((chunk >> 8) & 0xff);
    if (pad < 1) out += static_cast<char>(chunk & 0xff);
  }
  return out;
}

}  // namespace quarry::operations_internal
