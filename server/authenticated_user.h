// The quarry::User a request runs as, from the UserDirectory: shared by the
// Thrift service and the HTTP transport so that both give a user the same
// auths (the users file's, never the client's).
//
// Thread safety: free function over immutable inputs.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "graph-core/status.h"
#include "operations/executor.h"
#include "server/auth_throttle.h"
#include "server/users.h"

namespace quarry {

// The user a directory record describes (its auths and job quota).
inline User UserFromRecord(UserRecord record) {
  User user;
  user.user_id = std::move(record.user_id);
  user.data_auths = std::move(record.data_auths);
  user.op_auths = std::move(record.op_auths);
  user.max_background_jobs = record.quotas.max_background_jobs;  // branch tls
  return user;
}

// Authenticates `user_id` (with `token` when given) and returns the user
// with the directory's auths. Errors as UserDirectory::Authenticate.
inline Result<User> AuthenticateUser(const UserDirectory& users, std::string_view user_id,
                                     const std::optional<std::string>& token) {
  QUARRY_ASSIGN_OR_RETURN(UserRecord record, users.Authenticate(user_id, token));
  return UserFromRecord(std::move(record));
}

// --- branch tls (issue 20) ---
// Where a request comes from: its source address (for AuthThrottle) and,
// over mutual TLS, the verified client certificate's common name.
struct RequestOrigin {
  std::string source;
  std::string certificate_name;  // Empty: no verified client certificate.
};

// AuthenticateUser with the safeguards of a network server: a source the
// throttle blocks is refused; without a token, a verified client
// certificate naming `user_id` (or any user when `user_id` is empty)
// authenticates as that user; failures are counted and logged (never the
// token); a success clears the source's failures. `throttle` may be null.
inline Result<User> AuthenticateFrom(const UserDirectory& users, AuthThrottle* throttle,
                                     const RequestOrigin& origin, std::string_view user_id,
                                     const std::optional<std::string>& token) {
  if (throttle != nullptr) QUARRY_RETURN_IF_ERROR(throttle->Check(origin.source));
  Result<User> user = UnauthenticatedError("");
  if (!token.has_value() && !origin.certificate_name.empty() &&
      (user_id.empty() || user_id == origin.certificate_name)) {
    Result<UserRecord> record = users.AuthenticateCertificate(origin.certificate_name);
    user = record.ok() ? Result<User>(UserFromRecord(std::move(record).value()))
                       : Result<User>(record.status());
  } else {
    user = AuthenticateUser(users, user_id, token);
  }
  if (throttle != nullptr) {
    if (user.ok()) {
      throttle->RecordSuccess(origin.source);
    } else {
      throttle->RecordFailure(origin.source, user_id);
    }
  }
  return user;
}
// --- end of branch tls.

}  // namespace quarry
