#include "server/rest/http_server.h"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <cstdio>
#include <thread>

#include "server/rest/internal/http_context.h"
#include "server/rest/internal/http_session.h"

namespace quarry {

namespace net = boost::asio;
using tcp = net::ip::tcp;
using rest_internal::HttpSession;

struct HttpServer::Impl {
  // Declared first: sessions, destroyed with the I/O context or the workers'
  // tasks, still reach it.
  rest_internal::HttpContext context;
  net::io_context io;
  net::executor_work_guard<net::io_context::executor_type> work{io.get_executor()};
  tcp::acceptor acceptor{net::make_strand(io)};
  net::steady_timer retry{acceptor.get_executor()};
  std::vector<std::thread> threads;
  // After `io`: destroyed first, with any task still holding a session
  // whose socket belongs to `io`.
  net::thread_pool workers;
  std::atomic<bool> stopped{false};

  explicit Impl(int worker_threads) : workers(static_cast<size_t>(worker_threads)) {}

  void Accept();
  void OnAccept(boost::system::error_code ec, tcp::socket socket);
};

void HttpServer::Impl::Accept() {
  acceptor.async_accept(net::make_strand(io),
                        [this](boost::system::error_code ec, tcp::socket socket) {
                          OnAccept(ec, std::move(socket));
                        });
}

void HttpServer::Impl::OnAccept(boost::system::error_code ec, tcp::socket socket) {
  if (context.stopping || ec == net::error::operation_aborted) return;
  if (ec) {
    // E.g. out of file descriptors: wait a little rather than spin.
    std::fprintf(stderr, "quarry serve: http accept: %s\n", ec.message().c_str());
    retry.expires_after(std::chrono::milliseconds(100));
    retry.async_wait([this](boost::system::error_code timer_ec) {
      if (!timer_ec) Accept();
    });
    return;
  }
  // A response goes out in several writes (head, then a page at a time):
  // with Nagle's algorithm each later small write waits for the client's
  // delayed ACK of the previous one, ~40 ms a request on Linux.
  boost::system::error_code ignored;
  socket.set_option(tcp::no_delay(true), ignored);
  const bool over_limit = context.connections.load() >= context.limits.max_connections;
  std::make_shared<HttpSession>(std::move(socket), &context)->Start(over_limit);
  Accept();
}

namespace {

Status CheckLimits(const HttpServerLimits& limits) {
  if (limits.io_threads < 1 || limits.max_concurrent_requests < 1 || limits.max_connections < 1 ||
      limits.result_page_items < 1 || limits.max_header_bytes < 1024) {
    return InvalidArgumentError(
        "http limits: io_threads, max_concurrent_requests, max_connections and "
        "result_page_items must be at least 1 and max_header_bytes at least 1024");
  }
  return Status::OK();
}

Status Listen(tcp::acceptor& acceptor, const HttpServerOptions& options) {
  boost::system::error_code ec;
  const net::ip::address address = net::ip::make_address(options.bind_address, ec);
  if (ec) return InvalidArgumentError("http: bad bind address '" + options.bind_address + "'");
  const tcp::endpoint endpoint(address, static_cast<unsigned short>(options.port));
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
  if (ec) {
    return UnavailableError("http: cannot listen on " + options.bind_address + ":" +
                            std::to_string(options.port) + ": " + ec.message());
  }
  return Status::OK();
}

}  // namespace

Result<std::unique_ptr<HttpServer>> HttpServer::Start(RestHandler api,
                                                      std::vector<HttpPathHandler> extra_paths,
                                                      UserDirectory users,
                                                      HttpServerOptions options) {
  QUARRY_RETURN_IF_ERROR(CheckLimits(options.limits));
  auto impl = std::make_unique<Impl>(options.limits.max_concurrent_requests);
  impl->context.api = std::move(api);
  impl->context.extra_paths = std::move(extra_paths);
  impl->context.users = std::move(users);
  impl->context.limits = options.limits;
  impl->context.workers = &impl->workers;
  impl->context.tls = options.tls;  // branch tls
  QUARRY_RETURN_IF_ERROR(Listen(impl->acceptor, options));
  const int port = impl->acceptor.local_endpoint().port();
  impl->Accept();
  for (int i = 0; i < options.limits.io_threads; ++i) {
    impl->threads.emplace_back([io = &impl->io] { io->run(); });
  }
  std::unique_ptr<HttpServer> server(new HttpServer(std::move(impl)));
  server->port_ = port;
  return server;
}

HttpServer::HttpServer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

HttpServer::~HttpServer() { Stop(); }

// branch service (issue 19).
int HttpServer::active_connections() const { return impl_->context.connections.load(); }

namespace {

// Waits until no connection is left or `timeout` has passed.
bool WaitForNoConnections(const std::atomic<int>& connections, int timeout_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (connections.load() > 0) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

}  // namespace

void HttpServer::Stop() {
  if (impl_ == nullptr || impl_->stopped.exchange(true)) return;
  Impl& impl = *impl_;
  impl.context.stopping = true;
  net::post(impl.acceptor.get_executor(), [&impl] {
    boost::system::error_code ignored;
    impl.acceptor.close(ignored);
    impl.retry.cancel();
  });
  for (auto& session : impl.context.Sessions()) session->Shutdown();
  if (!WaitForNoConnections(impl.context.connections, impl.context.limits.stop_drain_ms)) {
    for (auto& session : impl.context.Sessions()) session->Abort();
    WaitForNoConnections(impl.context.connections, 1000);
  }
  impl.work.reset();
  impl.io.stop();
  for (std::thread& thread : impl.threads) thread.join();
  impl.workers.stop();
  impl.workers.join();
}

}  // namespace quarry
