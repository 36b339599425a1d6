// UserDirectory: the server's users, their token hashes and auths, read from
// a JSON users file given at start:
//
//   {"users": [{"userId": "alice",
//               "tokenSha256": "<64 hex digits: SHA-256 of the token>",
//               "dataAuths": ["public", "private"],
//               "opAuths": ["User"]}]}
//
// userId and tokenSha256 are required; dataAuths and opAuths default to none.
// Unknown keys are errors (a typo must not silently drop an auth).
// Without a users file only anonymous access is possible: userId "anonymous"
// or "UNKNOWN" (Gaffer's default user), with no auths and no token checked.
//
// The client's claimed auths are never used: auths come from this file only.
//
// Copies are handles to one shared table (branch service, issue 19): Replace()
// on any copy swaps the users every copy sees, which is how `quarry serve`
// reloads the users file on SIGHUP without restarting its transports. A
// request authenticates against the table current when it starts.
//
// Thread safety: Authenticate, Replace and the accessors may be called from
// many threads at once.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"

namespace quarry {

struct UserRecord {
  std::string user_id;
  std::string token_sha256;  // Lower-case hex; empty for anonymous users.
  std::vector<std::string> data_auths;
  std::vector<std::string> op_auths;
};

class UserDirectory {
 public:
  // No users at all: every authentication fails.
  UserDirectory();
  // Only anonymous users ("anonymous", "UNKNOWN"), no auths.
  static UserDirectory AnonymousOnly();
  // Parses users-file JSON. InvalidArgument naming `source` and the JSON path
  // (e.g. "users.json: users[1].tokenSha256: expected 64 hex digits").
  static Result<UserDirectory> Parse(std::string_view json_text, std::string_view source);
  // Reads and parses a file. NotFound if it cannot be read.
  static Result<UserDirectory> FromFile(const std::string& path);

  // The user for these credentials. Unauthenticated for an unknown user, a
  // missing token or a wrong token (the message does not say which).
  Result<UserRecord> Authenticate(std::string_view user_id,
                                  const std::optional<std::string>& token) const;

  bool anonymous_only() const { return Current()->anonymous_only; }
  size_t size() const { return Current()->users.size(); }

  // branch service (issue 19): makes every copy of this directory use
  // `fresh`'s users from now on (requests already authenticated keep their
  // user).
  void Replace(const UserDirectory& fresh);

 private:
  struct Table {
    bool anonymous_only = false;
    std::map<std::string, UserRecord, std::less<>> users;
  };
  struct Shared {
    mutable std::mutex mu;
    std::shared_ptr<const Table> table;
  };
  explicit UserDirectory(Table table);
  std::shared_ptr<const Table> Current() const;

  std::shared_ptr<Shared> shared_;
};

}  // namespace quarry
