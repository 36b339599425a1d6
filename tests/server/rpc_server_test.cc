// The hardened Thrift server with a fake handler: limits, hostile bytes and
// idle connections, independent of the Executor.
#include "server/rpc_server.h"

#include <gtest/gtest.h>
#include <thrift/protocol/TBinaryProtocol.h>
#include <thrift/transport/TBufferTransports.h>
#include <unistd.h>

#include <chrono>
#include <random>
#include <string>
#include <vector>

#include "tests/server/testing/rpc_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

using testing_rpc::ConnectRaw;
using testing_rpc::FrameHeader;
using testing_rpc::SendAll;
using testing_rpc::TestClient;
using testing_rpc::WaitForClose;

// Echoes operations; "fail" raises a QuarryError.
class EchoHandler : public rpc::QuarryIf {
 public:
  void status(rpc::ServiceStatus& result) override { result.status = "UP"; }  // branch service
  void execute(std::string& out, const rpc::Credentials&, const std::string& json) override {
    if (json == "fail") {
      rpc::QuarryError error;
      error.code = "INVALID_ARGUMENT";
      error.message = "asked to fail";
      throw error;
    }
    out = json;
  }
  void openQuery(std::string& out, const rpc::Credentials&, const std::string&, int32_t) override {
    out = "h";
  }
  void nextPage(rpc::Page& out, const rpc::Credentials&, const std::string&) override {
    out.done = true;
  }
  void closeQuery(const rpc::Credentials&, const std::string&) override {}
  void addElements(rpc::AddElementsResult& out, const rpc::Credentials&,
                   const std::vector<rpc::Element>& elements,
                   const rpc::AddElementsOptions&) override {
    out.added = static_cast<int64_t>(elements.size());
  }
};

class RpcServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ServerOptions options;
    options.port = 0;
    options.limits.max_frame_bytes = 1 << 20;
    options.limits.max_container_items = 1000;
    ASSERT_OK_AND_ASSIGN(server_, RpcServer::Start(std::make_shared<EchoHandler>(), options));
    ASSERT_GT(server_->port(), 0);
  }

  // The server still answers a well-formed call.
  void ExpectServing() {
    TestClient client(server_->port());
    rpc::Credentials credentials;
    credentials.userId = "anonymous";
    std::string out;
    client->execute(out, credentials, "ping");
    EXPECT_EQ(out, "ping");
  }

  std::unique_ptr<RpcServer> server_;
};

TEST_F(RpcServerTest, EchoesAndRaisesQuarryError) {
  ExpectServing();
  TestClient client(server_->port());
  rpc::Credentials credentials;
  std::string out;
  try {
    client->execute(out, credentials, "fail");
    FAIL() << "expected QuarryError";
  } catch (const rpc::QuarryError& e) {
    EXPECT_EQ(e.code, "INVALID_ARGUMENT");
    EXPECT_EQ(e.message, "asked to fail");
  }
  // The same connection keeps working after an application error.
  client->execute(out, credentials, "again");
  EXPECT_EQ(out, "again");
}

TEST_F(RpcServerTest, TwoGigabyteFrameHeaderClosesConnection) {
  int fd = ConnectRaw(server_->port());
  ASSERT_GE(fd, 0);
  ASSERT_TRUE(SendAll(fd, FrameHeader(0x80000000u)));
  EXPECT_TRUE(WaitForClose(fd));
  close(fd);
  ExpectServing();
}

TEST_F(RpcServerTest, OversizedFrameIsRefusedWithoutReadingIt) {
  // 200 MB announced; we send the first megabyte only: the server must hang
  // up on the header, not wait for (or allocate) the body.
  int fd = ConnectRaw(server_->port());
  ASSERT_GE(fd, 0);
  std::string bytes = FrameHeader(200u * 1000 * 1000) + std::string(1 << 20, 'x');
  SendAll(fd, bytes);  // May fail part-way once the server has closed.
  EXPECT_TRUE(WaitForClose(fd));
  close(fd);
  ExpectServing();
}

TEST_F(RpcServerTest, RandomBytesCloseOnlyThatConnection) {
  const uint32_t seed = 20261121;
  std::mt19937 rng(seed);
  for (int round = 0; round < 5; ++round) {
    std::string bytes(4096, '\0');
    for (char& c : bytes) c = static_cast<char>(rng());
    int fd = ConnectRaw(server_->port());
    ASSERT_GE(fd, 0);
    SendAll(fd, bytes);
    EXPECT_TRUE(WaitForClose(fd)) << "seed " << seed << " round " << round;
    close(fd);
  }
  ExpectServing();
}

TEST_F(RpcServerTest, GarbageInsideAValidFrameClosesConnection) {
  int fd = ConnectRaw(server_->port());
  ASSERT_GE(fd, 0);
  std::string body(100, '\xff');
  SendAll(fd, FrameHeader(static_cast<uint32_t>(body.size())) + body);
  EXPECT_TRUE(WaitForClose(fd));
  close(fd);
  ExpectServing();
}

TEST_F(RpcServerTest, HugeListHeaderIsRefusedByContainerLimit) {
  // A well-formed addElements call whose list header claims 2^30 elements.
  auto buffer = std::make_shared<apache::thrift::transport::TMemoryBuffer>();
  apache::thrift::protocol::TBinaryProtocol protocol(buffer);
  protocol.writeMessageBegin("addElements", apache::thrift::protocol::T_CALL, 1);
  protocol.writeStructBegin("args");
  protocol.writeFieldBegin("elements", apache::thrift::protocol::T_LIST, 2);
  protocol.writeListBegin(apache::thrift::protocol::T_STRUCT, 1 << 30);
  std::string body = buffer->getBufferAsString();
  int fd = ConnectRaw(server_->port());
  ASSERT_GE(fd, 0);
  SendAll(fd, FrameHeader(static_cast<uint32_t>(body.size())) + body);
  EXPECT_TRUE(WaitForClose(fd));
  close(fd);
  ExpectServing();
}

TEST_F(RpcServerTest, IdleAndHalfOpenConnectionsDoNotDelayOthers) {
  std::vector<int> idle;
  for (int i = 0; i < 40; ++i) {
    int fd = ConnectRaw(server_->port());
    ASSERT_GE(fd, 0);
    // Half of them announce a frame and stall in the middle of it.
    if (i % 2 == 1) SendAll(fd, FrameHeader(1000) + std::string(10, 'x'));
    idle.push_back(fd);
  }
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 5; ++i) ExpectServing();
  auto elapsed = std::chrono::steady_clock::now() - start;
  EXPECT_LT(elapsed, std::chrono::seconds(2));
  for (int fd : idle) close(fd);
}

TEST(RpcServerStartTest, BindFailureIsUnavailable) {
  ServerOptions options;
  options.port = 0;
  ASSERT_OK_AND_ASSIGN(auto first, RpcServer::Start(std::make_shared<EchoHandler>(), options));
  options.port = first->port();
  EXPECT_THAT(RpcServer::Start(std::make_shared<EchoHandler>(), options),
              StatusIs(StatusCode::kUnavailable));
}

TEST(RpcServerStartTest, StopIsPromptAndIdempotent) {
  ServerOptions options;
  options.port = 0;
  ASSERT_OK_AND_ASSIGN(auto server, RpcServer::Start(std::make_shared<EchoHandler>(), options));
  auto start = std::chrono::steady_clock::now();
  server->Stop();
  server->Stop();
  server->Wait();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

}  // namespace
}  // namespace quarry
