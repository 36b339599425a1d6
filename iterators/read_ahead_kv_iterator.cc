#include "iterators/read_ahead_kv_iterator.h"

#include <algorithm>
#include <system_error>
#include <thread>
#include <utility>

#include "iterators/internal/parked_threads.h"

namespace quarry {
namespace {

constexpr size_t kFirstBatchCells = 64;

// Ranges read ahead at once in this process, at most one fewer than the
// cores: on a busy machine a second thread per scan only adds the copying.
std::atomic<int> ranges_read_ahead{0};

bool TakeReadAheadSlot() {
  static const int kSlots = std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 1);
  int taken = ranges_read_ahead.load(std::memory_order_relaxed);
  while (taken < kSlots) {
    if (ranges_read_ahead.compare_exchange_weak(taken, taken + 1, std::memory_order_relaxed)) {
      return true;
    }
  }
  return false;
}

}  // namespace

// Cells copied out of the source: keys and values back to back in `bytes`.
struct ReadAheadKvIterator::Batch {
  struct Cell {
    size_t begin;
    size_t key_size;
    size_t value_size;
  };
  std::string bytes;
  std::vector<Cell> cells;

  void Clear() {
    bytes.clear();
    cells.clear();
  }
  void Add(std::string_view key, std::string_view value) {
    cells.push_back({bytes.size(), key.size(), value.size()});
    bytes.append(key);
    bytes.append(value);
  }
  std::string_view key(size_t i) const {
    return std::string_view(bytes).substr(cells[i].begin, cells[i].key_size);
  }
  std::string_view value(size_t i) const {
    return std::string_view(bytes).substr(cells[i].begin + cells[i].key_size, cells[i].value_size);
  }
};

ReadAheadKvIterator::ReadAheadKvIterator(std::unique_ptr<KvIterator> source,
                                         ReadAheadKvOptions options)
    : source_(std::move(source)), options_(std::move(options)) {}

ReadAheadKvIterator::~ReadAheadKvIterator() {
  ReleaseSlot();
  if (!thread_started_) return;
  std::unique_lock<std::mutex> lock(mu_);
  stop_ = true;
  quit_ = true;
  stopping_.store(true, std::memory_order_relaxed);
  work_cv_.notify_all();
  ready_cv_.wait(lock, [this] { return thread_done_; });
}

void ReadAheadKvIterator::Seek(const KeyRange& range) {
  if (ahead_) StopReadingAhead();
  direct_count_ = 0;
  status_ = Status::OK();  // An error lasts until the next Seek.
  source_->Seek(range);
  TakeFromSource();
}

void ReadAheadKvIterator::Next() {
  if (!ahead_) {
    // The cell being left is the last the caller reads here: the thread
    // moves the source on from it.
    if (++direct_count_ > options_.direct_cells && !no_thread_ && StartReadingAhead()) return;
    source_->Next();
    TakeFromSource();
    return;
  }
  if (++pos_ < current_->cells.size()) {
    TakeCell();
    return;
  }
  TakeBatch();
}

void ReadAheadKvIterator::TakeFromSource() {
  valid_ = source_->Valid();
  if (valid_) {
    key_ = source_->key();
    value_ = source_->value();
    return;
  }
  status_ = source_->status();
}

void ReadAheadKvIterator::TakeCell() {
  key_ = current_->key(pos_);
  value_ = current_->value(pos_);
}

void ReadAheadKvIterator::ReleaseSlot() {
  if (!holds_slot_) return;
  ranges_read_ahead.fetch_sub(1, std::memory_order_relaxed);
  holds_slot_ = false;
}

