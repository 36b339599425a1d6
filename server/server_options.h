// ServerOptions: where `quarry serve` listens and the limits that protect it
// from hostile or careless clients.
//
// Thread safety: a plain value type.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace quarry {

class TlsContext;  // server/tls/tls_context.h (branch tls)

struct ServerLimits {
  // Largest framed request accepted. A larger frame header closes the
  // connection before anything is allocated for it. Libthrift's memory
  // transport caps messages at 100 MB, so larger values are clamped.
  size_t max_frame_bytes = 64u << 20;
  // Binary-protocol limits on one string/binary and one list/set/map.
  int32_t max_string_bytes = 64 << 20;
  int32_t max_container_items = 1'000'000;
  // Deepest JSON nesting accepted in an operation document (checked by a
  // byte scan before parsing).
  int max_json_depth = 200;
  // Paged queries.
  int32_t max_page_size = 100'000;
  size_t max_open_queries = 1024;
  int64_t query_idle_timeout_ms = 5 * 60 * 1000;
  // Failed authentications (branch tls): a source address with more than
  // max_auth_failures within auth_failure_window_ms is refused for
  // auth_block_ms (without checking its credentials).
  int max_auth_failures = 10;
  int64_t auth_failure_window_ms = 60'000;
  int64_t auth_block_ms = 60'000;
  // Connections: each has a thread; beyond the limit, accepting waits.
  int64_t max_connections = 512;
  // A connection silent this long (between or inside requests) is closed.
  int recv_timeout_ms = 60'000;
  int send_timeout_ms = 60'000;
};

struct ServerOptions {
  std::string bind_address = "127.0.0.1";
  int port = 9090;  // 0 picks a free port (see RpcServer::port()).
  ServerLimits limits;
  // --- branch tls (issue 20): serve TLS with this context; null: plain TCP.
  std::shared_ptr<TlsContext> tls;
  // --- end of branch tls.
};

}  // namespace quarry
