// UserDirectory: the server's users, their token hashes and auths, read from
// a JSON users file given at start:
//
//   {"users": [{"userId": "alice",
//               "tokenSha256": "<64 hex digits: SHA-256 of the token>",
//               "dataAuths": ["public", "private"],
//               "opAuths": ["User"]}]}
//
// userId and tokenSha256 are required; dataAuths and opAuths default to none.
// Branch tls (issue 20): a user may have "quotas" {"maxOpenQueries": N,
// "maxConcurrentRequests": N, "maxBackgroundJobs": N} (each at least 1);
// a top-level "defaultQuotas" of the same shape replaces UserQuotas' defaults
// for every user (and the anonymous ones) that does not set its own.
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

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"

namespace quarry {

// branch tls: what one user may hold at once, so that no user starves the
// others.
struct UserQuotas {
  int64_t max_open_queries = 64;         // Paged queries (openQuery) open.
  int64_t max_concurrent_requests = 16;  // Thrift calls running; REST requests apart.
  int64_t max_background_jobs = 8;       // Jobs (executeJob) queued or running.
};

struct UserRecord {
  std::string user_id;
  std::string token_sha256;  // Lower-case hex; empty for anonymous users.
  std::vector<std::string> data_auths;
  std::vector<std::string> op_auths;
  UserQuotas quotas;  // branch tls
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

  // --- branch tls (issue 20) ---
  // The user a verified client certificate names (its subject's common name
  // is the userId): mutual TLS instead of a token. Unauthenticated for a
  // name that is no user.
  Result<UserRecord> AuthenticateCertificate(std::string_view common_name) const;
  // The quotas of `user_id` (the defaults for an unknown id).
  UserQuotas QuotasFor(std::string_view user_id) const;
  // --- end of branch tls.

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
    UserQuotas default_quotas;  // branch tls
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
