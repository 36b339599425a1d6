#include "server/service/exposure.h"

#include <arpa/inet.h>

namespace quarry {

bool IsLoopbackAddress(const std::string& address) {
  // Only the usual loopback addresses: another 127/8 address stands for a
  // network interface in tests (issue 20), and no deployment needs it.
  if (address == "localhost" || address == "127.0.0.1") return true;
  in6_addr v6{};
  return inet_pton(AF_INET6, address.c_str(), &v6) == 1 && IN6_IS_ADDR_LOOPBACK(&v6);
}

Status CheckExposure(const ExposureSettings& settings, std::FILE* log) {
  if (IsLoopbackAddress(settings.bind_address)) return Status::OK();
  std::string why;
  if (!settings.tls) {
    why +=
        "without TLS, tokens and every element would cross the network in clear text "
        "(give --tls-cert and --tls-key)";
  }
  if (!settings.users_file) {
    if (!why.empty()) why += "; ";
    why +=
        "without a users file, anyone who reaches the port is the anonymous user "
        "(give --users FILE)";
  }
  if (why.empty()) return Status::OK();
  if (settings.insecure_allow_plaintext) {
    std::fprintf(
        log, "quarry serve: WARNING: serving on %s insecurely (--insecure-allow-plaintext): %s\n",
        settings.bind_address.c_str(), why.c_str());
    std::fflush(log);
    return Status::OK();
  }
  return FailedPreconditionError("serve: refusing to bind non-loopback address " +
                                 settings.bind_address + ": " + why +
                                 ". To serve like this anyway, add --insecure-allow-plaintext.");
}

Result<std::shared_ptr<const OperationAuthoriser>> MakeServerAuthoriser(
    const std::optional<std::string>& operation_auths_file, bool anonymous_only,
    bool anonymous_writes) {
  OperationAuthoriser authoriser;
  if (operation_auths_file.has_value()) {
    QUARRY_ASSIGN_OR_RETURN(authoriser, OperationAuthoriser::FromFile(*operation_auths_file));
  }
  if (anonymous_only && !anonymous_writes) {
    for (OperationKind kind : WriteOperationKinds()) authoriser.AddAuths(kind, {"write"});
  }
  if (authoriser.empty()) return std::shared_ptr<const OperationAuthoriser>();
  return std::shared_ptr<const OperationAuthoriser>(
      std::make_shared<OperationAuthoriser>(std::move(authoriser)));
}

}  // namespace quarry
