#include "operations/read_ahead_stream.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <system_error>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

namespace quarry {
namespace {

// `src` into `*dst`, reusing dst's storage; an element keeps its hold.
void AssignItem(const Item& src, Item* dst) {
  if (const Element* element = std::get_if<Element>(&src)) {
    if (!std::holds_alternative<Element>(*dst)) *dst = Element();
    std::get<Element>(*dst).AssignKeepingHold(*element);
  } else {
    *dst = src;
  }
}

// Items handed over together. Slots keep their storage from one use to the
// next: chunks go back and forth between the two threads.
struct Chunk {
  std::vector<Item> items;
  size_t size = 0;  // Slots in use.
};

class ReadAheadStream final : public ItemStream {
 public:
  ReadAheadStream(std::unique_ptr<ItemStream> input, ReadAheadOptions options)
      : input_(std::move(input)), options_(options), direct_left_(options.direct_items) {
    if (direct_left_ == 0 && input_->Valid()) Start();
  }

  ~ReadAheadStream() override {
    if (!thread_.joinable()) return;
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    stopping_.store(true, std::memory_order_relaxed);
    space_cv_.notify_all();
    thread_.join();  // After at most the input's Next in progress.
  }

  bool Valid() const override { return threaded_ ? !ended_ : input_->Valid(); }

  void Next() override {
    if (!threaded_) {
      input_->Next();
      if (direct_left_ > 0) --direct_left_;
      if (direct_left_ == 0 && input_->Valid()) Start();
      return;
    }
    if (++pos_ < current_->size) return;
    TakeChunk();
  }

  const Item& item() const override { return threaded_ ? current_->items[pos_] : input_->item(); }

  Status status() const override {
    if (!threaded_) return input_->status();
    return ended_ ? final_ : Status::OK();
  }

 private:
  // From here on the input belongs to the thread.
  void Start() {
    try {
      thread_ = std::thread([this] { Produce(); });
    } catch (const std::system_error&) {
      // No thread to be had (a process at its limit): go on reading here,
      // which is only slower. The flag below keeps Next from trying again.
      direct_left_ = static_cast<size_t>(-1);
      return;
    }
    threaded_ = true;
    TakeChunk();
  }

  // The next ready chunk, or the end with the input's status.
  void TakeChunk() {
    std::unique_lock<std::mutex> lock(mu_);
    if (current_ != nullptr) spare_.push_back(std::move(current_));
    ready_cv_.wait(lock, [this] { return !ready_.empty() || producer_done_; });
    if (ready_.empty()) {
      ended_ = true;
      final_ = producer_status_;
      return;
    }
    current_ = std::move(ready_.front());
    ready_.pop_front();
    pos_ = 0;
    lock.unlock();
    space_cv_.notify_one();
  }

  void Produce() {
    for (;;) {
      std::unique_ptr<Chunk> chunk;
      {
        std::unique_lock<std::mutex> lock(mu_);
        space_cv_.wait(lock, [this] { return stop_ || ready_.size() < options_.chunks_ahead; });
        if (stop_) return;
        if (!spare_.empty()) {
          chunk = std::move(spare_.back());
          spare_.pop_back();
        }
      }
      if (chunk == nullptr) chunk = std::make_unique<Chunk>();
      if (chunk->items.size() < options_.chunk_items) chunk->items.resize(options_.chunk_items);
      chunk->size = 0;
      // Tested per item: a selective filter can take long to fill a chunk,
      // and a reader that closes early should not wait for it.
      while (chunk->size < options_.chunk_items && input_->Valid() &&
             !stopping_.load(std::memory_order_relaxed)) {
        AssignItem(input_->item(), &chunk->items[chunk->size++]);
        input_->Next();
      }
      const bool end = !input_->Valid();
      {
        std::lock_guard<std::mutex> lock(mu_);
        if (chunk->size > 0) ready_.push_back(std::move(chunk));
        if (end) {
          producer_done_ = true;
          producer_status_ = input_->status();
        }
      }
      ready_cv_.notify_one();
      if (end) return;
    }
  }

  std::unique_ptr<ItemStream> input_;
  const ReadAheadOptions options_;
  size_t direct_left_;  // Items still to pull here before starting the thread.
  bool threaded_ = false;

  // The consumer's, once threaded.
  std::unique_ptr<Chunk> current_;
  size_t pos_ = 0;
  bool ended_ = false;  // Every chunk taken and the thread done.
  Status final_;

  std::mutex mu_;
  std::condition_variable ready_cv_;           // A chunk is ready, or the thread is done.
  std::condition_variable space_cv_;           // A ready chunk was taken, or stop.
  std::deque<std::unique_ptr<Chunk>> ready_;   // Guarded by mu_.
  std::vector<std::unique_ptr<Chunk>> spare_;  // Guarded by mu_.
  bool producer_done_ = false;                 // Guarded by mu_.
  Status producer_status_;                     // Guarded by mu_.
  bool stop_ = false;                          // Guarded by mu_.
  std::atomic<bool> stopping_{false};          // stop_, read without the lock.
  std::thread thread_;
};

}  // namespace

std::unique_ptr<ItemStream> MakeReadAheadStream(std::unique_ptr<ItemStream> input,
                                                ReadAheadOptions options) {
  return std::make_unique<ReadAheadStream>(std::move(input), options);
}

}  // namespace quarry