bool ReadAheadKvIterator::StartReadingAhead() {
  if (!TakeReadAheadSlot()) {
    direct_count_ = 0;  // Every core is busy: try again after as many cells.
    return false;
  }
  holds_slot_ = true;
  if (!thread_started_) {
    try {
      iterators_internal::RunOnParkedThread([this] { ThreadMain(); });
      thread_started_ = true;
    } catch (const std::system_error&) {
      // No thread to be had (a process at its limit): reading here is only
      // slower.
      no_thread_ = true;
      ReleaseSlot();
      return false;
    }
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    range_pending_ = true;
    range_done_ = false;
  }
  work_cv_.notify_one();
  ahead_ = true;
  TakeBatch();
  return true;
}

void ReadAheadKvIterator::StopReadingAhead() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
    range_pending_ = false;  // A range the thread has not begun is simply dropped.
  }
  stopping_.store(true, std::memory_order_relaxed);
  work_cv_.notify_all();
  std::unique_lock<std::mutex> lock(mu_);
  ready_cv_.wait(lock, [this] { return !reading_; });
  stop_ = false;
  stopping_.store(false, std::memory_order_relaxed);
  if (current_ != nullptr) spare_.push_back(std::move(current_));
  for (auto& batch : ready_) spare_.push_back(std::move(batch));
  ready_.clear();
  ahead_ = false;
  ReleaseSlot();
}

void ReadAheadKvIterator::TakeBatch() {
  std::unique_lock<std::mutex> lock(mu_);
  if (current_ != nullptr) spare_.push_back(std::move(current_));
  ready_cv_.wait(lock, [this] { return !ready_.empty() || range_done_; });
  if (ready_.empty()) {
    valid_ = false;
    status_ = range_status_;
    lock.unlock();
    ReleaseSlot();  // The thread is done with this range.
    return;
  }
  current_ = std::move(ready_.front());
  ready_.erase(ready_.begin());
  lock.unlock();
  work_cv_.notify_one();
  pos_ = 0;
  valid_ = true;
  TakeCell();
}

void ReadAheadKvIterator::ThreadMain() {
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mu_);
      work_cv_.wait(lock, [this] { return quit_ || range_pending_; });
      if (quit_) {
        // Notified under the lock: once it is released, the destructor may
        // run, and this thread touches nothing of the iterator's again.
        thread_done_ = true;
        ready_cv_.notify_all();
        return;
      }
      range_pending_ = false;
      reading_ = true;
    }
    if (options_.on_reading_start) options_.on_reading_start();
    ReadRange();
    if (options_.on_reading_stop) options_.on_reading_stop();
    {
      std::lock_guard<std::mutex> lock(mu_);
      reading_ = false;
    }
    ready_cv_.notify_all();
  }
}

void ReadAheadKvIterator::ReadRange() {
  source_->Next();  // Off the cell the caller read last.
  // Batches start small, so the caller soon has cells, and grow, so that
  // waking the other thread (costly on a virtual machine) is rare.
  size_t batch_cells = std::min<size_t>(options_.batch_cells, kFirstBatchCells);
  for (;; batch_cells = std::min(options_.batch_cells, 2 * batch_cells)) {
    std::unique_ptr<Batch> batch;
    {
      std::unique_lock<std::mutex> lock(mu_);
      work_cv_.wait(lock, [this] { return stop_ || ready_.size() < options_.batches_ahead; });
      if (stop_) return;
      if (!spare_.empty()) {
        batch = std::move(spare_.back());
        spare_.pop_back();
      }
    }
    if (batch == nullptr) batch = std::make_unique<Batch>();
    batch->Clear();
    // Tested per cell: a caller that seeks elsewhere waits for one Next.
    while (batch->cells.size() < batch_cells && source_->Valid() &&
           !stopping_.load(std::memory_order_relaxed)) {
      batch->Add(source_->key(), source_->value());
      source_->Next();
    }
    const bool end = !source_->Valid();
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (batch->cells.empty()) {
        spare_.push_back(std::move(batch));
      } else {
        ready_.push_back(std::move(batch));
      }
      if (end) {
        range_done_ = true;
        range_status_ = source_->status();
      }
    }
    ready_cv_.notify_all();
    if (end) return;
  }
}

}  // namespace quarry
