// End to end: hostile and careless clients against `quarry serve` ("basic"
// schema). Each bad request is a clear QuarryError or a closed connection,
// and the server answers the next call.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <random>

#include "tests/server/e2e/e2e_fixture.h"

namespace quarry::testing_rpc {
namespace {

constexpr char kCount[] = R"({"class": "uk.gov.gchq.gaffer.operation.OperationChain",
  "operations": [{"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"},
                 {"class": "uk.gov.gchq.gaffer.operation.impl.Count"}]})";

class HostileClientTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    served_ = StartServedGraph("hostile", {"basic/elements.json", "basic/types.json"}).release();
    if (served_ == nullptr) return;
    TestClient client(served_->process.port());
    rpc::AddElementsResult result;
    client->addElements(result, Alice(), {Entity("BasicEntity", "a", {{"count", IntValue(1)}})},
                        rpc::AddElementsOptions());
  }
  static void TearDownTestSuite() {
    if (served_ != nullptr) {
      EXPECT_EQ(served_->process.Stop(), 0) << served_->process.log();
    }
    delete served_;
    served_ = nullptr;
  }
  void SetUp() override { ASSERT_NE(served_, nullptr); }
  int port() const { return served_->process.port(); }

  // The number of stored elements, which also proves the server is serving.
  int64_t CountElements() {
    TestClient client(port());
    std::string out;
    client->execute(out, Alice(), kCount);
    Json json = Json::parse(out, nullptr, false);
    return json.is_number_integer() ? json.get<int64_t>() : -1;
  }

  std::string ExecuteError(const std::string& operation, std::string* message = nullptr) {
    TestClient client(port());
    std::string out;
    return ErrorCode([&] { client->execute(out, Alice(), operation); }, message);
  }

  static ServedGraph* served_;
};
ServedGraph* HostileClientTest::served_ = nullptr;

TEST_F(HostileClientTest, MalformedJson) {
  EXPECT_EQ(ExecuteError("{\"class\": "), "INVALID_ARGUMENT");
  EXPECT_EQ(CountElements(), 1);
}

TEST_F(HostileClientTest, UnknownOperationClass) {
  std::string message;
  EXPECT_EQ(
      ExecuteError(R"({"class": "uk.gov.gchq.gaffer.operation.impl.get.GetEverything"})", &message),
      "INVALID_ARGUMENT");
  EXPECT_NE(message.find("GetEverything"), std::string::npos) << message;
  EXPECT_EQ(CountElements(), 1);
}

// libthrift 0.17 charges every byte a connection reads to one 100 MiB
// message budget; the server must restart it per message, or a busy client's
// connection dies once it has sent 100 MiB in total (found by the bench).
TEST_F(HostileClientTest, LongLivedConnectionOutlivesLibthriftsMessageBudget) {
  const std::string padded = std::string(kCount) + std::string(8 << 20, ' ');
  TestClient client(port());
  for (int i = 0; i < 14; ++i) {  // 14 x 8 MiB = 112 MiB over one connection.
    std::string out;
    ASSERT_NO_THROW(client->execute(out, Alice(), padded)) << "call " << i;
    EXPECT_EQ(out, "1") << "call " << i;
  }
}

TEST_F(HostileClientTest, DeeplyNestedJson) {
  const std::string deep = std::string(200000, '[') + std::string(200000, ']');
  EXPECT_EQ(ExecuteError(deep), "INVALID_ARGUMENT");
  EXPECT_EQ(CountElements(), 1);
}

TEST_F(HostileClientTest, WrongPropertyTypeAndUnknownGroup) {
  TestClient client(port());
  rpc::AddElementsResult result;
  EXPECT_EQ(ErrorCode([&] {
              client->addElements(result, Alice(),
                                  {Entity("BasicEntity", "x", {{"count", StringValue("many")}})},
                                  rpc::AddElementsOptions());
            }),
            "INVALID_ARGUMENT");
  EXPECT_EQ(ErrorCode([&] {
              client->addElements(result, Alice(),
                                  {Entity("NoSuchGroup", "x", {{"count", IntValue(1)}})},
                                  rpc::AddElementsOptions());
            }),
            "INVALID_ARGUMENT");
  EXPECT_EQ(CountElements(), 1);
}

