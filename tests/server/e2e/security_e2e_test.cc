// End to end (issue 20): safe defaults and per-user limits of `quarry serve`
// over Thrift. A user at its open-query quota is refused while another is
// served; a connection's open queries are closed when it closes; without a
// users file the anonymous user may only read (unless --anonymous-writes);
// an operation map requiring "write" refuses AddElements, alone and inside
// a chain, to a user without it; failed authentications are throttled per
// source address and logged without the token.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "tests/server/e2e/e2e_fixture.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing_rpc {
namespace {

// kUsersFile's alice and bob; alice may hold 2 open queries, bob (the
// default quota) 64; bob holds the "write" operation auth.
constexpr char kQuotaUsers[] = R"({"users": [
  {"userId": "alice",
   "tokenSha256": "0c848abb03307b06cf70cd4e29c157dc81af5e94ab3eb1d0c59a120269572376",
   "dataAuths": ["public"], "quotas": {"maxOpenQueries": 2}},
  {"userId": "bob",
   "tokenSha256": "9f03ef1533a68d2f506f81ef463c1183a82a6bd40e45613f36e6fe1889cf1b99",
   "dataAuths": ["public", "private"], "opAuths": ["write"]}]})";

constexpr char kWriteMap[] = R"({"class": "uk.gov.gchq.gaffer.graph.hook.OperationAuthoriser",
  "auths": {"uk.gov.gchq.gaffer.operation.impl.add.AddElements": ["write"]}})";

constexpr char kGetAll[] = R"({"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"})";

constexpr char kAddJson[] = R"({"class": "uk.gov.gchq.gaffer.operation.impl.add.AddElements",
  "input": [{"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "BasicEntity",
             "vertex": "v", "properties": {"count": 1}}]})";

class SecurityServeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = ::testing::TempDir() + "/quarry_security_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name();
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_);
    graph_ = root_ + "/graph";
    std::ofstream(root_ + "/users.json") << kQuotaUsers;
    std::ofstream(root_ + "/auths.json") << kWriteMap;
    CommandResult created = RunCommand(
        QUARRY_BINARY,
        {"create", graph_, "--schema",
         quarry::testing::SharedDir() + "/gaffer-examples/basic/elements.json", "--schema",
         quarry::testing::SharedDir() + "/gaffer-examples/basic/types.json"});
    ASSERT_EQ(created.exit_code, 0) << created.out;
  }
  bool Serve(const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"serve", graph_};
    args.insert(args.end(), extra.begin(), extra.end());
    return server_.Start(QUARRY_BINARY, args, 0);
  }
  void TearDown() override {
    if (server_.pid() > 0) {
      EXPECT_EQ(server_.Stop(), 0) << server_.log();
    }
  }
  std::string OpenQuery(TestClient& client, const rpc::Credentials& who, std::string* message) {
    std::string handle;
    return ErrorCode([&] { client->openQuery(handle, who, kGetAll, 10); }, message);
  }

  std::string root_, graph_;
  ServeProcess server_;
};

TEST_F(SecurityServeTest, UserAtItsQueryQuotaIsRefusedAndAnotherIsServed) {
  ASSERT_TRUE(Serve({"--users", root_ + "/users.json"})) << server_.log();
  TestClient client(server_.port());
  std::string message;
  EXPECT_EQ(OpenQuery(client, Alice(), &message), "");
  EXPECT_EQ(OpenQuery(client, Alice(), &message), "");
  EXPECT_EQ(OpenQuery(client, Alice(), &message), "RESOURCE_EXHAUSTED");
  EXPECT_NE(message.find("maxOpenQueries"), std::string::npos) << message;
  // Bob is still served, on the same connection and on another.
  EXPECT_EQ(OpenQuery(client, Bob(), &message), "") << message;
  TestClient other(server_.port());
  EXPECT_EQ(OpenQuery(other, Bob(), &message), "") << message;
}

