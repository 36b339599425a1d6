// End to end (issue 20): `quarry serve` with TLS on both transports, with
// certificates made by openssl at test time. A handshake and a request over
// Thrift and HTTPS; mutual TLS with a good and a wrong client certificate;
// the Python client example refusing an expired and an untrusted server
// certificate; a certificate reload on SIGHUP; a plaintext non-loopback bind
// refused; and the hostile-input tests over TLS (garbage before and after the
// handshake, a handshake that never finishes), the server staying up.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "tests/server/e2e/e2e_fixture.h"
#include "tests/server/testing/http_test_client.h"
#include "tests/server/testing/test_certs.h"
#include "tests/server/testing/tls_test_client.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing_rpc {
namespace {

constexpr char kCount[] = R"({"class": "uk.gov.gchq.gaffer.operation.OperationChain",
  "operations": [{"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"},
                 {"class": "uk.gov.gchq.gaffer.operation.impl.Count"}]})";

// A graph (basic schema) and users file under a fresh directory, and the
// test certificates, made once for the suite.
struct TlsWorld {
  std::string root, graph, users;
  TestCerts certs;
};

TlsWorld* MakeWorld(const std::string& name) {
  auto world = std::make_unique<TlsWorld>();
  world->root = ::testing::TempDir() + "/quarry_tls_" + name + "_" + std::to_string(getpid());
  std::filesystem::remove_all(world->root);
  std::filesystem::create_directories(world->root);
  world->graph = world->root + "/graph";
  world->users = world->root + "/users.json";
  std::ofstream(world->users) << kUsersFile;
  CommandResult created =
      RunCommand(QUARRY_BINARY,
                 {"create", world->graph, "--schema",
                  quarry::testing::SharedDir() + "/gaffer-examples/basic/elements.json", "--schema",
                  quarry::testing::SharedDir() + "/gaffer-examples/basic/types.json"});
  EXPECT_EQ(created.exit_code, 0) << created.out;
  std::string log;
  EXPECT_TRUE(MakeTestCerts(world->root + "/certs", &world->certs, &log)) << log;
  return created.exit_code == 0 && log.empty() ? world.release() : nullptr;
}

int64_t CountOver(rpc::QuarryClient& client, const rpc::Credentials& credentials) {
  std::string out;
  client.execute(out, credentials, kCount);
  Json json = Json::parse(out, nullptr, false);
  return json.is_number_integer() ? json.get<int64_t>() : -1;
}

class TlsServeTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { world_ = MakeWorld("serve"); }
  static void TearDownTestSuite() {
    delete world_;
    world_ = nullptr;
  }
  void SetUp() override { ASSERT_NE(world_, nullptr); }

  // Serves the world's graph over TLS (Thrift and HTTP) with `extra` flags.
  bool Serve(ServeProcess* server, const std::vector<std::string>& extra = {},
             const std::string& cert = "", const std::string& key = "") {
    std::vector<std::string> args = {"serve",      world_->graph,
                                     "--users",    world_->users,
                                     "--tls-cert", cert.empty() ? world_->certs.server_cert : cert,
                                     "--tls-key",  key.empty() ? world_->certs.server_key : key};
    args.insert(args.end(), extra.begin(), extra.end());
    return server->Start(QUARRY_BINARY, args, 0, 0);
  }
  TlsClientFiles Trusting() const { return {world_->certs.ca, "", ""}; }

  static TlsWorld* world_;
};
TlsWorld* TlsServeTest::world_ = nullptr;

