// Test certificates made at test time with the openssl command (no private
// key is committed): a CA, a server certificate it signed for localhost,
// 127.0.0.1 and 127.0.0.2, an expired one, a self-signed one nobody trusts,
// and client certificates for mutual TLS: "alice" signed by the CA, and
// "alice" signed by a rogue CA.
#pragma once

#include <string>

namespace quarry::testing_rpc {

struct TestCerts {
  std::string dir;
  std::string ca;  // The CA certificate clients and the server trust.
  std::string server_cert, server_key;
  std::string expired_cert, expired_key;            // Signed by the CA; expired.
  std::string self_signed_cert, self_signed_key;    // Valid, but nobody trusts it.
  std::string client_cert, client_key;              // CN=alice, signed by the CA.
  std::string rogue_client_cert, rogue_client_key;  // CN=alice, signed by another CA.
};

// Creates the certificates under `dir` (created). False, with openssl's
// output in `log`, on failure.
bool MakeTestCerts(const std::string& dir, TestCerts* certs, std::string* log);

// A further certificate for `common_name` signed by the CA in `certs`
// (written as `name`.pem / `name`.key under certs.dir), e.g. to replace the
// server's before a reload.
bool MakeSignedCert(const TestCerts& certs, const std::string& name, const std::string& common_name,
                    int days, std::string* log);

}  // namespace quarry::testing_rpc
