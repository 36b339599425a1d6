// Safe defaults for `quarry serve` (branch tls, issue 20): what may be served
// where, and the operation authoriser the server applies.
//
// Thread safety: free functions.
#pragma once

#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "graph-core/status.h"
#include "operations/operation_authoriser.h"

namespace quarry {

struct ExposureSettings {
  std::string bind_address;
  bool tls = false;
  bool users_file = false;
  bool insecure_allow_plaintext = false;
};

// True for 127.0.0.1, ::1 and "localhost" only (any other address, 127.0.0.2
// included, is treated as reachable from the network).
bool IsLoopbackAddress(const std::string& address);

// OK for a loopback bind, or with both TLS and a users file. Otherwise
// FailedPrecondition saying why (tokens and data in clear text; anyone who
// reaches the port acting as the anonymous user) and how (--tls-cert and
// --tls-key, --users, or --insecure-allow-plaintext) — unless
// insecure_allow_plaintext, which writes a warning to `log` and returns OK.
Status CheckExposure(const ExposureSettings& settings, std::FILE* log);

// The authoriser the server applies: `operation_auths_file` (Gaffer's hook
// JSON) when given, and, when the server has no users file and
// `anonymous_writes` is false, "write" required of every operation that
// writes (WriteOperationKinds()), which the anonymous user does not hold.
// Null when nothing is required. Errors as OperationAuthoriser::FromFile.
Result<std::shared_ptr<const OperationAuthoriser>> MakeServerAuthoriser(
    const std::optional<std::string>& operation_auths_file, bool anonymous_only,
    bool anonymous_writes);

}  // namespace quarry
