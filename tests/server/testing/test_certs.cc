#include "tests/server/testing/test_certs.h"

#include <filesystem>
#include <fstream>
#include <vector>

#include "tests/server/testing/quarry_process.h"

namespace quarry::testing_rpc {
namespace {

constexpr char kOpenssl[] = "/usr/bin/openssl";

bool Run(const std::vector<std::string>& args, std::string* log) {
  CommandResult result = RunCommand(kOpenssl, args);
  if (result.exit_code != 0) {
    *log += "openssl";
    for (const std::string& arg : args) *log += " " + arg;
    *log += ":\n" + result.out;
    return false;
  }
  return true;
}

// A P-256 key and a self-signed certificate.
bool SelfSigned(const std::string& base, const std::string& common_name, std::string* log) {
  return Run(
      {"req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
       base + ".key", "-out", base + ".pem", "-subj", "/CN=" + common_name, "-days", "2"},
      log);
}

// A P-256 key and a certificate signed by `ca_base` with the extensions in
// `ext_file`; negative `days` make an expired certificate.
bool Signed(const std::string& base, const std::string& common_name, const std::string& ca_base,
            const std::string& ext_file, int days, std::string* log) {
  return Run({"req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
              base + ".key", "-out", base + ".csr", "-subj", "/CN=" + common_name},
             log) &&
         Run({"x509", "-req", "-in", base + ".csr", "-CA", ca_base + ".pem", "-CAkey",
              ca_base + ".key", "-CAcreateserial", "-out", base + ".pem", "-days",
              std::to_string(days), "-extfile", ext_file},
             log);
}

}  // namespace

bool MakeSignedCert(const TestCerts& certs, const std::string& name, const std::string& common_name,
                    int days, std::string* log) {
  return Signed(certs.dir + "/" + name, common_name, certs.dir + "/ca", certs.dir + "/server.ext",
                days, log);
}

bool MakeTestCerts(const std::string& dir, TestCerts* certs, std::string* log) {
  std::filesystem::create_directories(dir);
  certs->dir = dir;
  std::ofstream(dir + "/server.ext") << "subjectAltName=DNS:localhost,IP:127.0.0.1,IP:127.0.0.2\n"
                                        "extendedKeyUsage=serverAuth\n";
  std::ofstream(dir + "/client.ext") << "extendedKeyUsage=clientAuth\n";
  const bool ok =
      SelfSigned(dir + "/ca", "Quarry Test CA", log) &&
      SelfSigned(dir + "/rogue_ca", "Rogue CA", log) &&
      Signed(dir + "/server", "localhost", dir + "/ca", dir + "/server.ext", 2, log) &&
      Signed(dir + "/expired", "localhost", dir + "/ca", dir + "/server.ext", -1, log) &&
      SelfSigned(dir + "/self_signed", "localhost", log) &&
      Signed(dir + "/client", "alice", dir + "/ca", dir + "/client.ext", 2, log) &&
      Signed(dir + "/rogue_client", "alice", dir + "/rogue_ca", dir + "/client.ext", 2, log);
  if (!ok) return false;
  certs->ca = dir + "/ca.pem";
  certs->server_cert = dir + "/server.pem";
  certs->server_key = dir + "/server.key";
  certs->expired_cert = dir + "/expired.pem";
  certs->expired_key = dir + "/expired.key";
  certs->self_signed_cert = dir + "/self_signed.pem";
  certs->self_signed_key = dir + "/self_signed.key";
  certs->client_cert = dir + "/client.pem";
  certs->client_key = dir + "/client.key";
  certs->rogue_client_cert = dir + "/rogue_client.pem";
  certs->rogue_client_key = dir + "/rogue_client.key";
  return true;
}

}  // namespace quarry::testing_rpc
