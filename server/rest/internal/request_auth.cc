#include "server/rest/internal/request_auth.h"

#include "server/authenticated_user.h"
#include "server/rest/internal/basic_auth.h"

namespace quarry::rest_internal {

Result<User> AuthenticateRequest(const UserDirectory& users,
                                 std::optional<std::string_view> authorization) {
  return AuthenticateRequest(users, authorization, nullptr, RequestOrigin());
}

Result<User> AuthenticateRequest(const UserDirectory& users,
                                 std::optional<std::string_view> authorization,
                                 AuthThrottle* throttle, const RequestOrigin& origin) {
  if (!authorization.has_value() && !origin.certificate_name.empty()) {  // branch tls
    return AuthenticateFrom(users, throttle, origin, "", std::nullopt);
  }
  if (!authorization.has_value()) {
    if (!users.anonymous_only()) {
      return UnauthenticatedError(
          "authentication required: send Authorization: Basic base64(userId:token)");
    }
    return AuthenticateUser(users, User().user_id, std::nullopt);  // Gaffer's "UNKNOWN".
  }
  if (throttle != nullptr) QUARRY_RETURN_IF_ERROR(throttle->Check(origin.source));
  Result<BasicCredentials> credentials = ParseBasicAuthorization(*authorization);
  if (!credentials.ok()) {
    if (throttle != nullptr) throttle->RecordFailure(origin.source, "(malformed Authorization)");
    return credentials.status();
  }
  return AuthenticateFrom(users, throttle, origin, credentials->user_id,
                          std::move(credentials->token));
}

}  // namespace quarry::rest_internal
