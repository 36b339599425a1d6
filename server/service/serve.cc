#include "server/service/serve.h"

#include <csignal>
#include <cstring>
#include <functional>
#include <vector>

#include "server/rest/ui_files.h"
#include "server/rpc_server.h"
#include "server/service/connection_handler.h"
#include "server/service/quarry_service.h"
#include "server/tls/tls_context.h"

namespace quarry {
namespace {

std::string AnonymousNote(const UserDirectory& users, const ServeOptions& options) {
  std::string note;
  if (users.anonymous_only()) {
    note = options.anonymous_writes
               ? " (no users file: anonymous access only)"
               : " (no users file: anonymous read-only access; --anonymous-writes to allow "
                 "writes)";
  }
  if (options.tls != nullptr) note += options.tls->mutual() ? " (mutual TLS)" : " (TLS)";
  return note;
}

// --- branch tls (issue 20): SIGHUP. A minimal callback list; the lead may
// merge it with issue 19's (users-file reload). Each callback runs on the
// signal-waiting thread.
using HangupCallback = std::function<void(std::FILE* out)>;

std::vector<HangupCallback> HangupCallbacks(const ServeOptions& options) {
  std::vector<HangupCallback> callbacks;
  if (options.tls != nullptr) {
    // Certificate reload: new connections get the new certificate.
    callbacks.push_back([tls = options.tls](std::FILE* out) {
      Status status = tls->Reload();
      if (status.ok()) {
        std::fprintf(out, "SIGHUP: TLS certificate reloaded from %s\n",
                     tls->files().cert_file.c_str());
      } else {
        std::fprintf(out, "SIGHUP: TLS certificate not reloaded (still serving the old one): %s\n",
                     status.ToString().c_str());
      }
    });
  }
  return callbacks;
}

// Waits for SIGINT or SIGTERM (returned), running `callbacks` on SIGHUP.
int WaitServing(const std::vector<HangupCallback>& callbacks, std::FILE* out) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  for (;;) {
    int signal_number = 0;
    if (sigwait(&set, &signal_number) != 0) continue;
    if (signal_number != SIGHUP) return signal_number;
    for (const HangupCallback& callback : callbacks) callback(out);
    std::fflush(out);
  }
}
// --- end of branch tls.

Result<std::unique_ptr<HttpServer>> StartHttp(std::shared_ptr<const Executor> executor,
                                              const UserDirectory& users,
                                              const ServeOptions& options) {
  auto api = std::make_shared<const RestApi>(std::move(executor), options.rest_info);
  RestHandler handler = [api](const RestRequest& request) { return api->Handle(request); };
  std::vector<HttpPathHandler> extra_paths;
  if (!options.ui_dir.empty()) extra_paths.push_back(UiPathHandler(options.ui_dir));
  return HttpServer::Start(std::move(handler), std::move(extra_paths), users, *options.http);
}

}  // namespace

Status ServeUntilSignalled(std::shared_ptr<const Executor> executor, UserDirectory users,
                           const ServeOptions& options, std::FILE* out) {
  if (!options.thrift && !options.http) {
    return InvalidArgumentError("serve: neither a Thrift nor an HTTP port to listen on");
  }
  std::unique_ptr<RpcServer> rpc;
  if (options.thrift) {
    auto service = std::make_shared<QuarryService>(executor, users, options.thrift->limits);
    // branch tls: a handler per connection (origin, queries closed with it).
    QUARRY_ASSIGN_OR_RETURN(
        rpc, RpcServer::Start(std::make_shared<QuarryConnectionFactory>(service), *options.thrift));
    std::fprintf(out, "listening on %s:%d%s\n", options.thrift->bind_address.c_str(), rpc->port(),
                 AnonymousNote(users, options).c_str());
    std::fflush(out);
  }
  std::unique_ptr<HttpServer> http;
  if (options.http) {
    QUARRY_ASSIGN_OR_RETURN(http, StartHttp(executor, users, options));
    std::fprintf(out, "http listening on %s:%d%s\n", options.http->bind_address.c_str(),
                 http->port(), AnonymousNote(users, options).c_str());
    std::fflush(out);
  }
  const int signal_number = WaitServing(HangupCallbacks(options), out);  // branch tls
  std::fprintf(out, "stopping on %s\n", signal_number == SIGINT ? "SIGINT" : "SIGTERM");
  std::fflush(out);
  if (rpc != nullptr) rpc->Stop();
  if (http != nullptr) http->Stop();
  if (rpc != nullptr) rpc->Wait();
  return Status::OK();
}

}  // namespace quarry
