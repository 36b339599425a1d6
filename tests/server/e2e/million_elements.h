// Shared by the large-result end-to-end tests (Thrift paging and REST
// streaming): a "basic" graph of 1,000,000 elements loaded through a server
// of its own, and a probe of the serving process's memory.
//
// Expected values, by hand:
//   500,000 BasicEntity "v<i>" with count i % 10 + 1: the counts cycle
//     1..10, 50,000 cycles x 55 = 2,750,000;
//   500,000 BasicEdge "v<i>" -> "v<i+1>" with count i % 5 + 1: 100,000
//     cycles x 15 = 1,500,000;
//   every identifier is distinct, so nothing aggregates: 1,000,000 elements
//   whose counts sum to 4,250,000.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/server/e2e/e2e_fixture.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing_rpc {

inline constexpr int kEntities = 500'000;
inline constexpr int kEdges = 500'000;
inline constexpr int kBatch = 50'000;
inline constexpr int64_t kExpectedCountSum = 2'750'000 + 1'500'000;

// Small RocksDB caches, so that what the server holds for the store is a few
// MB and a buffered result could not hide behind a 256 MB block cache.
inline constexpr char kStoreProperties[] =
    "quarry.block.cache.size=8m\n"
    "quarry.write.buffer.size=8m\n";

inline std::string Vertex(int i) { return "v" + std::to_string(i); }

struct MemoryKb {
  int64_t rss = -1;  // VmRSS
  int64_t hwm = -1;  // VmHWM: peak RSS since start or the last reset.
};

inline MemoryKb ReadMemory(pid_t pid) {
  MemoryKb memory;
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    std::istringstream fields(line);
    std::string name;
    int64_t kb = -1;
    fields >> name >> kb;
    if (name == "VmRSS:") memory.rss = kb;
    if (name == "VmHWM:") memory.hwm = kb;
  }
  return memory;
}

// Resets VmHWM to the current RSS (Linux >= 4.0, own processes).
inline bool ResetPeak(pid_t pid) {
  std::ofstream clear("/proc/" + std::to_string(pid) + "/clear_refs");
  clear << "5";
  clear.flush();
  return clear.good();
}

// Samples VmRSS every 10 ms on a thread until destroyed.
class RssSampler {
 public:
  explicit RssSampler(pid_t pid)
      : thread_([this, pid] {
          while (!stop_) {
            max_kb_ = std::max<int64_t>(max_kb_, ReadMemory(pid).rss);
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
          }
        }) {}
  ~RssSampler() {
    stop_ = true;
    thread_.join();
  }
  int64_t max_kb() const { return max_kb_; }

 private:
  std::atomic<bool> stop_{false};
  std::atomic<int64_t> max_kb_{0};
  std::thread thread_;
};

inline void LoadMillionElements(int port) {
  TestClient client(port, 300'000);
  for (int start = 0; start < kEntities + kEdges; start += kBatch) {
    std::vector<rpc::Element> batch;
    batch.reserve(kBatch);
    for (int n = start; n < start + kBatch; ++n) {
      if (n < kEntities) {
        batch.push_back(Entity("BasicEntity", Vertex(n), {{"count", IntValue(n % 10 + 1)}}));
      } else {
        const int i = n - kEntities;
        batch.push_back(
            Edge("BasicEdge", Vertex(i), Vertex(i + 1), true, {{"count", IntValue(i % 5 + 1)}}));
      }
    }
    rpc::AddElementsResult result;
    client->addElements(result, Alice(), batch, rpc::AddElementsOptions());
    ASSERT_EQ(result.added, kBatch);
  }
}

// What the client saw of the paged result.
struct Tally {
  int64_t entities = 0, edges = 0, count_sum = 0, json_bytes = 0, pages = 0, malformed = 0;
  std::vector<bool> entity_seen = std::vector<bool>(kEntities, false);
  std::vector<bool> edge_seen = std::vector<bool>(kEdges, false);
  int64_t duplicates = 0;

  // Index of "v<i>", or -1.
  static int Index(const Json& vertex, int limit) {
    if (!vertex.is_string()) return -1;
    const std::string& text = vertex.get_ref<const std::string&>();
    if (text.size() < 2 || text[0] != 'v') return -1;
    const int i = std::atoi(text.c_str() + 1);
    return i >= 0 && i < limit && Vertex(i) == text ? i : -1;
  }
  void Mark(std::vector<bool>& seen, int index) {
    if (seen[index]) ++duplicates;
    seen[index] = true;
  }
  void Add(const Json& item) {
    const Json* count = nullptr;
    if (item.is_object() && item.contains("properties") && item["properties"].is_object() &&
        item["properties"].contains("count") && item["properties"]["count"].is_number_integer()) {
      count = &item["properties"]["count"];
    }
    const int entity =
        item.is_object() && item.contains("vertex") ? Index(item["vertex"], kEntities) : -1;
    const int edge =
        item.is_object() && item.contains("source") ? Index(item["source"], kEdges) : -1;
    if (count == nullptr || (entity < 0) == (edge < 0)) {
      ++malformed;
      return;
    }
    count_sum += count->get<int64_t>();
    if (entity >= 0) {
      ++entities;
      Mark(entity_seen, entity);
    } else {
      ++edges;
      Mark(edge_seen, edge);
    }
  }
};

inline double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

class MillionElementGraphTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = ::testing::TempDir() + "/quarry_e2e_large_" + std::to_string(getpid());
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_);
    graph_ = root_ + "/graph";
    users_ = root_ + "/users.json";
    std::ofstream(users_) << kUsersFile;
    std::ofstream(root_ + "/store.properties") << kStoreProperties;
    const std::string basic = quarry::testing::SharedDir() + "/gaffer-examples/basic/";
    CommandResult created = RunCommand(
        QUARRY_BINARY, {"create", graph_, "--schema", basic + "elements.json", "--schema",
                        basic + "types.json", "--store-properties", root_ + "/store.properties"});
    ASSERT_EQ(created.exit_code, 0) << created.out;
  }
  void TearDown() override { std::filesystem::remove_all(root_); }

  // Loads the graph through a server of its own, stopped afterwards.
  void Load() {
    ServeProcess loader;
    ASSERT_TRUE(loader.Start(QUARRY_BINARY, {"serve", graph_, "--users", users_}, 0))
        << loader.log();
    LoadMillionElements(loader.port());
    ASSERT_EQ(loader.Stop(), 0) << loader.log();
  }

  std::string root_, graph_, users_;
};

}  // namespace quarry::testing_rpc
