// Base64 (RFC 4648, standard alphabet with '=' padding), as Jackson writes
// byte[] payloads and Gaffer writes sketch bytes in JSON, split points are
// exchanged and HTTP Basic credentials are sent: the project's one Base64.
//
// Thread safety: stateless functions.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace quarry {

// Encodes `bytes` with padding.
std::string Base64Encode(std::string_view bytes);

// kOptional: Jackson's and Gaffer's lenient reading; kRequired: the padded
// form only (a length that is a multiple of 4), as RFC 7617 credentials and
// Gaffer's split points are written.
enum class Base64Padding { kOptional, kRequired };

// Decodes `text`; whitespace is not allowed. Returns nullopt if `text` holds
// a character outside the alphabet, misplaced padding, or a length that
// cannot be base64 (a single trailing character; with kRequired, any length
// that is not a multiple of 4).
std::optional<std::string> Base64Decode(std::string_view text,
                                        Base64Padding padding = Base64Padding::kOptional);

}  // namespace quarry
