// Issue 18's exactness check through the server: writers add count 1 to the
// same edges over Thrift while a reader scans (which turns write-time folding
// and small memtables on), then `quarry serve` is SIGKILLed mid-run. After a
// restart every edge's count must be 1 per acknowledged batch, plus at most
// the batches that were in flight when the server died, and the same for
// every edge (a batch is one atomic write: none is torn).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

#include "tests/server/e2e/e2e_fixture.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing_rpc {
namespace {

constexpr int kHotEdges = 20;
constexpr int kWriters = 3;
constexpr char kGetAll[] = R"({"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"})";

std::vector<rpc::Element> HotBatch() {
  std::vector<rpc::Element> batch;
  for (int i = 0; i < kHotEdges; ++i) {
    batch.push_back(
        Edge("BasicEdge", "hub", "v" + std::to_string(i), true, {{"count", IntValue(1)}}));
  }
  return batch;
}

// Each BasicEdge's count by destination.
std::map<std::string, int64_t> EdgeCounts(int port) {
  TestClient client(port);
  std::string out;
  client->execute(out, Alice(), kGetAll);
  std::map<std::string, int64_t> counts;
  for (const Json& item : Json::parse(out)) {
    if (item.value("group", "") == "BasicEdge") {
      counts[item["destination"].get<std::string>()] = item["properties"]["count"].get<int64_t>();
    }
  }
  return counts;
}

class HotKeyKillTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = ::testing::TempDir() + "/quarry_hot_kill_" + std::to_string(getpid());
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_);
    graph_ = root_ + "/graph";
    users_ = root_ + "/users.json";
    std::ofstream(users_) << kUsersFile;
    const std::string properties = root_ + "/store.properties";
    std::ofstream(properties) << "quarry.max.successive.merges=adaptive\n";
    const std::string examples = quarry::testing::SharedDir() + "/gaffer-examples/basic/";
    CommandResult created = RunCommand(
        QUARRY_BINARY, {"create", graph_, "--schema", examples + "elements.json", "--schema",
                        examples + "types.json", "--store-properties", properties});
    ASSERT_EQ(created.exit_code, 0) << created.out;
  }
  void TearDown() override { std::filesystem::remove_all(root_); }

  std::unique_ptr<ServeProcess> Serve() {
    auto process = std::make_unique<ServeProcess>();
    EXPECT_TRUE(process->Start(QUARRY_BINARY, {"serve", graph_, "--users", users_}, 0))
        << process->log();
    return process;
  }

  std::string root_, graph_, users_;
};

TEST_F(HotKeyKillTest, KilledServerKeepsEveryAcknowledgedBatchOnceAndTearsNone) {
  int64_t acknowledged = 0;  // Over every round, as the counts are.
  int64_t started = 0;
  for (int round = 0; round < 2; ++round) {
    std::unique_ptr<ServeProcess> server = Serve();
    ASSERT_GE(server->pid(), 0);
    std::atomic<int64_t> acked{0}, calls{0};
    std::atomic<bool> stop{false};
    std::vector<std::thread> threads;
    for (int w = 0; w < kWriters; ++w) {
      threads.emplace_back([&, port = server->port()] {
        try {
          TestClient client(port);
          const std::vector<rpc::Element> batch = HotBatch();
          while (!stop) {
            calls.fetch_add(1);
            rpc::AddElementsResult result;
            client->addElements(result, Alice(), batch, rpc::AddElementsOptions());
            if (result.added == kHotEdges) acked.fetch_add(1);
          }
        } catch (const std::exception&) {  // The server died: this call is unknown.
        }
      });
    }
    threads.emplace_back([&, port = server->port()] {  // Hot scans turn folding on.
      try {
        while (!stop) EdgeCounts(port);
      } catch (const std::exception&) {
      }
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    ASSERT_TRUE(server->Kill());
    stop = true;
    for (std::thread& t : threads) t.join();
    ASSERT_GT(acked.load(), 10) << "the writers barely ran: " << server->log();
    acknowledged += acked.load();
    started += calls.load();
  }
  std::unique_ptr<ServeProcess> server = Serve();
  const std::map<std::string, int64_t> counts = EdgeCounts(server->port());
  ASSERT_EQ(counts.size(), static_cast<size_t>(kHotEdges));
  const int64_t first = counts.begin()->second;
  for (const auto& [destination, count] : counts) {
    EXPECT_EQ(count, first) << "edge hub->" << destination << " differs: a torn batch";
  }
  EXPECT_GE(first, acknowledged) << "an acknowledged batch was lost";
  EXPECT_LE(first, started) << "a batch was counted twice";
  EXPECT_EQ(server->Stop(), 0) << server->log();
}

}  // namespace
}  // namespace quarry::testing_rpc
