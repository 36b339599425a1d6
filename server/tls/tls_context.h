// TlsContext: the server's TLS configuration (certificate chain, private key,
// optional client CA for mutual TLS) as an OpenSSL SSL_CTX that can be
// rebuilt from the files while serving (certificate reload on SIGHUP).
//
// Only TLS 1.2 and later are offered; TLS 1.2 with forward-secret AEAD
// ciphers only. With a client CA, every client must present a certificate
// that CA signed (the handshake fails otherwise); its subject's common name
// can then name the user instead of a token (see PeerCommonName()).
//
// Thread safety: all methods may be called from any thread. Reload() swaps
// the context atomically: connections already open keep the context they
// started with (an SSL holds a reference to its SSL_CTX), new ones get the
// new one.
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "graph-core/status.h"

typedef struct ssl_ctx_st SSL_CTX;
typedef struct ssl_st SSL;

namespace quarry {

struct TlsFiles {
  std::string cert_file;       // PEM certificate chain, leaf first.
  std::string key_file;        // PEM private key of the leaf.
  std::string client_ca_file;  // PEM CA certificates; empty: no client certificates.
};

class TlsContext {
 public:
  // Loads the files. InvalidArgument naming the file and OpenSSL's reason
  // when one cannot be read or parsed, or the key does not match the
  // certificate.
  static Result<std::shared_ptr<TlsContext>> Create(TlsFiles files);

  // Re-reads the files into a new context; on error the current one stays
  // and the error is returned.
  Status Reload();

  // The current context (SSL_CTX_free'd when the last holder lets go).
  std::shared_ptr<SSL_CTX> Current() const;
  bool mutual() const { return !files_.client_ca_file.empty(); }
  const TlsFiles& files() const { return files_; }

 private:
  explicit TlsContext(TlsFiles files) : files_(std::move(files)) {}

  const TlsFiles files_;
  mutable std::mutex mu_;
  std::shared_ptr<SSL_CTX> current_;  // Guarded by mu_.
};

// The common name of the peer's certificate if the handshake on `ssl` is
// done and verified it; empty otherwise.
std::string PeerCommonName(SSL* ssl);

// OpenSSL's queued errors as one line (and clears them), for messages.
std::string OpenSslErrors();

}  // namespace quarry
