// Who an HTTP request runs as, from its Authorization header (see
// http_server.h for the rules).
//
// Thread safety: free function over immutable inputs.
#pragma once

#include <optional>
#include <string_view>

#include "graph-core/status.h"
#include "operations/executor.h"
#include "server/authenticated_user.h"
#include "server/users.h"

namespace quarry::rest_internal {

// `authorization`: the header's value, nullopt when absent. Unauthenticated
// for a missing header when the directory has users, a header that is not
// well-formed Basic credentials, or credentials the directory refuses.
Result<User> AuthenticateRequest(const UserDirectory& users,
                                 std::optional<std::string_view> authorization);

// branch tls (issue 20): the same through AuthenticateFrom: `throttle` (may
// be null) refuses and counts failures per origin.source, and without an
// Authorization header a verified client certificate names the user.
Result<User> AuthenticateRequest(const UserDirectory& users,
                                 std::optional<std::string_view> authorization,
                                 AuthThrottle* throttle, const RequestOrigin& origin);

}  // namespace quarry::rest_internal
