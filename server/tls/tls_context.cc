#include "server/tls/tls_context.h"

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

namespace quarry {
namespace {

// TLS 1.2's forward-secret AEAD suites (TLS 1.3's are OpenSSL's defaults).
constexpr char kTls12Ciphers[] =
    "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:"
    "ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:"
    "ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305";

Status FileError(const std::string& what, const std::string& path) {
  return InvalidArgumentError("tls: " + what + " '" + path + "': " + OpenSslErrors());
}

Result<std::shared_ptr<SSL_CTX>> Build(const TlsFiles& files) {
  ERR_clear_error();
  std::shared_ptr<SSL_CTX> ctx(SSL_CTX_new(TLS_server_method()), SSL_CTX_free);
  if (ctx == nullptr) return InternalError("tls: SSL_CTX_new: " + OpenSslErrors());
  SSL_CTX* raw = ctx.get();
  SSL_CTX_set_min_proto_version(raw, TLS1_2_VERSION);
  SSL_CTX_set_options(
      raw, SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE);
  SSL_CTX_set_mode(raw, SSL_MODE_AUTO_RETRY);
  if (SSL_CTX_set_cipher_list(raw, kTls12Ciphers) != 1) {
    return InternalError("tls: cipher list: " + OpenSslErrors());
  }
  if (SSL_CTX_use_certificate_chain_file(raw, files.cert_file.c_str()) != 1) {
    return FileError("cannot load the certificate chain", files.cert_file);
  }
  if (SSL_CTX_use_PrivateKey_file(raw, files.key_file.c_str(), SSL_FILETYPE_PEM) != 1) {
    return FileError("cannot load the private key", files.key_file);
  }
  if (SSL_CTX_check_private_key(raw) != 1) {
    return FileError("the private key does not match the certificate in", files.cert_file);
  }
  if (!files.client_ca_file.empty()) {
    if (SSL_CTX_load_verify_locations(raw, files.client_ca_file.c_str(), nullptr) != 1) {
      return FileError("cannot load the client CA", files.client_ca_file);
    }
    STACK_OF(X509_NAME)* names = SSL_load_client_CA_file(files.client_ca_file.c_str());
    if (names != nullptr) SSL_CTX_set_client_CA_list(raw, names);  // Takes ownership.
    SSL_CTX_set_verify(raw, SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT, nullptr);
  }
  return ctx;
}

}  // namespace

std::string OpenSslErrors() {
  std::string out;
  char buffer[256];
  for (unsigned long code = ERR_get_error(); code != 0; code = ERR_get_error()) {
    ERR_error_string_n(code, buffer, sizeof(buffer));
    if (!out.empty()) out += "; ";
    out += buffer;
  }
  return out.empty() ? "unknown OpenSSL error" : out;
}

Result<std::shared_ptr<TlsContext>> TlsContext::Create(TlsFiles files) {
  if (files.cert_file.empty() || files.key_file.empty()) {
    return InvalidArgumentError(
        "tls: both a certificate (--tls-cert) and a key (--tls-key) "
        "are needed");
  }
  std::shared_ptr<TlsContext> context(new TlsContext(std::move(files)));
  QUARRY_RETURN_IF_ERROR(context->Reload());
  return context;
}

Status TlsContext::Reload() {
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<SSL_CTX> fresh, Build(files_));
  std::lock_guard lock(mu_);
  current_ = std::move(fresh);
  return Status::OK();
}

std::shared_ptr<SSL_CTX> TlsContext::Current() const {
  std::lock_guard lock(mu_);
  return current_;
}

std::string PeerCommonName(SSL* ssl) {
  if (ssl == nullptr || !SSL_is_init_finished(ssl)) return "";
  X509* cert = SSL_get1_peer_certificate(ssl);
  if (cert == nullptr) return "";
  std::string name;
  if (SSL_get_verify_result(ssl) == X509_V_OK) {
    X509_NAME* subject = X509_get_subject_name(cert);
    int index = X509_NAME_get_index_by_NID(subject, NID_commonName, -1);
    if (index >= 0) {
      unsigned char* utf8 = nullptr;
      int size =
          ASN1_STRING_to_UTF8(&utf8, X509_NAME_ENTRY_get_data(X509_NAME_get_entry(subject, index)));
      if (size > 0) name.assign(reinterpret_cast<char*>(utf8), static_cast<size_t>(size));
      OPENSSL_free(utf8);
    }
  }
  X509_free(cert);
  return name;
}

}  // namespace quarry
