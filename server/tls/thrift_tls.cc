#include "server/tls/thrift_tls.h"

#include <fcntl.h>
#include <openssl/ssl.h>
#include <signal.h>
#include <thrift/transport/TSSLServerSocket.h>
#include <thrift/transport/TSSLSocket.h>

namespace quarry {
namespace {

using apache::thrift::transport::TServerSocket;
using apache::thrift::transport::TSSLServerSocket;
using apache::thrift::transport::TSSLSocket;
using apache::thrift::transport::TSSLSocketFactory;
using apache::thrift::transport::TTransport;
using apache::thrift::transport::TTransportException;

// A server-side TSSLSocket whose SSL comes from our SSL_CTX rather than the
// factory's. TSSLSocket creates its SSL lazily only when it has none, after
// making the socket non-blocking; done here the same way, up front.
class ServedTlsSocket : public TSSLSocket {
 public:
  ServedTlsSocket(std::shared_ptr<apache::thrift::transport::SSLContext> unused, THRIFT_SOCKET fd,
                  std::shared_ptr<THRIFT_SOCKET> interrupt, SSL_CTX* ctx)
      : TSSLSocket(std::move(unused), fd, std::move(interrupt)) {
    server(true);
    const int flags = fcntl(fd, F_GETFL, 0);
    if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0) {
      throw TTransportException(TTransportException::INTERNAL_ERROR, "tls: fcntl O_NONBLOCK");
    }
    ssl_ = SSL_new(ctx);
    if (ssl_ == nullptr) {
      throw TTransportException(TTransportException::INTERNAL_ERROR, "tls: SSL_new failed");
    }
    SSL_set_fd(ssl_, fd);
  }

  // As rpc_server.cc's ServedSocket: libthrift's message budget restarts at
  // every read (frames are bounded by the framed transport).
  uint32_t read(uint8_t* buf, uint32_t len) override {
    resetConsumedMessageSize();
    return TSSLSocket::read(buf, len);
  }

  std::string CommonName() { return PeerCommonName(ssl_); }
};

class ServedTlsSocketFactory : public TSSLSocketFactory {
 public:
  explicit ServedTlsSocketFactory(std::shared_ptr<TlsContext> tls) : tls_(std::move(tls)) {
    server(true);
  }

  std::shared_ptr<TSSLSocket> createSocket(THRIFT_SOCKET fd) override {
    return createSocket(fd, nullptr);
  }
  std::shared_ptr<TSSLSocket> createSocket(THRIFT_SOCKET fd,
                                           std::shared_ptr<THRIFT_SOCKET> interrupt) override {
    std::shared_ptr<SSL_CTX> ctx = tls_->Current();
    return std::make_shared<ServedTlsSocket>(ctx_, fd, std::move(interrupt), ctx.get());
  }

 private:
  std::shared_ptr<TlsContext> tls_;
};

}  // namespace

std::shared_ptr<TServerSocket> MakeTlsServerSocket(const std::string& address, int port,
                                                   std::shared_ptr<TlsContext> tls) {
  // OpenSSL writes to the socket itself (a close_notify to a peer that has
  // gone, say), without MSG_NOSIGNAL: the SIGPIPE that follows would kill
  // the server. EPIPE is handled as an error instead.
  signal(SIGPIPE, SIG_IGN);
  return std::make_shared<TSSLServerSocket>(
      address, port, std::make_shared<ServedTlsSocketFactory>(std::move(tls)));
}

std::string ThriftPeerCommonName(const std::shared_ptr<TTransport>& client) {
  auto* socket = dynamic_cast<ServedTlsSocket*>(client.get());
  return socket == nullptr ? "" : socket->CommonName();
}

}  // namespace quarry
