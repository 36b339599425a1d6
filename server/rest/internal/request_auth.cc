#include "server/rest/internal/request_auth.h"

#include "server/authenticated_user.h"
#include "server/rest/internal/basic_auth.h"

namespace quarry::rest_internal {

Result<User> AuthenticateRequest(const UserDirectory& users,
                                 std::optional<std::string_view> authorization) {
  if (!authorization.has_value()) {
    if (!users.anonymous_only()) {
      return UnauthenticatedError(
          "authentication required: send Authorization: Basic base64(userId:token)");
    }
    return AuthenticateUser(users, User().user_id, std::nullopt);  // Gaffer's "UNKNOWN".
  }
  QUARRY_ASSIGN_OR_RETURN(BasicCredentials credentials, ParseBasicAuthorization(*authorization));
  return AuthenticateUser(users, credentials.user_id, std::move(credentials.token));
}

}  // namespace quarry::rest_internal
