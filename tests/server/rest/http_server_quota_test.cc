// Issue 20 over REST: a user's maxConcurrentRequests quota, against the
// HTTP transport in process over the fake API.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "server/rest/http_server.h"
#include "tests/server/rest/fake_rest_api.h"
#include "tests/server/testing/http_test_client.h"

namespace quarry {
namespace {

using testing_rpc::BasicAuthorization;
using testing_rpc::FakeApi;
using testing_rpc::HttpRequest;
using testing_rpc::HttpTestClient;
using testing_rpc::HttpTestResponse;
using testing_rpc::StartServer;
using testing_rpc::TestLimits;

const std::string kQuotaAlice = testing_rpc::AliceAuthorization();

// Issue 20: each user's maxConcurrentRequests quota holds over REST as it
// does over Thrift. Alice may run one request at a time: while one of hers
// waits inside the API, her next is 429, and Bob is still served.
constexpr char kQuotaUsers[] = R"({"users": [
  {"userId": "alice",
   "tokenSha256": "0c848abb03307b06cf70cd4e29c157dc81af5e94ab3eb1d0c59a120269572376",
   "quotas": {"maxConcurrentRequests": 1}},
  {"userId": "bob",
   "tokenSha256": "9f03ef1533a68d2f506f81ef463c1183a82a6bd40e45613f36e6fe1889cf1b99"}]})";

// The slot comes back when the response's last write completes, which
// may be a moment after the client has read it: retry for up to 2 s.
int EventualStatus(HttpTestClient& client, const std::string& authorization) {
  int status = 0;
  for (int attempt = 0; attempt < 40; ++attempt) {
    status = client.Call(HttpRequest("GET", "/rest/echo", {}, authorization)).status;
    if (status != 429) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return status;
}

class BlockingApi {
 public:
  RestResponse operator()(const RestRequest& request) {
    if (request.path == "/block") {
      std::unique_lock lock(mu_);
      ++entered_;
      changed_.notify_all();
      changed_.wait(lock, [this] { return released_; });
    }
    return FakeApi(request);
  }
  void WaitEntered(int n) {
    std::unique_lock lock(mu_);
    changed_.wait_for(lock, std::chrono::seconds(10), [&] { return entered_ >= n; });
  }
  void Release() {
    std::lock_guard lock(mu_);
    released_ = true;
    changed_.notify_all();
  }

 private:
  std::mutex mu_;
  std::condition_variable changed_;
  int entered_ = 0;
  bool released_ = false;
};

TEST(HttpServerQuotaTest, UserAtItsConcurrentRequestQuotaIs429AndAnotherUserIsServed) {
  Result<UserDirectory> users = UserDirectory::Parse(kQuotaUsers, "users.json");
  ASSERT_TRUE(users.ok()) << users.status().ToString();
  BlockingApi api;
  HttpServerOptions options;
  options.port = 0;
  options.limits = TestLimits();  // Two workers.
  Result<std::unique_ptr<HttpServer>> server =
      HttpServer::Start([&api](const RestRequest& r) { return api(r); }, {}, *users, options);
  ASSERT_TRUE(server.ok()) << server.status().ToString();
  const int port = (*server)->port();
  const std::string bob = BasicAuthorization("bob", "bob-secret");

  HttpTestClient blocked(port);
  ASSERT_TRUE(blocked.Send(HttpRequest("GET", "/rest/block", {}, kQuotaAlice)));
  api.WaitEntered(1);
  HttpTestClient second(port);
  HttpTestResponse refused = second.Call(HttpRequest("GET", "/rest/echo", {}, kQuotaAlice));
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(refused.Header("retry-after"), "1");
  EXPECT_THAT(refused.body, ::testing::HasSubstr("maxConcurrentRequests"));
  EXPECT_THAT(refused.body, ::testing::HasSubstr("'alice'"));
  HttpTestClient other(port);
  HttpTestResponse served = other.Call(HttpRequest("GET", "/rest/echo", {}, bob));
  EXPECT_EQ(served.status, 200);
  EXPECT_EQ(Json::parse(served.body)["user"], "bob");

  api.Release();
  EXPECT_EQ(blocked.Read().status, 200);
  // Her slot came back with the response.
  EXPECT_EQ(EventualStatus(second, kQuotaAlice), 200);
}

TEST(HttpServerQuotaTest, StreamedResultHoldsItsSlotUntilTheLastByte) {
  Result<UserDirectory> users = UserDirectory::Parse(kQuotaUsers, "users.json");
  ASSERT_TRUE(users.ok());
  auto server = StartServer(*users, TestLimits());
  ASSERT_NE(server, nullptr);
  // 100,000 items at 10 a page (megabytes): when the first body bytes
  // arrive, the server is still writing the stream.
  HttpTestClient streaming(server->port());
  ASSERT_TRUE(streaming.Send(HttpRequest("GET", "/rest/items?n=100000", {}, kQuotaAlice)));
  HttpTestClient second(server->port());
  int status_mid_stream = 0;
  HttpTestResponse streamed = streaming.Read(20'000, [&](std::string_view) {
    if (status_mid_stream == 0) {
      status_mid_stream = second.Call(HttpRequest("GET", "/rest/echo", {}, kQuotaAlice)).status;
    }
  });
  EXPECT_EQ(streamed.status, 200);
  EXPECT_EQ(status_mid_stream, 429);
  EXPECT_EQ(EventualStatus(second, kQuotaAlice), 200);
}

}  // namespace
}  // namespace quarry
