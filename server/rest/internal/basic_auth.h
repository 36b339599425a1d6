// HTTP Basic authentication (RFC 7617): "Authorization: Basic
// base64(userId:token)". The user id is everything before the first ':', the
// token everything after it (a token may contain ':').
//
// Thread safety: free functions over values.
#pragma once

#include <string>
#include <string_view>

#include "graph-core/status.h"

namespace quarry::rest_internal {

struct BasicCredentials {
  std::string user_id;
  std::string token;
};

// graph-core's Base64Decode (graph-core/base64.h) with padding required, as
// a Status: InvalidArgument for a length that is not a multiple of 4, a
// character outside the alphabet or misplaced padding.
Result<std::string> DecodeBase64(std::string_view text);

// Parses an Authorization header value. The scheme is case-insensitive and
// may be followed by several spaces. Unauthenticated (never naming the
// token) for another scheme, bad base64, no ':' or an empty user id.
Result<BasicCredentials> ParseBasicAuthorization(std::string_view header_value);

}  // namespace quarry::rest_internal