TEST_F(TlsServeTest, HandshakeAndRequestOverEachTransport) {
  ServeProcess server;
  ASSERT_TRUE(Serve(&server)) << server.log();
  EXPECT_NE(server.log().find("(TLS)"), std::string::npos) << server.log();
  {
    TlsThriftClient client(server.port(), Trusting());
    rpc::AddElementsResult added;
    client->addElements(added, Alice(), {Entity("BasicEntity", "a", {{"count", IntValue(1)}})},
                        rpc::AddElementsOptions());
    EXPECT_EQ(added.added, 1);
    EXPECT_EQ(CountOver(*client, Alice()), 1);
  }
  std::string error;
  std::string response =
      HttpsRequest(server.http_port(), Trusting(), "POST", "/rest/graph/operations/execute",
                   "Authorization: " + BasicAuthorization("alice", "alice-secret") +
                       "\r\nContent-Type: application/json\r\n",
                   kCount, &error);
  EXPECT_EQ(response.rfind("HTTP/1.1 200", 0), 0u) << error << response;
  EXPECT_NE(response.find("\r\n\r\n1"), std::string::npos) << response;
  // A plaintext client gets no answer from either port.
  HttpTestClient plain(server.http_port());
  ASSERT_TRUE(plain.connected());
  plain.Send("GET /rest/graph/status HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_EQ(plain.Read(5000).status, 0);
  TestClient plain_thrift(server.port(), 5000);
  std::string out;
  EXPECT_ANY_THROW(plain_thrift->execute(out, Alice(), kCount));
  EXPECT_EQ(server.Stop(), 0) << server.log();
}

TEST_F(TlsServeTest, MutualTlsWithGoodAndWrongClientCertificates) {
  ServeProcess server;
  ASSERT_TRUE(Serve(&server, {"--tls-client-ca", world_->certs.ca})) << server.log();
  const TlsClientFiles good = {world_->certs.ca, world_->certs.client_cert,
                               world_->certs.client_key};
  const TlsClientFiles rogue = {world_->certs.ca, world_->certs.rogue_client_cert,
                                world_->certs.rogue_client_key};
  {
    // The certificate's CN (alice) names the user: no token needed.
    TlsThriftClient client(server.port(), good);
    rpc::Credentials by_certificate;
    by_certificate.userId = "alice";
    EXPECT_GE(CountOver(*client, by_certificate), 0);
    // A token still works, and a certificate does not lend its name to bob.
    EXPECT_GE(CountOver(*client, Bob()), 0);
    rpc::Credentials bob_without_token;
    bob_without_token.userId = "bob";
    EXPECT_EQ(ErrorCode([&] { CountOver(*client, bob_without_token); }), "UNAUTHENTICATED");
  }
  EXPECT_ANY_THROW({
    TlsThriftClient client(server.port(), rogue);
    CountOver(*client, Alice());
  });
  EXPECT_ANY_THROW({
    TlsThriftClient client(server.port(), Trusting());  // No certificate at all.
    CountOver(*client, Alice());
  });
  std::string error;
  std::string response =
      HttpsRequest(server.http_port(), good, "GET", "/rest/graph/status", "", "", &error);
  EXPECT_EQ(response.rfind("HTTP/1.1 200", 0), 0u) << error << response;
  response = HttpsRequest(server.http_port(), rogue, "GET", "/rest/graph/status", "", "", &error);
  EXPECT_EQ(response, "") << response;
  // Still serving the good certificate.
  TlsThriftClient again(server.port(), good);
  EXPECT_GE(CountOver(*again, Alice()), 0);
  EXPECT_EQ(server.Stop(), 0) << server.log();
}

TEST_F(TlsServeTest, CertificateIsReloadedOnSighup) {
  std::string log;
  ASSERT_TRUE(MakeSignedCert(world_->certs, "reload_a", "first.example", 2, &log)) << log;
  ASSERT_TRUE(MakeSignedCert(world_->certs, "reload_b", "second.example", 2, &log)) << log;
  const std::string cert = world_->root + "/live.pem";
  const std::string key = world_->root + "/live.key";
  std::filesystem::copy_file(world_->certs.dir + "/reload_a.pem", cert,
                             std::filesystem::copy_options::overwrite_existing);
  std::filesystem::copy_file(world_->certs.dir + "/reload_a.key", key,
                             std::filesystem::copy_options::overwrite_existing);
  ServeProcess server;
  ASSERT_TRUE(Serve(&server, {}, cert, key)) << server.log();
  EXPECT_EQ(TlsConnection(server.http_port(), Trusting()).ServerCommonName(), "first.example");
  std::filesystem::copy_file(world_->certs.dir + "/reload_b.pem", cert,
                             std::filesystem::copy_options::overwrite_existing);
  std::filesystem::copy_file(world_->certs.dir + "/reload_b.key", key,
                             std::filesystem::copy_options::overwrite_existing);
  ASSERT_EQ(kill(server.pid(), SIGHUP), 0);
  std::string name;
  for (int i = 0; i < 100 && name != "second.example"; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    name = TlsConnection(server.http_port(), Trusting()).ServerCommonName();
  }
  EXPECT_EQ(name, "second.example") << server.log();
  EXPECT_NE(server.log().find("reloaded TLS certificate"), std::string::npos);
  EXPECT_EQ(server.Stop(), 0) << server.log();
}

// The Python client example (examples/road_traffic/python) over TLS: it
// trusts the CA given and refuses certificates that are expired or that no
// trusted CA signed.
TEST_F(TlsServeTest, ClientExampleRefusesExpiredAndUntrustedCertificates) {
  const std::string script =
      QUARRY_SOURCE_DIR "/examples/road_traffic/python/query_road_traffic.py";
  auto run_example = [&](int port) {
    return RunCommand("/usr/bin/env",
                      {"PYTHONPATH=" QUARRY_PY_GEN_DIR, "/usr/bin/python3", script, "--port",
                       std::to_string(port), "--user", "alice", "--token", "alice-secret",
                       "--tls-ca", world_->certs.ca, "--connect-only"});
  };
  ServeProcess good;
  ASSERT_TRUE(Serve(&good)) << good.log();
  CommandResult ok = run_example(good.port());
  EXPECT_EQ(ok.exit_code, 0) << ok.out;
  EXPECT_EQ(good.Stop(), 0);
  for (const auto& [cert, key, why] :
       {std::tuple(world_->certs.expired_cert, world_->certs.expired_key, "expired"),
        std::tuple(world_->certs.self_signed_cert, world_->certs.self_signed_key, "self-signed")}) {
    ServeProcess server;
    ASSERT_TRUE(Serve(&server, {}, cert, key)) << server.log();
    CommandResult refused = run_example(server.port());
    EXPECT_NE(refused.exit_code, 0) << why << ": " << refused.out;
    EXPECT_NE(refused.out.find("certificate"), std::string::npos) << why << ": " << refused.out;
    EXPECT_EQ(server.Stop(), 0) << server.log();
  }
}

TEST_F(TlsServeTest, PlaintextNonLoopbackBindIsRefused) {
  CommandResult refused = RunCommand(
      QUARRY_BINARY, {"serve", world_->graph, "--users", world_->users, "--bind", "127.0.0.2"});
  EXPECT_NE(refused.exit_code, 0);
  EXPECT_NE(refused.out.find("refusing to bind non-loopback address 127.0.0.2"), std::string::npos)
      << refused.out;
  EXPECT_NE(refused.out.find("--tls-cert"), std::string::npos) << refused.out;
  EXPECT_NE(refused.out.find("--insecure-allow-plaintext"), std::string::npos) << refused.out;
  // TLS without a users file is refused too.
  refused =
      RunCommand(QUARRY_BINARY, {"serve", world_->graph, "--bind", "127.0.0.2", "--tls-cert",
                                 world_->certs.server_cert, "--tls-key", world_->certs.server_key});
  EXPECT_NE(refused.exit_code, 0);
  EXPECT_NE(refused.out.find("--users"), std::string::npos) << refused.out;
  // TLS and users: served on 127.0.0.2.
  ServeProcess server;
  ASSERT_TRUE(Serve(&server, {"--bind", "127.0.0.2"})) << server.log();
  TlsThriftClient client(server.port(), Trusting(), "127.0.0.2");
  EXPECT_GE(CountOver(*client, Alice()), 0);
  EXPECT_EQ(server.Stop(), 0);
  // Insisting: served, with a warning.
  ServeProcess insecure;
  ASSERT_TRUE(insecure.Start(
      QUARRY_BINARY, {"serve", world_->graph, "--bind", "127.0.0.2", "--insecure-allow-plaintext"},
      0))
      << insecure.log();
  EXPECT_NE(insecure.log().find("WARNING"), std::string::npos) << insecure.log();
  EXPECT_EQ(insecure.Stop(), 0);
}

// --- Hostile input over TLS: the server closes the bad connection and
// keeps serving.

TEST_F(TlsServeTest, HostileBytesBeforeAndAfterTheHandshake) {
  ServeProcess server;
  ASSERT_TRUE(Serve(&server, {"--http-header-timeout-ms", "2000"})) << server.log();
  for (int port : {server.port(), server.http_port()}) {
    // Garbage instead of a ClientHello.
    int fd = ConnectRaw(port);
    ASSERT_GE(fd, 0);
    SendAll(fd, std::string(4096, '\x17') + "GET / HTTP/1.1\r\n\r\n");
    EXPECT_TRUE(WaitForClose(fd)) << port;
    close(fd);
    // A finished handshake, then bytes that are no TLS record.
    TlsConnection tls(port, Trusting());
    ASSERT_TRUE(tls.ok()) << tls.error();
    // A frame header promising 2 GiB, inside TLS, then nothing valid.
    tls.Send(FrameHeader(0x7fffffff) + std::string(64, '\0'));
    EXPECT_TRUE(tls.WaitForClose()) << port;
    // A finished handshake, then bytes that are no TLS record at all.
    TlsConnection raw(port, Trusting());
    ASSERT_TRUE(raw.ok()) << raw.error();
    raw.SendRaw(std::string(512, '\xee'));
    EXPECT_TRUE(raw.WaitForClose()) << port;
  }
  // A handshake that never finishes: half a ClientHello, then silence. Other
  // clients are served meanwhile.
  int stalled_thrift = ConnectRaw(server.port());
  int stalled_http = ConnectRaw(server.http_port());
  SendAll(stalled_thrift, std::string("\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", 11));
  SendAll(stalled_http, std::string("\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", 11));
  TlsThriftClient client(server.port(), Trusting());
  EXPECT_GE(CountOver(*client, Alice()), 0);
  std::string response =
      HttpsRequest(server.http_port(), Trusting(), "GET", "/rest/graph/status",
                   "Authorization: " + BasicAuthorization("alice", "alice-secret") + "\r\n", "");
  EXPECT_EQ(response.rfind("HTTP/1.1 200", 0), 0u) << response;
  // The HTTP server drops it after its header timeout.
  EXPECT_TRUE(WaitForClose(stalled_http));
  close(stalled_thrift);
  close(stalled_http);
  EXPECT_EQ(server.Stop(), 0) << server.log();
}

}  // namespace
}  // namespace quarry::testing_rpc