TEST_F(HostileClientTest, BatchWithOneBadElementStoresNothing) {
  TestClient client(port());
  rpc::AddElementsResult result;
  std::string message;
  EXPECT_EQ(ErrorCode(
                [&] {
                  client->addElements(result, Alice(),
                                      {Entity("BasicEntity", "b", {{"count", IntValue(1)}}),
                                       Entity("BasicEntity", "c", {{"count", IntValue(1)}}),
                                       Entity("NoSuchGroup", "d", {{"count", IntValue(1)}})},
                                      rpc::AddElementsOptions());
                },
                &message),
            "INVALID_ARGUMENT");
  EXPECT_NE(message.find("NoSuchGroup"), std::string::npos) << message;
  EXPECT_EQ(CountElements(), 1);
}

TEST_F(HostileClientTest, WrongMissingTokenAndUnknownUser) {
  TestClient client(port());
  std::string out;
  rpc::Credentials wrong = Alice();
  wrong.token = "bob-secret";
  EXPECT_EQ(ErrorCode([&] { client->execute(out, wrong, kCount); }), "UNAUTHENTICATED");
  rpc::Credentials missing;
  missing.userId = "alice";
  EXPECT_EQ(ErrorCode([&] { client->execute(out, missing, kCount); }), "UNAUTHENTICATED");
  rpc::Credentials anonymous;
  anonymous.userId = "anonymous";
  EXPECT_EQ(ErrorCode([&] { client->execute(out, anonymous, kCount); }), "UNAUTHENTICATED");
  rpc::AddElementsResult result;
  EXPECT_EQ(ErrorCode([&] {
              client->addElements(result, wrong,
                                  {Entity("BasicEntity", "z", {{"count", IntValue(1)}})},
                                  rpc::AddElementsOptions());
            }),
            "UNAUTHENTICATED");
  EXPECT_EQ(CountElements(), 1);
}

TEST_F(HostileClientTest, AdminOperationsNeedTheAdminAuth) {
  // Reading server-side files over the network is for admins only; alice
  // and bob have no "admin" operation auth.
  std::string message;
  EXPECT_EQ(ExecuteError(R"({"class": "uk.gov.gchq.gaffer.operation.impl.add.AddElementsFromFile",
                            "filename": "/etc/passwd"})",
                         &message),
            "PERMISSION_DENIED");
  EXPECT_NE(message.find("admin"), std::string::npos) << message;
  EXPECT_EQ(CountElements(), 1);
}

TEST_F(HostileClientTest, HugeFramesAreRefused) {
  for (uint32_t size : {200u * 1000 * 1000, 0x80000000u}) {
    int fd = ConnectRaw(port());
    ASSERT_GE(fd, 0);
    SendAll(fd, FrameHeader(size) + std::string(1 << 20, 'x'));
    EXPECT_TRUE(WaitForClose(fd)) << size;
    close(fd);
  }
  EXPECT_EQ(CountElements(), 1);
}

TEST_F(HostileClientTest, RandomBytes) {
  const uint32_t seed = 77;
  std::mt19937 rng(seed);
  for (int round = 0; round < 3; ++round) {
    std::string bytes(8192, '\0');
    for (char& c : bytes) c = static_cast<char>(rng());
    int fd = ConnectRaw(port());
    ASSERT_GE(fd, 0);
    SendAll(fd, bytes);
    EXPECT_TRUE(WaitForClose(fd)) << "seed " << seed << " round " << round;
    close(fd);
  }
  EXPECT_EQ(CountElements(), 1);
}

TEST_F(HostileClientTest, IdleConnectionsDoNotDelayOthers) {
  std::vector<int> idle;
  for (int i = 0; i < 40; ++i) {
    int fd = ConnectRaw(port());
    ASSERT_GE(fd, 0);
    if (i % 2 == 1) SendAll(fd, FrameHeader(1000) + "half");
    idle.push_back(fd);
  }
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(CountElements(), 1);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(3));
  for (int fd : idle) close(fd);
}

}  // namespace
}  // namespace quarry::testing_rpc
