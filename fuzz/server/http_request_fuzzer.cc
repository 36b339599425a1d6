// HTTP request parsing (server/rest): the bytes sent as they are on a
// loopback connection to the real REST transport (Boost.Beast parser,
// limits, Basic authentication, target decoding, routing) over a scratch
// graph. The write side is then closed, and the response read until the
// server closes the connection. Small limits and timeouts keep each input
// quick; the admin operations are refused (they touch the file system).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <memory>

#include "fuzz/fuzz_util.h"
#include "operations/executor.h"
#include "server/rest/http_server.h"
#include "server/rest/rest_api.h"
#include "store/graph.h"

namespace {

struct Served {
  std::shared_ptr<quarry::Executor> executor;
  std::shared_ptr<quarry::RestApi> api;
  std::unique_ptr<quarry::HttpServer> server;
};

int ServerPort() {
  static Served* served = [] {
    auto* s = new Served();
    auto graph = quarry::Graph::Open(quarry::fuzz::ScratchGraphDir());
    if (!graph.ok()) std::abort();
    quarry::ExecutorLimits limits;
    limits.admin_auth = "fuzz-admin-never-granted";
    limits.max_json_depth = 64;
    s->executor = std::make_shared<quarry::Executor>(
        std::shared_ptr<quarry::Graph>(std::move(*graph)), limits);
    s->api = std::make_shared<quarry::RestApi>(s->executor, quarry::RestServiceInfo{"fuzz"});
    quarry::HttpServerOptions options;
    options.port = 0;
    options.limits.max_body_bytes = 1 << 20;
    options.limits.max_header_bytes = 16 << 10;
    options.limits.header_timeout_ms = 500;
    options.limits.idle_timeout_ms = 500;
    options.limits.body_timeout_ms = 500;
    options.limits.send_timeout_ms = 2000;
    options.limits.max_concurrent_requests = 2;
    options.limits.io_threads = 1;
    auto api = s->api;
    auto server = quarry::HttpServer::Start(
        [api](const quarry::RestRequest& request) { return api->Handle(request); }, {},
        quarry::UserDirectory(), options);
    if (!server.ok()) std::abort();
    s->server = std::move(*server);
    return s;
  }();
  return served->server->port();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  int port = ServerPort();
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) std::abort();
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0) std::abort();
  timeval timeout{2, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof(timeout));
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof(timeout));
  size_t sent = 0;
  while (sent < size) {
    ssize_t n = send(fd, data + sent, size - sent, MSG_NOSIGNAL);
    if (n <= 0) break;  // The server may refuse early and close.
    sent += static_cast<size_t>(n);
  }
  shutdown(fd, SHUT_WR);
  char buffer[16384];
  while (recv(fd, buffer, sizeof(buffer), 0) > 0) {
  }
  close(fd);
  return 0;
}
