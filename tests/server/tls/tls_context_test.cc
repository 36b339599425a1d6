// TlsContext: loading, clear errors for bad files, reload keeping the old
// context on error.
#include "server/tls/tls_context.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <openssl/ssl.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/server/testing/test_certs.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::testing::HasSubstr;

class TlsContextTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    certs_ = new testing_rpc::TestCerts();
    std::string log;
    const std::string dir = ::testing::TempDir() + "/tls_context_" + std::to_string(getpid());
    if (!testing_rpc::MakeTestCerts(dir, certs_, &log)) {
      delete certs_;
      certs_ = nullptr;
      ADD_FAILURE() << log;
    }
  }
  static void TearDownTestSuite() {
    delete certs_;
    certs_ = nullptr;
  }
  void SetUp() override { ASSERT_NE(certs_, nullptr); }
  static testing_rpc::TestCerts* certs_;
};
testing_rpc::TestCerts* TlsContextTest::certs_ = nullptr;

TEST_F(TlsContextTest, LoadsTls12AndLaterOnly) {
  ASSERT_OK_AND_ASSIGN(auto tls, TlsContext::Create({certs_->server_cert, certs_->server_key, ""}));
  std::shared_ptr<SSL_CTX> ctx = tls->Current();
  ASSERT_NE(ctx, nullptr);
  EXPECT_EQ(SSL_CTX_get_min_proto_version(ctx.get()), TLS1_2_VERSION);
  EXPECT_EQ(SSL_CTX_get_verify_mode(ctx.get()), SSL_VERIFY_NONE);
  EXPECT_FALSE(tls->mutual());
}

TEST_F(TlsContextTest, ClientCaRequiresClientCertificates) {
  ASSERT_OK_AND_ASSIGN(auto tls,
                       TlsContext::Create({certs_->server_cert, certs_->server_key, certs_->ca}));
  EXPECT_TRUE(tls->mutual());
  EXPECT_EQ(SSL_CTX_get_verify_mode(tls->Current().get()),
            SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT);
}

TEST_F(TlsContextTest, BadFilesAreClearErrors) {
  Status missing = TlsContext::Create({certs_->dir + "/nope.pem", certs_->server_key, ""}).status();
  EXPECT_THAT(missing, StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(missing.message(), HasSubstr("cannot load the certificate chain"));
  EXPECT_THAT(missing.message(), HasSubstr("nope.pem"));
  Status mismatch = TlsContext::Create({certs_->server_cert, certs_->client_key, ""}).status();
  EXPECT_THAT(mismatch, StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(TlsContext::Create({certs_->server_cert, "", ""}).status(),
              StatusIs(StatusCode::kInvalidArgument));
}

TEST_F(TlsContextTest, ReloadSwapsTheContextAndKeepsTheOldOneOnError) {
  const std::string cert = certs_->dir + "/reload_unit.pem";
  const std::string key = certs_->dir + "/reload_unit.key";
  std::filesystem::copy_file(certs_->server_cert, cert,
                             std::filesystem::copy_options::overwrite_existing);
  std::filesystem::copy_file(certs_->server_key, key,
                             std::filesystem::copy_options::overwrite_existing);
  ASSERT_OK_AND_ASSIGN(auto tls, TlsContext::Create({cert, key, ""}));
  std::shared_ptr<SSL_CTX> before = tls->Current();
  ASSERT_OK(tls->Reload());
  EXPECT_NE(tls->Current(), before);
  std::ofstream(cert, std::ios::trunc) << "not a certificate";
  std::shared_ptr<SSL_CTX> kept = tls->Current();
  EXPECT_THAT(tls->Reload(), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(tls->Current(), kept);
}

}  // namespace
}  // namespace quarry
