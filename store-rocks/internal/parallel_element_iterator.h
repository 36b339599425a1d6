// ParallelElementIterator: the element streams of several scans (one per
// seed batch, group and shard) run concurrently on a TBB arena and emitted
// in index order, so the output is exactly ConcatElementIterator's.
//
// Bounded prefetch: at most `window` streams are in flight (the one being
// consumed and the next window-1); each fills at most one chunk of `chunk`
// elements ahead of the consumer, then waits to be asked for the next. So at
// most (window + 1) * chunk elements are buffered, whatever the result size,
// and a stream never blocks a worker thread.
//
// Errors: a stream that fails (building it or reading it) ends the output
// after every element before it, in order, and is then status(); later
// streams are abandoned, as a serial scan would never reach them.
//
// Lifetime: `make` and `keep_alive` (the snapshots the streams read) are
// released by the destructor after every job has finished; the destructor
// waits for the jobs in flight (each stops at its next element). The arena
// must outlive the iterator.
//
// Thread safety: one consumer thread at a time, as every iterator; the
// streams themselves are each used by one job at a time.
#pragma once

#include <oneapi/tbb/task_arena.h>

#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

#include "iterators/element_iterator.h"

namespace quarry::internal {

class ParallelElementIterator : public ElementIterator {
 public:
  using Factory = std::function<Result<std::unique_ptr<ElementIterator>>(size_t index)>;

  // REQUIRES: window >= 1, chunk >= 1, arena != nullptr.
  ParallelElementIterator(size_t count, Factory make, std::shared_ptr<void> keep_alive,
                          tbb::task_arena* arena, size_t window, size_t chunk);
  ~ParallelElementIterator() override;

  bool Valid() const override { return pos_ < chunk_.size(); }
  void Next() override;
  const Element& element() const override { return chunk_[pos_]; }
  Status status() const override { return status_; }

  struct State;  // Shared with the jobs (parallel_element_iterator.cc).

 private:
  // Takes chunks from the head stream until one is non-empty or all ended.
  void Advance();
  // Starts filling stream `index`'s next chunk. REQUIRES: state_->mu held.
  void Launch(size_t index);

  std::shared_ptr<State> state_;
  tbb::task_arena* arena_;
  size_t window_;
  size_t head_ = 0;         // The stream being consumed.
  size_t next_launch_ = 0;  // The first stream not started yet.
  std::vector<Element> chunk_;
  size_t pos_ = 0;
  Status pending_;  // The error that ends the output once chunk_ is consumed.
  Status status_;
};

}  // namespace quarry::internal
