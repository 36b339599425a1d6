#include "operations/read_ahead_stream.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;

// Yields n edges whose properties are held as "count=I" (as a scan hands
// them up, undecoded), then ends with `end_status`. Records the thread of
// every Next and counts decodes.
class CountingHeldSource : public ItemStream, public PropertyDecoder {
 public:
  CountingHeldSource(int n, Status end_status) : n_(n), end_status_(std::move(end_status)) {
    Load();
  }
  bool Valid() const override { return i_ < n_; }
  void Next() override {
    {
      std::lock_guard<std::mutex> lock(log_->mu);
      log_->next_threads.push_back(std::this_thread::get_id());
    }
    ++i_;
    Load();
  }
  const Item& item() const override { return item_; }
  Status status() const override { return i_ < n_ ? Status::OK() : end_status_; }
  void DecodeHeld(std::string_view held, Properties* out) const override {
    log_->decodes.fetch_add(1);
    out->Clear();
    out->Set("count", Value::Int64(std::stoll(std::string(held.substr(6)))));
  }

  struct Log {
    std::mutex mu;
    std::vector<std::thread::id> next_threads;  // Guarded by mu.
    std::atomic<int> decodes{0};
  };
  std::shared_ptr<Log> log() const { return log_; }

 private:
  void Load() {
    if (i_ >= n_) return;
    Element& e = std::get<Element>(item_);
    e.ResetToEdge("e", Value::String("a"), Value::String("v" + std::to_string(i_)), true,
                  MatchedVertex::kSource);
    e.mutable_properties().Hold(this)->append("count=" + std::to_string(i_));
  }
  int n_;
  int i_ = 0;
  Status end_status_;
  Item item_ = Element();
  std::shared_ptr<Log> log_ = std::make_shared<Log>();
};

ReadAheadOptions SmallChunks(size_t direct) {
  ReadAheadOptions options;
  options.direct_items = direct;
  options.chunk_items = 7;
  options.chunks_ahead = 3;
  return options;
}

// Reads every item, checking each against the source's i-th element.
int ReadAll(ItemStream& s) {
  int i = 0;
  for (; s.Valid(); s.Next(), ++i) {
    const Element& e = std::get<Element>(s.item());
    EXPECT_EQ(e.destination(), Value::String("v" + std::to_string(i)));
    EXPECT_EQ(e.properties().Get("count"), Value::Int64(i)) << i;
  }
  return i;
}

TEST(ReadAheadStreamTest, ASmallResultIsReadOnTheConsumersThreadAlone) {
  auto source = std::make_unique<CountingHeldSource>(20, Status::OK());
  auto log = source->log();
  auto s = MakeReadAheadStream(std::move(source), SmallChunks(/*direct=*/50));
  EXPECT_EQ(ReadAll(*s), 20);
  EXPECT_OK(s->status());
  ASSERT_EQ(log->next_threads.size(), 20u);
  for (std::thread::id id : log->next_threads) EXPECT_EQ(id, std::this_thread::get_id());
}

TEST(ReadAheadStreamTest, ALargeResultIsReadAheadInOrderAcrossChunks) {
  for (int n : {51, 52, 53, 57, 58, 1000}) {  // Chunk edges after 51 direct items.
    auto source = std::make_unique<CountingHeldSource>(n, Status::OK());
    auto log = source->log();
    auto s = MakeReadAheadStream(std::move(source), SmallChunks(/*direct=*/51));
    EXPECT_EQ(ReadAll(*s), n);
    EXPECT_OK(s->status());
    EXPECT_FALSE(s->Valid());
    std::lock_guard<std::mutex> lock(log->mu);
    ASSERT_EQ(log->next_threads.size(), static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) {
      // The first 51 on this thread, the rest on the stream's own.
      EXPECT_EQ(log->next_threads[i] == std::this_thread::get_id(), i < 51)
          << "n=" << n << " i=" << i;
    }
  }
}

TEST(ReadAheadStreamTest, ElementsCrossUndecodedAndDecodeWhenRead) {
  auto source = std::make_unique<CountingHeldSource>(100, Status::OK());
  auto log = source->log();
  auto s = MakeReadAheadStream(std::move(source), SmallChunks(/*direct=*/0));
  int read = 0;
  for (int i = 0; s->Valid(); s->Next(), ++i) {
    const Element& e = std::get<Element>(s->item());
    EXPECT_TRUE(e.properties().holds_undecoded()) << i;
    if (i % 3 == 0) {
      EXPECT_EQ(e.properties().Get("count"), Value::Int64(i));
      ++read;
    }
  }
  EXPECT_EQ(log->decodes.load(), read);  // Only what was read, each once.
}

