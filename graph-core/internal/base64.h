// Base64 (RFC 4648, standard alphabet with '=' padding), as Jackson writes
// byte[] payloads and Gaffer writes sketch bytes in JSON.
//
// Thread safety: stateless functions.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace quarry::internal {

// Encodes `bytes` with padding.
std::string Base64Encode(std::string_view bytes);

// Decodes `text`. Padding is optional; whitespace is not allowed. Returns
// nullopt if `text` holds a character outside the alphabet, misplaced
// padding, or a length that cannot be base64 (a single trailing character).
std::optional<std::string> Base64Decode(std::string_view text);

}  // namespace quarry::internal
