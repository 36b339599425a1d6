// TLS for the Thrift transport: a TSSLServerSocket whose connections are
// TSSLSockets on the TlsContext's current SSL_CTX (so a certificate reload
// reaches every new connection), with the same per-message budget reset as
// the plain served sockets (rpc_server.cc).
//
// The handshake runs on the connection's own thread at its first read,
// bounded by the socket's receive timeout: a client that never finishes it
// holds one connection slot for that long, never the accept loop. A failed
// handshake (garbage, a plaintext client, an untrusted client certificate)
// closes that connection only.
//
// Thread safety: the server socket is used by the accept thread; each
// connection's socket by its thread.
#pragma once

#include <memory>
#include <string>

#include "server/tls/tls_context.h"

namespace apache::thrift::transport {
class TServerSocket;
class TTransport;
}  // namespace apache::thrift::transport

namespace quarry {

// A server socket bound to `address`:`port` serving TLS with `tls`.
std::shared_ptr<apache::thrift::transport::TServerSocket> MakeTlsServerSocket(
    const std::string& address, int port, std::shared_ptr<TlsContext> tls);

// The verified client certificate's common name on a connection accepted by
// such a socket (TConnectionInfo::transport), once its handshake is done;
// empty for plain connections or without a client certificate.
std::string ThriftPeerCommonName(
    const std::shared_ptr<apache::thrift::transport::TTransport>& client);

}  // namespace quarry
