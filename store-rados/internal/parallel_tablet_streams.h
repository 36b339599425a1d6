// ParallelTabletStreams: the element streams of a RADOS scan (one per seed
// batch, group and tablet) read concurrently by a few threads of the
// iterator's own and emitted in index order, so the output is exactly
// ConcatElementIterator's (iterators/concat_element_iterator.h). A tablet stream spends its time
// waiting for omap pages from an OSD, so several in flight hide the round trips (on any number of
// cores) where a serial scan pays them one after the other.
//
// Bounded memory: only streams within `window` of the one being consumed
// are started, and each buffers at most kChunksAhead chunks of `chunk`
// elements ahead of the consumer (a worker whose stream is that far ahead
// waits). So at most window * kChunksAhead * chunk elements are buffered,
// plus each stream's own pages (store-rados/rados_kv_iterator.h).
//
// Errors: a stream that fails (to build or to read) ends the output after
// every element before it, in order, and is then status(); later streams
// are abandoned, as a serial scan would never reach them.
//
// Lifetime: the destructor stops the workers (each stops at its next
// chunk) and joins them; `make` and `keep_alive` live until then.
//
// Thread safety: one consumer thread at a time, as every iterator; each
// stream is built, read and destroyed by one worker.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include "iterators/element_iterator.h"

namespace quarry::internal {

class ParallelTabletStreams : public ElementIterator {
 public:
  using Factory = std::function<Result<std::unique_ptr<ElementIterator>>(size_t index)>;
  static constexpr size_t kChunksAhead = 2;

  // REQUIRES: threads >= 1, window >= threads, chunk >= 1.
  ParallelTabletStreams(size_t count, Factory make, std::shared_ptr<const void> keep_alive,
                        size_t threads, size_t window, size_t chunk);
  ~ParallelTabletStreams() override;

  bool Valid() const override { return pos_ < chunk_.size(); }
  void Next() override;
  const Element& element() const override { return chunk_[pos_]; }
  Status status() const override { return status_; }

  struct Shared;  // With the workers (parallel_tablet_streams.cc).

 private:
  // Takes the head stream's next chunk, moving past ended streams.
  void Advance();

  std::shared_ptr<Shared> shared_;
  std::vector<std::thread> workers_;
  std::vector<Element> chunk_;
  size_t pos_ = 0;
  Status status_;
};

}  // namespace quarry::internal
