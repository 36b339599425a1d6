// ReadAheadKvIterator: a KvIterator that reads a long range of its source on
// a second thread, a few batches of cells ahead of the stack above it. A scan
// spends about as long reading cells from the store (RocksDB's iterator) as
// the layers above spend splitting, decoding and testing them; one after the
// other they use one core, read ahead they use two. A hub seed's range is
// hundreds of thousands of cells, so it is where this pays.
//
// Short ranges never wake the thread: after each Seek the first
// `direct_cells` cells are read on the caller's thread, and only a range
// that yields more is handed to the thread, from the cell after the one the
// caller has just left. A busy machine gets no second thread either: at most
// one range fewer than the cores is read ahead at once in the process, and a
// scan that finds none free reads on and asks again later.
//
// The thread is taken the first time a range is handed over and kept, idle
// between ranges, until the iterator is destroyed. It comes from a
// process-wide set of parked threads (internal/parked_threads.h), so a query
// that reads a hub starts none.
//
// Cells cross threads as copies of their key and value bytes, in batches
// whose storage is reused, so the steady state allocates nothing.
//
// Thread safety: as any KvIterator, one caller thread at a time. The source
// is used by the caller until a range is handed over and by the thread until
// the next Seek (or the destructor) takes it back; taking it back waits for
// the source's Next in progress, never for a whole batch. The hooks run on
// the thread, around each stretch of reading (a store uses them for its
// per-thread statistics); they must not use this iterator.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "iterators/kv_iterator.h"

namespace quarry {

struct ReadAheadKvOptions {
  // Cells read on the caller's thread after each Seek.
  size_t direct_cells = 256;
  // Cells handed over at a time, at most (the first batches of a range are
  // smaller, so the caller soon has some).
  size_t batch_cells = 4096;
  // Ready batches the thread may hold at most.
  size_t batches_ahead = 4;
  // On the thread, before it reads a range and after it stops reading one.
  std::function<void()> on_reading_start;
  std::function<void()> on_reading_stop;
};

class ReadAheadKvIterator final : public KvIterator {
 public:
  // REQUIRES: source != nullptr; batch_cells and batches_ahead >= 1.
  ReadAheadKvIterator(std::unique_ptr<KvIterator> source, ReadAheadKvOptions options);
  // Stops the thread and waits for it to let go (after at most the source's
  // Next in progress).
  ~ReadAheadKvIterator() override;

  void Seek(const KeyRange& range) override;
  bool Valid() const override { return valid_; }
  void Next() override;
  std::string_view key() const override { return key_; }
  std::string_view value() const override { return value_; }
  Status status() const override { return status_; }

  // True once a range has been handed to a thread (for tests).
  bool has_read_ahead() const { return thread_started_; }

 private:
  struct Batch;

  void TakeFromSource();
  // Hands the source to the thread; false if no thread can be had.
  bool StartReadingAhead();
  // Takes the source back from the thread.
  void StopReadingAhead();
  // Gives back this iterator's share of the process's read-ahead budget.
  void ReleaseSlot();
  // Moves to the next ready batch, or to the end of the range.
  void TakeBatch();
  void TakeCell();
  void ThreadMain();
  void ReadRange();

  std::unique_ptr<KvIterator> source_;
  const ReadAheadKvOptions options_;
  bool ahead_ = false;       // The thread owns the source.
  bool no_thread_ = false;   // Starting one failed: read here from now on.
  size_t direct_count_ = 0;  // Cells read here since the last Seek.

  bool valid_ = false;
  std::string_view key_, value_;
  Status status_;
  std::unique_ptr<Batch> current_;  // The caller's batch while ahead_.
  size_t pos_ = 0;

  std::mutex mu_;
  std::condition_variable ready_cv_;  // A batch is ready, a range is done, or reading stopped.
  std::condition_variable work_cv_;   // A range to read, room for a batch, stop or quit.
  // Guarded by mu_; oldest first. At most batches_ahead long, so popping the
  // front costs nothing much, and unlike a std::deque an empty vector
  // allocates nothing: most iterators (one-seed queries) never read ahead.
  std::vector<std::unique_ptr<Batch>> ready_;
  std::vector<std::unique_ptr<Batch>> spare_;  // Guarded by mu_.
  bool range_pending_ = false;                 // Guarded by mu_: a range waits for the thread.
  bool reading_ = false;                       // Guarded by mu_: the thread is reading.
  bool range_done_ = false;                    // Guarded by mu_: the range's last batch is ready.
  Status range_status_;                        // Guarded by mu_: the source's status at its end.
  bool stop_ = false;                          // Guarded by mu_.
  bool quit_ = false;                          // Guarded by mu_.
  bool thread_done_ = false;                   // Guarded by mu_: ThreadMain has returned.
  std::atomic<bool> stopping_{false};          // stop_, read per cell without the lock.
  bool thread_started_ = false;
  bool holds_slot_ = false;  // One of the ranges read ahead at once is this one's.
};

}  // namespace quarry
