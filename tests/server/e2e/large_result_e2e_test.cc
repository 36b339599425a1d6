// End to end: a GetAllElements of 1,000,000 elements paged through
// `quarry serve` (openQuery / nextPage / closeQuery) while the server's
// resident memory is sampled from /proc/<pid>/status. The graph and the
// expected values: million_elements.h.
#include <gtest/gtest.h>

#include "tests/server/e2e/million_elements.h"

namespace quarry::testing_rpc {
namespace {

constexpr int32_t kPageSize = 10'000;

// How much the server's RSS may grow while paging. One page is 10,000
// elements: ~1.3 MB of JSON text, ~16 MB with the page's JSON documents and
// the Thrift frame buffer (measured: growth is ~1.6 KB per item of a page).
// Add the 8 MB block cache, RocksDB iterators (index and filter blocks),
// per-thread malloc arenas and slack: 48 MB (measured growth: ~27 MB). The
// whole result's JSON text alone is ~128 MB (asserted to exceed twice the
// bound) and its documents ~1.6 GB, so a server that buffered the result,
// in any form, would fail; so does one paging 100,000 items at a time
// (measured: +160 MB).
constexpr int64_t kMaxGrowthMb = 48;

// Pages a GetAllElements through `port` into `tally`.
void PageEverything(int port, Tally* tally) {
  TestClient client(port, 120'000);
  std::string handle;
  client->openQuery(handle, Alice(), R"({"class": "GetAllElements"})", kPageSize);
  rpc::Page page;
  do {
    client->nextPage(page, Alice(), handle);
    tally->json_bytes += static_cast<int64_t>(page.itemsJson.size());
    ++tally->pages;
    Json items = Json::parse(page.itemsJson, nullptr, false);
    ASSERT_TRUE(items.is_array()) << page.itemsJson.substr(0, 200);
    ASSERT_LE(items.size(), static_cast<size_t>(kPageSize));
    for (const Json& item : items) tally->Add(item);
    ASSERT_LT(tally->pages, 1000) << "paging does not end";
  } while (!page.done);
}

using LargeResultE2eTest = MillionElementGraphTest;

TEST_F(LargeResultE2eTest, PagedGetAllElementsOfAMillionKeepsServerMemoryBounded) {
  const auto load_start = std::chrono::steady_clock::now();
  ASSERT_NO_FATAL_FAILURE(Load());
  const double load_s = SecondsSince(load_start);

  ServeProcess server;
  ASSERT_TRUE(server.Start(QUARRY_BINARY, {"serve", graph_, "--users", users_}, 0)) << server.log();
  const bool peak_reset = ResetPeak(server.pid());
  const MemoryKb before = ReadMemory(server.pid());
  ASSERT_GT(before.rss, 0);
  Tally tally;
  const auto page_start = std::chrono::steady_clock::now();
  int64_t sampled_max_kb = 0;
  {
    RssSampler sampler(server.pid());
    ASSERT_NO_FATAL_FAILURE(PageEverything(server.port(), &tally));
    sampled_max_kb = sampler.max_kb();
  }
  const double page_s = SecondsSince(page_start);
  const MemoryKb after = ReadMemory(server.pid());
  const int64_t peak_kb = peak_reset ? std::max(after.hwm, sampled_max_kb) : sampled_max_kb;
  std::printf(
      "load: %.1f s; paging: %.1f s, %lld pages\n"
      "server RSS: start %.1f MB, peak %.1f MB (%s), end %.1f MB; result JSON %.1f MB\n",
      load_s, page_s, static_cast<long long>(tally.pages), before.rss / 1024.0, peak_kb / 1024.0,
      peak_reset ? "VmHWM" : "sampled every 10 ms", after.rss / 1024.0,
      tally.json_bytes / 1048576.0);

  EXPECT_EQ(tally.malformed, 0);
  EXPECT_EQ(tally.duplicates, 0);
  EXPECT_EQ(tally.entities, kEntities);
  EXPECT_EQ(tally.edges, kEdges);
  EXPECT_EQ(tally.count_sum, kExpectedCountSum);
  // The bound means something only if the result dwarfs it.
  EXPECT_GT(tally.json_bytes, 2 * kMaxGrowthMb * 1048576);
  EXPECT_LT(peak_kb - before.rss, kMaxGrowthMb * 1024)
      << "the server's RSS grew by " << (peak_kb - before.rss) / 1024 << " MB while paging";
  EXPECT_EQ(server.Stop(), 0) << server.log();
}

}  // namespace
}  // namespace quarry::testing_rpc
