// End to end: a GetAllElements of 1,000,000 elements (million_elements.h)
// streamed by POST /rest/graph/operations/execute as one chunked JSON array,
// while the server's resident memory is sampled. The client splits the
// array item by item as it arrives, so it holds no more than the server
// should.
#include <gtest/gtest.h>

#include "tests/server/e2e/million_elements.h"
#include "tests/server/testing/http_test_client.h"

namespace quarry::testing_rpc {
namespace {

// How much the server's RSS may grow while streaming. The transport writes
// a page of 1,000 elements at a time (~130 KB of JSON, ~1.6 MB with its JSON
// documents) and reads the next only once it is on the wire; add the 8 MB
// block cache, RocksDB iterators, the worker and I/O threads' malloc arenas
// and slack: the same 48 MB as the Thrift paging test, whose pages are ten
// times larger. The whole result's JSON text is ~128 MB (asserted to exceed
// twice the bound), so a server that buffered it would fail.
constexpr int64_t kLargeMaxGrowthMb = 48;

// Streams a GetAllElements through `http_port` into `tally`.
void StreamEverything(int http_port, Tally* tally, bool* complete) {
  HttpTestClient client(http_port);
  ASSERT_TRUE(client.connected());
  JsonArrayItemSplitter splitter([tally](std::string_view item) {
    Json json = Json::parse(item, nullptr, false);
    tally->Add(json);
  });
  ASSERT_TRUE(client.Send(HttpRequest("POST", "/rest/graph/operations/execute",
                                      R"({"class": "GetAllElements"})",
                                      BasicAuthorization("alice", "alice-secret"))));
  HttpTestResponse response = client.Read(120'000, [&](std::string_view bytes) {
    tally->json_bytes += static_cast<int64_t>(bytes.size());
    ++tally->pages;
    splitter.Feed(bytes);
  });
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.Header("transfer-encoding"), "chunked");
  EXPECT_FALSE(splitter.malformed());
  EXPECT_TRUE(splitter.finished());
  *complete = response.complete;
}

using RestLargeResultE2eTest = MillionElementGraphTest;

TEST_F(RestLargeResultE2eTest, StreamedGetAllElementsOfAMillionKeepsServerMemoryBounded) {
  const auto load_start = std::chrono::steady_clock::now();
  ASSERT_NO_FATAL_FAILURE(Load());
  const double load_s = SecondsSince(load_start);

  ServeProcess server;
  ASSERT_TRUE(server.Start(QUARRY_BINARY, {"serve", graph_, "--users", users_}, -1, 0))
      << server.log();
  const bool peak_reset = ResetPeak(server.pid());
  const MemoryKb before = ReadMemory(server.pid());
  ASSERT_GT(before.rss, 0);
  Tally tally;
  bool complete = false;
  const auto stream_start = std::chrono::steady_clock::now();
  int64_t sampled_max_kb = 0;
  {
    RssSampler sampler(server.pid());
    ASSERT_NO_FATAL_FAILURE(StreamEverything(server.http_port(), &tally, &complete));
    sampled_max_kb = sampler.max_kb();
  }
  const double stream_s = SecondsSince(stream_start);
  const MemoryKb after = ReadMemory(server.pid());
  const int64_t peak_kb = peak_reset ? std::max(after.hwm, sampled_max_kb) : sampled_max_kb;
  std::printf(
      "load: %.1f s; streaming: %.1f s, %lld chunks\n"
      "server RSS: start %.1f MB, peak %.1f MB (%s), end %.1f MB; result JSON %.1f MB\n",
      load_s, stream_s, static_cast<long long>(tally.pages), before.rss / 1024.0, peak_kb / 1024.0,
      peak_reset ? "VmHWM" : "sampled every 10 ms", after.rss / 1024.0,
      tally.json_bytes / 1048576.0);

  EXPECT_TRUE(complete);
  EXPECT_EQ(tally.malformed, 0);
  EXPECT_EQ(tally.duplicates, 0);
  EXPECT_EQ(tally.entities, kEntities);
  EXPECT_EQ(tally.edges, kEdges);
  EXPECT_EQ(tally.count_sum, kExpectedCountSum);
  EXPECT_GT(tally.json_bytes, 2 * kLargeMaxGrowthMb * 1048576);
  EXPECT_LT(peak_kb - before.rss, kLargeMaxGrowthMb * 1024)
      << "the server's RSS grew by " << (peak_kb - before.rss) / 1024 << " MB while streaming";
  EXPECT_EQ(server.Stop(), 0) << server.log();
}

}  // namespace
}  // namespace quarry::testing_rpc
