#include "tests/server/testing/tls_test_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <openssl/err.h>
#include <openssl/x509.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <thrift/protocol/TBinaryProtocol.h>
#include <thrift/transport/TBufferTransports.h>
#include <thrift/transport/TSSLSocket.h>
#include <unistd.h>

namespace quarry::testing_rpc {
namespace {

using apache::thrift::protocol::TBinaryProtocol;
using apache::thrift::transport::TFramedTransport;
using apache::thrift::transport::TSSLSocketFactory;

std::string Errors() {
  std::string out;
  char buffer[256];
  for (unsigned long code = ERR_get_error(); code != 0; code = ERR_get_error()) {
    ERR_error_string_n(code, buffer, sizeof(buffer));
    out += (out.empty() ? "" : "; ") + std::string(buffer);
  }
  return out.empty() ? "handshake failed" : out;
}

int ConnectTcp(const std::string& host, int port, int timeout_ms) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  timeval tv{timeout_ms / 1000, (timeout_ms % 1000) * 1000};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  inet_pton(AF_INET, host.c_str(), &addr.sin_addr);
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

}  // namespace

TlsThriftClient::TlsThriftClient(int port, const TlsClientFiles& files, const std::string& host) {
  signal(SIGPIPE, SIG_IGN);  // OpenSSL writes to the socket without MSG_NOSIGNAL.
  factory_ = std::make_shared<TSSLSocketFactory>();
  factory_->loadTrustedCertificates(files.ca.c_str());
  factory_->authenticate(true);
  if (!files.cert.empty()) {
    factory_->loadCertificate(files.cert.c_str());
    factory_->loadPrivateKey(files.key.c_str());
  }
  auto socket = factory_->createSocket(host, port);
  socket->setRecvTimeout(10000);
  socket->setSendTimeout(10000);
  transport_ = std::make_shared<TFramedTransport>(socket);
  client_ = std::make_unique<rpc::QuarryClient>(std::make_shared<TBinaryProtocol>(transport_));
  transport_->open();
}

TlsThriftClient::~TlsThriftClient() {
  try {
    transport_->close();
  } catch (...) {
  }
}

TlsConnection::TlsConnection(int port, const TlsClientFiles& files, const std::string& host,
                             int timeout_ms) {
  signal(SIGPIPE, SIG_IGN);  // OpenSSL writes to the socket without MSG_NOSIGNAL.
  ERR_clear_error();
  ctx_ = SSL_CTX_new(TLS_client_method());
  SSL_CTX_set_verify(ctx_, SSL_VERIFY_PEER, nullptr);
  if (SSL_CTX_load_verify_locations(ctx_, files.ca.c_str(), nullptr) != 1 ||
      (!files.cert.empty() &&
       (SSL_CTX_use_certificate_chain_file(ctx_, files.cert.c_str()) != 1 ||
        SSL_CTX_use_PrivateKey_file(ctx_, files.key.c_str(), SSL_FILETYPE_PEM) != 1))) {
    error_ = "client files: " + Errors();
    return;
  }
  fd_ = ConnectTcp(host, port, timeout_ms);
  if (fd_ < 0) {
    error_ = "connect failed";
    return;
  }
  SSL* ssl = SSL_new(ctx_);
  SSL_set_fd(ssl, fd_);
  SSL_set_tlsext_host_name(ssl, "localhost");
  if (SSL_connect(ssl) != 1) {
    error_ = Errors();
    SSL_free(ssl);
    return;
  }
  // TLS 1.3 reports a refused client certificate after the handshake: the
  // server's alert arrives with the first read.
  ssl_ = ssl;
}

TlsConnection::~TlsConnection() {
  if (ssl_ != nullptr) SSL_free(ssl_);
  if (ctx_ != nullptr) SSL_CTX_free(ctx_);
  if (fd_ >= 0) close(fd_);
}

std::string TlsConnection::ServerCommonName() const {
  if (ssl_ == nullptr) return "";
  X509* cert = SSL_get1_peer_certificate(ssl_);
  if (cert == nullptr) return "";
  char name[256] = {0};
  X509_NAME_get_text_by_NID(X509_get_subject_name(cert), NID_commonName, name, sizeof(name));
  X509_free(cert);
  return name;
}

bool TlsConnection::Send(const std::string& bytes) {
  if (ssl_ == nullptr) return false;
  return bytes.empty() || SSL_write(ssl_, bytes.data(), static_cast<int>(bytes.size())) > 0;
}

bool TlsConnection::SendRaw(const std::string& bytes) {
  return fd_ >= 0 && ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL) ==
                         static_cast<ssize_t>(bytes.size());
}

std::string TlsConnection::ReadUntilClose() {
  std::string out;
  char buffer[16384];
  while (ssl_ != nullptr) {
    int n = SSL_read(ssl_, buffer, sizeof(buffer));
    if (n <= 0) break;
    out.append(buffer, static_cast<size_t>(n));
  }
  return out;
}

bool TlsConnection::WaitForClose() {
  if (ssl_ == nullptr) return true;
  char buffer[16384];
  for (;;) {
    int n = SSL_read(ssl_, buffer, sizeof(buffer));
    if (n > 0) continue;
    const int error = SSL_get_error(ssl_, n);
    // A timeout shows as a syscall error with EAGAIN: the server did not close.
    if (error == SSL_ERROR_SYSCALL && (errno == EAGAIN || errno == EWOULDBLOCK)) return false;
    return true;
  }
}

std::string HttpsRequest(int port, const TlsClientFiles& files, const std::string& method,
                         const std::string& target, const std::string& headers,
                         const std::string& body, std::string* error) {
  TlsConnection connection(port, files);
  if (!connection.ok()) {
    if (error != nullptr) *error = connection.error();
    return "";
  }
  std::string request = method + " " + target + " HTTP/1.1\r\nHost: localhost\r\n" + headers +
                        "Connection: close\r\nContent-Length: " + std::to_string(body.size()) +
                        "\r\n\r\n" + body;
  connection.Send(request);
  std::string response = connection.ReadUntilClose();
  if (response.empty() && error != nullptr) *error = "no response: " + Errors();
  return response;
}

}  // namespace quarry::testing_rpc
