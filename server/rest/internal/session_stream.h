// SessionStream: an HTTP connection's byte stream, plain TCP or TLS
// (Boost.Beast's ssl_stream over a tcp_stream), chosen per server (branch
// tls, issue 20). It is an AsyncReadStream and AsyncWriteStream, so Beast's
// HTTP reads and writes run over it unchanged; timeouts and socket
// operations go to the TCP layer underneath (tcp()).
//
// Lifetime: owns the socket. Thread safety: as a Beast stream, used on its
// strand only.
#pragma once

#include <openssl/ssl.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <memory>
#include <optional>
#include <utility>

namespace quarry::rest_internal {

class SessionStream {
 public:
  using executor_type = boost::beast::tcp_stream::executor_type;

  // `tls`: the server's current SSL_CTX, or null for plain TCP.
  SessionStream(boost::asio::ip::tcp::socket socket, const std::shared_ptr<SSL_CTX>& tls) {
    if (tls == nullptr) {
      plain_.emplace(std::move(socket));
      return;
    }
    SSL_CTX_up_ref(tls.get());  // asio's context frees the handle it wraps.
    context_ = std::make_unique<boost::asio::ssl::context>(tls.get());
    tls_.emplace(boost::beast::tcp_stream(std::move(socket)), *context_);
  }

  bool is_tls() const { return tls_.has_value(); }
  executor_type get_executor() { return tcp().get_executor(); }
  boost::beast::tcp_stream& tcp() { return tls_ ? tls_->next_layer() : *plain_; }
  // REQUIRES: is_tls().
  SSL* native_handle() { return tls_->native_handle(); }

  // REQUIRES: is_tls(). The server side of the handshake.
  template <typename Handler>
  void async_handshake(Handler&& handler) {
    tls_->async_handshake(boost::asio::ssl::stream_base::server, std::forward<Handler>(handler));
  }

  template <typename MutableBuffers, typename Handler>
  void async_read_some(const MutableBuffers& buffers, Handler&& handler) {
    if (tls_) return tls_->async_read_some(buffers, std::forward<Handler>(handler));
    plain_->async_read_some(buffers, std::forward<Handler>(handler));
  }

  template <typename ConstBuffers, typename Handler>
  void async_write_some(const ConstBuffers& buffers, Handler&& handler) {
    if (tls_) return tls_->async_write_some(buffers, std::forward<Handler>(handler));
    plain_->async_write_some(buffers, std::forward<Handler>(handler));
  }

 private:
  std::optional<boost::beast::tcp_stream> plain_;
  std::unique_ptr<boost::asio::ssl::context> context_;  // Before tls_: outlives it.
  std::optional<boost::beast::ssl_stream<boost::beast::tcp_stream>> tls_;
};

}  // namespace quarry::rest_internal