TEST(ReadAheadStreamTest, TheInputsErrorEndsTheStreamAfterItsItems) {
  for (size_t direct : {size_t{0}, size_t{10}, size_t{100}}) {
    auto s =
        MakeReadAheadStream(std::make_unique<CountingHeldSource>(40, DataLossError("corrupt cell")),
                            SmallChunks(direct));
    EXPECT_EQ(ReadAll(*s), 40) << direct;
    EXPECT_THAT(s->status(), StatusIs(StatusCode::kDataLoss)) << direct;
  }
}

TEST(ReadAheadStreamTest, DroppingTheStreamEarlyStopsTheThread) {
  auto source = std::make_unique<CountingHeldSource>(1'000'000, Status::OK());
  auto log = source->log();
  {
    auto s = MakeReadAheadStream(std::move(source), SmallChunks(/*direct=*/5));
    for (int i = 0; i < 30; ++i) s->Next();
    ASSERT_TRUE(s->Valid());
  }
  // The thread pulled at most the chunks it may hold ready, the two in the
  // consumer's and its own hands, and the one it was filling.
  std::lock_guard<std::mutex> lock(log->mu);
  EXPECT_LE(log->next_threads.size(), 30u + 7 * (3 + 3));
}

// Counts 0, 1, 2, ... as Int64 values. The Next that would move to `gate`
// blocks until Release(), saying so first: a selective filter's slow Next.
class GatedCountSource : public ItemStream {
 public:
  explicit GatedCountSource(int64_t gate) : gate_(gate) {}
  bool Valid() const override { return true; }
  void Next() override {
    if (i_ + 1 == gate_) {
      std::unique_lock<std::mutex> lock(shared_->mu);
      shared_->blocked = true;
      shared_->cv.notify_all();
      shared_->cv.wait(lock, [this] { return shared_->released; });
    }
    item_ = Value::Int64(++i_);
    shared_->pulled.store(i_);
  }
  const Item& item() const override { return item_; }
  Status status() const override { return Status::OK(); }

  struct Shared {
    std::mutex mu;
    std::condition_variable cv;
    bool blocked = false;   // Guarded by mu.
    bool released = false;  // Guarded by mu.
    std::atomic<int64_t> pulled{0};
    void WaitUntilBlocked() {
      std::unique_lock<std::mutex> lock(mu);
      cv.wait(lock, [this] { return blocked; });
    }
    void Release() {
      std::lock_guard<std::mutex> lock(mu);
      released = true;
      cv.notify_all();
    }
  };
  std::shared_ptr<Shared> shared() const { return shared_; }

 private:
  int64_t gate_;
  int64_t i_ = 0;
  Item item_ = Value::Int64(0);
  std::shared_ptr<Shared> shared_ = std::make_shared<Shared>();
};

TEST(ReadAheadStreamTest, ClosingWaitsForTheNextInProgressNotForAWholeChunk) {
  ReadAheadOptions options;
  options.direct_items = 0;
  options.chunk_items = 1000;
  options.chunks_ahead = 1;
  // The thread fills chunk one (items 0-999), which the consumer takes, then
  // blocks in the Next that moves to item 1010, inside chunk two.
  auto source = std::make_unique<GatedCountSource>(1010);
  auto shared = source->shared();
  auto s = MakeReadAheadStream(std::move(source), options);
  EXPECT_EQ(std::get<Value>(s->item()), Value::Int64(0));
  shared->WaitUntilBlocked();
  std::thread closer([&s] { s.reset(); });
  // Long enough for the closer to ask the thread to stop; a closer that
  // has not got there yet would only make the count below larger.
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  shared->Release();
  closer.join();
  // The gated Next finished, and the thread took no further item.
  EXPECT_EQ(shared->pulled.load(), 1010);
}

TEST(ReadAheadStreamTest, NonElementItemsAreCopied) {
  std::vector<Item> items;
  for (int i = 0; i < 100; ++i) items.push_back(Value::Int64(i));
  auto s = MakeReadAheadStream(MakeVectorStream(items), SmallChunks(/*direct=*/10));
  int i = 0;
  for (; s->Valid(); s->Next(), ++i) EXPECT_EQ(std::get<Value>(s->item()), Value::Int64(i));
  EXPECT_EQ(i, 100);
  EXPECT_OK(s->status());
}

}  // namespace
}  // namespace quarry
