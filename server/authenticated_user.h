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
#include "server/users.h"

namespace quarry {

// Authenticates `user_id` (with `token` when given) and returns the user
// with the directory's auths. Errors as UserDirectory::Authenticate.
inline Result<User> AuthenticateUser(const UserDirectory& users, std::string_view user_id,
                                     const std::optional<std::string>& token) {
  QUARRY_ASSIGN_OR_RETURN(UserRecord record, users.Authenticate(user_id, token));
  User user;
  user.user_id = std::move(record.user_id);
  user.data_auths = std::move(record.data_auths);
  user.op_auths = std::move(record.op_auths);
  return user;
}

}  // namespace quarry
