// HttpServer: the HTTP/1.1 transport of Gaffer's REST API (Boost.Beast over
// Asio). It accepts connections, parses and limits requests, authenticates
// the user against the UserDirectory (HTTP Basic), strips the API root
// ("/rest", "/rest/v2", "/rest/latest"), percent-decodes the path, calls the
// API once per request and writes the response, streaming cursor results
// with chunked transfer encoding a page at a time.
//
// HTTP/1.0 clients are served too: never a chunked response (RFC 9112
// 7.1). A streamed result goes out unframed with "Connection: close" and
// the server's close ends it (it still streams; nothing is buffered); fixed
// responses carry Content-Length. A 1.0 connection persists only when the
// request says "Connection: keep-alive" (answered in kind); no
// "100 Continue" is ever sent to a 1.0 client.
//
// Connections are asynchronous sessions on a small pool of I/O threads, so
// idle keep-alive connections hold no thread. API calls and cursor pages,
// which block on the store, run on a separate pool of
// max_concurrent_requests workers (further requests wait their turn).
//
// Protection (HttpServerLimits):
// * a body over max_body_bytes is 413, refused from Content-Length before
//   it is read (a chunked body when it crosses the limit); the connection
//   closes;
// * a request line and headers over max_header_bytes are 431 and close;
// * malformed HTTP or chunking is 400 and closes;
// * a request's headers must arrive within header_timeout_ms of its first
//   byte (slowloris), a keep-alive connection may idle idle_timeout_ms, a
//   body may stall body_timeout_ms, a response write send_timeout_ms: then
//   the connection is closed;
// * beyond max_connections, a new connection gets 503 and is closed.
// Errors are Gaffer error bodies (rest_api.h). OPTIONS is answered with an
// Allow header and no CORS headers, for any path, without authentication.
//
// Authentication: with a users file, every API request needs
// "Authorization: Basic base64(userId:token)" (401 with WWW-Authenticate
// otherwise). Without one (UserDirectory::anonymous_only()), a request
// without the header is user "UNKNOWN" (as over Thrift) and a header naming
// another user than "anonymous" or "UNKNOWN" is 401.
//
// Lifetime: Start() listens and serves; Stop() (or the destructor) stops.
// Thread safety: port() and Stop() may be called from any thread; the
// handlers are called from many worker threads at once.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "graph-core/status.h"
#include "server/rest/rest_api.h"
#include "server/users.h"

namespace quarry {

struct HttpServerLimits {
  size_t max_body_bytes = 256u << 20;
  size_t max_header_bytes = 64u << 10;  // Request line and headers together.
  int header_timeout_ms = 10'000;       // From a request's first byte to its blank line.
  int idle_timeout_ms = 60'000;         // A keep-alive connection waiting for a request.
  int body_timeout_ms = 60'000;         // No body bytes for this long.
  int send_timeout_ms = 60'000;         // One response write (a page) not completing.
  int max_connections = 1024;
  int max_concurrent_requests = 8;  // Worker threads for API calls and cursor pages.
  int io_threads = 2;
  size_t result_page_items = 1000;  // Cursor items fetched and written at a time.
  int stop_drain_ms = 5000;         // Stop() waits this long for in-flight responses.
};

class TlsContext;  // server/tls/tls_context.h (branch tls)

struct HttpServerOptions {
  std::string bind_address = "127.0.0.1";
  int port = 8080;  // 0 picks a free port (see HttpServer::port()).
  HttpServerLimits limits;
  // --- branch tls (issue 20): HTTPS with this context (its current
  // certificate at each connection's start; the handshake must finish
  // within header_timeout_ms); null: plain HTTP.
  std::shared_ptr<TlsContext> tls;
  // --- end of branch tls.
};

// One API call. Never throws in normal use; an exception becomes a 500
// Gaffer error. The request's views are valid during the call only.
using RestHandler = std::function<RestResponse(const RestRequest& request)>;

// Further paths served beside the API (the explorer page at "/ui", metrics
// at "/metrics"): requests whose decoded path is `prefix` or lies under it
// go to `handle` with the full decoded path.
struct HttpPathHandler {
  std::string prefix;
  bool authenticate = true;  // false: the request's user is anonymous "UNKNOWN".
  RestHandler handle;
};

class HttpServer {
 public:
  // Binds options.bind_address:options.port and starts serving `api` and
  // `extra_paths`. Unavailable if the address cannot be bound,
  // InvalidArgument for limits that cannot work (zero threads, ...).
  static Result<std::unique_ptr<HttpServer>> Start(RestHandler api,
                                                   std::vector<HttpPathHandler> extra_paths,
                                                   UserDirectory users, HttpServerOptions options);
  ~HttpServer();

  // The port actually bound.
  int port() const { return port_; }
  // branch service (issue 19): connections open now, for the metrics.
  int active_connections() const;
  // Stops accepting, closes idle connections, lets in-flight responses
  // finish for up to stop_drain_ms, then closes everything and joins the
  // threads. Idempotent; blocks until done.
  void Stop();

 private:
  struct Impl;
  explicit HttpServer(std::unique_ptr<Impl> impl);

  std::unique_ptr<Impl> impl_;
  int port_ = 0;
};

}  // namespace quarry