TEST_F(SecurityServeTest, QueriesAreClosedWhenTheirConnectionCloses) {
  ASSERT_TRUE(Serve({"--users", root_ + "/users.json"})) << server_.log();
  std::string handle;
  {
    TestClient client(server_.port());
    client->openQuery(handle, Alice(), kGetAll, 10);
    std::string second;
    client->openQuery(second, Alice(), kGetAll, 10);
  }  // Disconnects with alice at her quota of 2.
  std::string code = "RESOURCE_EXHAUSTED", message;
  for (int i = 0; i < 100 && code != ""; ++i) {  // The server sees the close shortly.
    TestClient client(server_.port());
    code = OpenQuery(client, Alice(), &message);
    if (code != "") std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_EQ(code, "") << message;
  TestClient client(server_.port());
  rpc::Page page;
  EXPECT_EQ(ErrorCode([&] { client->nextPage(page, Alice(), handle); }), "NOT_FOUND");
}

TEST_F(SecurityServeTest, AnonymousWritesAreRefusedByDefault) {
  ASSERT_TRUE(Serve({})) << server_.log();
  EXPECT_NE(server_.log().find("anonymous read-only"), std::string::npos) << server_.log();
  TestClient client(server_.port());
  rpc::Credentials anonymous;
  anonymous.userId = "anonymous";
  std::string out, message;
  EXPECT_EQ(ErrorCode([&] { client->execute(out, anonymous, kAddJson); }, &message),
            "PERMISSION_DENIED");
  EXPECT_NE(message.find("AddElements"), std::string::npos) << message;
  rpc::AddElementsResult added;
  EXPECT_EQ(ErrorCode([&] {
              client->addElements(added, anonymous,
                                  {Entity("BasicEntity", "v", {{"count", IntValue(1)}})},
                                  rpc::AddElementsOptions());
            }),
            "PERMISSION_DENIED");
  // Reads are served: the graph is still empty.
  client->execute(out, anonymous, kGetAll);
  EXPECT_EQ(Json::parse(out), Json::array());
}

TEST_F(SecurityServeTest, AnonymousWritesWhenAskedFor) {
  ASSERT_TRUE(Serve({"--anonymous-writes"})) << server_.log();
  TestClient client(server_.port());
  rpc::Credentials anonymous;
  anonymous.userId = "anonymous";
  std::string out;
  EXPECT_EQ(ErrorCode([&] { client->execute(out, anonymous, kAddJson); }), "");
  client->execute(out, anonymous, kGetAll);
  EXPECT_EQ(Json::parse(out).size(), 1u) << out;
}

TEST_F(SecurityServeTest, OperationMapRequiringWriteRefusesAddElements) {
  ASSERT_TRUE(Serve({"--users", root_ + "/users.json", "--operation-auths", root_ + "/auths.json"}))
      << server_.log();
  TestClient client(server_.port());
  std::string out, message;
  EXPECT_EQ(ErrorCode([&] { client->execute(out, Alice(), kAddJson); }, &message),
            "PERMISSION_DENIED");
  EXPECT_NE(message.find("write"), std::string::npos) << message;
  // Inside a chain: refused before the chain's first operation runs.
  const std::string chain = std::string(R"({"class": "OperationChain", "operations": [)") +
                            kGetAll + "," + kAddJson + "]}";
  EXPECT_EQ(ErrorCode([&] { client->execute(out, Alice(), chain); }), "PERMISSION_DENIED");
  rpc::AddElementsResult added;
  EXPECT_EQ(ErrorCode([&] {
              client->addElements(added, Alice(),
                                  {Entity("BasicEntity", "v", {{"count", IntValue(1)}})},
                                  rpc::AddElementsOptions());
            }),
            "PERMISSION_DENIED");
  // Bob holds "write".
  EXPECT_EQ(ErrorCode([&] { client->execute(out, Bob(), chain); }, &message), "") << message;
  client->execute(out, Alice(), kGetAll);
  EXPECT_EQ(Json::parse(out).size(), 1u) << out;
}

TEST_F(SecurityServeTest, FailedAuthenticationsAreThrottledAndLoggedWithoutTheToken) {
  ASSERT_TRUE(Serve({"--users", root_ + "/users.json"})) << server_.log();
  TestClient client(server_.port());
  rpc::Credentials wrong;
  wrong.userId = "alice";
  wrong.__set_token("guess-0123456789");
  std::string out, message;
  for (int i = 0; i < 11; ++i) {
    EXPECT_EQ(ErrorCode([&] { client->execute(out, wrong, kGetAll); }), "UNAUTHENTICATED");
  }
  // Blocked now, even with the right token.
  EXPECT_EQ(ErrorCode([&] { client->execute(out, Alice(), kGetAll); }, &message),
            "UNAUTHENTICATED");
  EXPECT_NE(message.find("too many failed authentications from 127.0.0.1"), std::string::npos)
      << message;
  std::string log = server_.log();
  for (int i = 0; i < 100 && log.find("source blocked") == std::string::npos; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // The log is read by a thread.
    log = server_.log();
  }
  EXPECT_NE(log.find("authentication failed for user 'alice' from 127.0.0.1"), std::string::npos)
      << log;
  EXPECT_NE(log.find("(too many failures: source blocked)"), std::string::npos) << log;
  EXPECT_EQ(log.find("guess-0123456789"), std::string::npos) << log;
}

}  // namespace
}  // namespace quarry::testing_rpc
