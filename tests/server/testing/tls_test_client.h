// TLS clients for the tests (branch tls): a Thrift client over libthrift's
// TSSLSocket, and a raw TLS connection (OpenSSL) for HTTPS requests and
// hostile byte streams after a finished handshake.
#pragma once

#include <openssl/ssl.h>

#include <memory>
#include <string>

#include "server/rpc/Quarry.h"

namespace apache::thrift::transport {
class TSSLSocketFactory;
}

namespace quarry::testing_rpc {

struct TlsClientFiles {
  std::string ca;    // Trusted CA certificates (PEM).
  std::string cert;  // Client certificate (PEM), empty: none.
  std::string key;
};

// A framed/binary Thrift client over TLS; throws (a TTransportException) at
// the first call if the handshake fails.
class TlsThriftClient {
 public:
  TlsThriftClient(int port, const TlsClientFiles& files, const std::string& host = "127.0.0.1");
  ~TlsThriftClient();
  rpc::QuarryClient* operator->() { return client_.get(); }
  rpc::QuarryClient& operator*() { return *client_; }

 private:
  std::shared_ptr<apache::thrift::transport::TSSLSocketFactory> factory_;
  std::shared_ptr<apache::thrift::transport::TTransport> transport_;
  std::unique_ptr<rpc::QuarryClient> client_;
};

// A TLS connection with a finished handshake (or an error).
class TlsConnection {
 public:
  TlsConnection(int port, const TlsClientFiles& files, const std::string& host = "127.0.0.1",
                int timeout_ms = 5000);
  ~TlsConnection();
  bool ok() const { return ssl_ != nullptr; }
  const std::string& error() const { return error_; }
  // The server certificate's common name.
  std::string ServerCommonName() const;
  bool Send(const std::string& bytes);
  // Writes `bytes` to the socket underneath, outside any TLS record.
  bool SendRaw(const std::string& bytes);
  // Everything the server sends until it closes or the timeout passes.
  std::string ReadUntilClose();
  // True if the server closes (or resets) the connection before the timeout.
  bool WaitForClose();

 private:
  int fd_ = -1;
  SSL_CTX* ctx_ = nullptr;
  SSL* ssl_ = nullptr;
  std::string error_;
};

// One HTTP/1.1 request over TLS ("Connection: close" is added); the whole
// response, or "" (with `error`) if the handshake fails.
std::string HttpsRequest(int port, const TlsClientFiles& files, const std::string& method,
                         const std::string& target, const std::string& headers,
                         const std::string& body, std::string* error = nullptr);

}  // namespace quarry::testing_rpc
