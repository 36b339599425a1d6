#include "server/service/query_registry.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <set>
#include <thread>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;

std::vector<std::string> Texts(const JsonTextPage& page) {
  std::vector<std::string> texts;
  for (size_t i = 0; i < page.size(); ++i) texts.emplace_back(page.item(i));
  return texts;
}

// Yields the integers 0..n-1, then done; fails on request if `fail_at` >= 0.
class CountingCursor : public ResultCursor {
 public:
  explicit CountingCursor(int n, int fail_at = -1) : n_(n), fail_at_(fail_at) {}
  ResultShape shape() const override { return ResultShape::kItems; }
  Result<std::vector<Json>> NextPage(size_t max_items) override {
    std::vector<Json> items;
    while (items.size() < max_items && next_ < n_) {
      if (next_ == fail_at_) return DataLossError("corrupt value at item " + std::to_string(next_));
      items.push_back(next_++);
    }
    return items;
  }
  bool done() const override { return next_ >= n_; }

 private:
  int n_;
  int fail_at_;
  int next_ = 0;
};

TEST(QueryRegistryTest, PagesUntilDoneThenReleasesHandle) {
  QueryRegistry registry(10, 60'000);
  ASSERT_OK_AND_ASSIGN(std::string handle,
                       registry.Add("alice", std::make_unique<CountingCursor>(5), 2));
  EXPECT_EQ(handle.size(), 32u);
  ASSERT_OK_AND_ASSIGN(QueryPage first, registry.NextPage("alice", handle));
  EXPECT_EQ(Texts(first.items), (std::vector<std::string>{"0", "1"}));
  EXPECT_FALSE(first.done);
  ASSERT_OK_AND_ASSIGN(QueryPage second, registry.NextPage("alice", handle));
  EXPECT_EQ(Texts(second.items), (std::vector<std::string>{"2", "3"}));
  ASSERT_OK_AND_ASSIGN(QueryPage last, registry.NextPage("alice", handle));
  EXPECT_EQ(Texts(last.items), (std::vector<std::string>{"4"}));
  EXPECT_TRUE(last.done);
  EXPECT_EQ(registry.size(), 0u);
  EXPECT_THAT(registry.NextPage("alice", handle), StatusIs(StatusCode::kNotFound));
}

TEST(QueryRegistryTest, HandlesBelongToTheirUser) {
  QueryRegistry registry(10, 60'000);
  ASSERT_OK_AND_ASSIGN(std::string handle,
                       registry.Add("alice", std::make_unique<CountingCursor>(5), 2));
  EXPECT_THAT(registry.NextPage("bob", handle), StatusIs(StatusCode::kNotFound));
  registry.Close("bob", handle);  // Ignored: not bob's.
  EXPECT_EQ(registry.size(), 1u);
  registry.Close("alice", handle);
  EXPECT_EQ(registry.size(), 0u);
  EXPECT_THAT(registry.NextPage("alice", "no-such-handle"), StatusIs(StatusCode::kNotFound));
}

TEST(QueryRegistryTest, IdleQueriesExpire) {
  QueryRegistry registry(10, /*idle_timeout_ms=*/20);
  ASSERT_OK_AND_ASSIGN(std::string handle,
                       registry.Add("alice", std::make_unique<CountingCursor>(5), 2));
  std::this_thread::sleep_for(std::chrono::milliseconds(60));
  EXPECT_THAT(registry.NextPage("alice", handle), StatusIs(StatusCode::kNotFound));
  EXPECT_EQ(registry.size(), 0u);
}

TEST(QueryRegistryTest, OpenQueryLimit) {
  QueryRegistry registry(2, 60'000);
  ASSERT_OK(registry.Add("a", std::make_unique<CountingCursor>(1), 1).status());
  ASSERT_OK(registry.Add("a", std::make_unique<CountingCursor>(1), 1).status());
  EXPECT_THAT(registry.Add("a", std::make_unique<CountingCursor>(1), 1),
              StatusIs(StatusCode::kResourceExhausted));
}

// branch tls (issue 20): one user at its quota, another still served.
TEST(QueryRegistryTest, PerUserQuota) {
  QueryRegistry registry(10, 60'000);
  ASSERT_OK(registry.Add("alice", std::make_unique<CountingCursor>(1), 1, 2).status());
  ASSERT_OK_AND_ASSIGN(std::string second,
                       registry.Add("alice", std::make_unique<CountingCursor>(5), 1, 2));
  Result<std::string> third = registry.Add("alice", std::make_unique<CountingCursor>(1), 1, 2);
  EXPECT_THAT(third, StatusIs(StatusCode::kResourceExhausted));
  EXPECT_NE(third.status().message().find("user 'alice' already has 2 open queries"),
            std::string::npos)
      << third.status().message();
  EXPECT_OK(registry.Add("bob", std::make_unique<CountingCursor>(1), 1, 2).status());
  EXPECT_EQ(registry.OpenFor("alice"), 2u);
  registry.Close("alice", second);
  EXPECT_OK(registry.Add("alice", std::make_unique<CountingCursor>(1), 1, 2).status());
}

TEST(QueryRegistryTest, CursorErrorIsReturnedAndReleasesHandle) {
  QueryRegistry registry(10, 60'000);
  ASSERT_OK_AND_ASSIGN(std::string handle,
                       registry.Add("alice", std::make_unique<CountingCursor>(5, 3), 2));
  ASSERT_OK(registry.NextPage("alice", handle).status());
  EXPECT_THAT(registry.NextPage("alice", handle), StatusIs(StatusCode::kDataLoss));
  EXPECT_EQ(registry.size(), 0u);
}

// Counts the pages it builds; optionally holds each build until released.
// Shared state outlives the cursor, so a test can look after it is gone.
struct BuildLog {
  std::atomic<int> built{0};
  std::atomic<bool> building{false};
  std::atomic<bool> hold{false};
  std::atomic<bool> destroyed_while_building{false};
};

class LoggingCursor : public CountingCursor {
 public:
  LoggingCursor(int n, std::shared_ptr<BuildLog> log) : CountingCursor(n), log_(std::move(log)) {}
  ~LoggingCursor() override {
    if (log_->building) log_->destroyed_while_building = true;
  }
  Status NextPageText(size_t max_items, JsonTextPage* page) override {
    log_->building = true;
    while (log_->hold) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    Status status = ResultCursor::NextPageText(max_items, page);
    log_->building = false;
    ++log_->built;
    return status;
  }

 private:
  std::shared_ptr<BuildLog> log_;
};

// Polls for up to 5 s; true once `done` holds.
template <typename F>
bool Eventually(F done) {
  for (int i = 0; i < 5000 && !done(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return done();
}

TEST(QueryRegistryTest, ReadsOnePageAheadOfTheClient) {
  QueryRegistry registry(10, 60'000);
  auto log = std::make_shared<BuildLog>();
  ASSERT_OK_AND_ASSIGN(std::string handle,
                       registry.Add("alice", std::make_unique<LoggingCursor>(7, log), 2));
  // The first page is built before anyone asks for it...
  EXPECT_TRUE(Eventually([&] { return log->built == 1; }));
  ASSERT_OK_AND_ASSIGN(QueryPage first, registry.NextPage("alice", handle));
  EXPECT_EQ(Texts(first.items), (std::vector<std::string>{"0", "1"}));
  // ...and handing out a page starts the next one, but only the next one.
  EXPECT_TRUE(Eventually([&] { return log->built == 2; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  EXPECT_EQ(log->built, 2);
  // Pages still come in order and end as without read-ahead.
  std::vector<std::string> rest;
  bool done = false;
  while (!done) {
    ASSERT_OK_AND_ASSIGN(QueryPage page, registry.NextPage("alice", handle));
    for (const std::string& text : Texts(page.items)) rest.push_back(text);
    done = page.done;
  }
  EXPECT_EQ(rest, (std::vector<std::string>{"2", "3", "4", "5", "6"}));
  EXPECT_EQ(log->built, 4);  // Nothing read past the last page.
  EXPECT_EQ(registry.size(), 0u);
}

TEST(QueryRegistryTest, ClosingWaitsForTheReadAheadBeforeDroppingTheCursor) {
  QueryRegistry registry(10, 60'000);
  auto log = std::make_shared<BuildLog>();
  log->hold = true;
  ASSERT_OK_AND_ASSIGN(std::string handle,
                       registry.Add("alice", std::make_unique<LoggingCursor>(7, log), 2));
  ASSERT_TRUE(Eventually([&] { return log->building.load(); }));
  std::thread release([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    log->hold = false;
  });
  registry.Close("alice", handle);
  release.join();
  EXPECT_EQ(registry.size(), 0u);
  EXPECT_EQ(log->built, 1);
  EXPECT_FALSE(log->destroyed_while_building);
}

TEST(QueryRegistryTest, HandlesAreDistinct) {
  QueryRegistry registry(100, 60'000);
  std::set<std::string> handles;
  for (int i = 0; i < 50; ++i) {
    ASSERT_OK_AND_ASSIGN(std::string h, registry.Add("a", std::make_unique<CountingCursor>(1), 1));
    handles.insert(h);
  }
  EXPECT_EQ(handles.size(), 50u);
}

}  // namespace
}  // namespace quarry
