// RpcServer: the hardened Thrift server around a Quarry service handler.
//
// TThreadedServer (a thread per connection, up to max_connections), framed
// transport, strict binary protocol. (TNonblockingServer would need
// libevent-dev, which the build does not depend on.) A connection that sends
// nothing for recv_timeout_ms is closed, so idle or half-open connections
// neither block other clients (they have their own threads) nor pin threads
// for long. Limits (server_options.h):
// * a frame header above max_frame_bytes closes the connection before the
//   frame is allocated;
// * strings and containers above the protocol limits fail the request and
//   close the connection;
// * a malformed frame closes that connection only.
//
// Lifetime: Start() listens and serves on a background thread; Stop() (or
// the destructor) stops accepting, ends the event loops and joins.
// Thread safety: port() and Stop() may be called from any thread.
#pragma once

#include <memory>
#include <thread>

#include "graph-core/status.h"
#include "server/rpc/Quarry.h"
#include "server/server_options.h"

namespace apache::thrift::server {
class TThreadedServer;
}

namespace quarry {

class RpcServer {
 public:
  // Binds options.bind_address:options.port (0 picks a free port) and starts
  // serving. Unavailable if the address cannot be bound.
  static Result<std::unique_ptr<RpcServer>> Start(std::shared_ptr<rpc::QuarryIf> handler,
                                                  const ServerOptions& options);
  // branch tls: one handler per connection from `handlers` (getHandler when
  // the connection is accepted, releaseHandler when it closes). With
  // options.tls the socket serves TLS (server/tls/thrift_tls.h).
  static Result<std::unique_ptr<RpcServer>> Start(std::shared_ptr<rpc::QuarryIfFactory> handlers,
                                                  const ServerOptions& options);
  ~RpcServer();

  // The port actually bound.
  int port() const { return port_; }
  // branch service (issue 19): connections open now, for the metrics.
  int64_t active_connections() const;
  // Stops serving; idempotent.
  void Stop();
  // Blocks until the server has stopped (after Stop() from another thread).
  void Wait();

 private:
  RpcServer() = default;

  std::shared_ptr<apache::thrift::server::TThreadedServer> server_;
  std::thread serve_thread_;
  int port_ = 0;
};

// Blocks SIGINT, SIGTERM (and SIGHUP, for reloads) in the calling thread (call before starting any
// thread, so every thread inherits the mask), then waits for one of them and
// returns its number. Used by `quarry serve` for a graceful shutdown.
void BlockTerminationSignals();
int WaitForTerminationSignal();

}  // namespace quarry
