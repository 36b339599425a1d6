// A fake ElementIterator for tests of iterators that combine streams
// (concatenation, parallel prefetch): yields entities of group "G" whose
// vertices are the given numbers, then ends with a given status, and
// optionally counts every element it has produced (so that a test can see
// how far ahead a consumer read).
//
// Thread safety: as every iterator, one thread at a time; the counter is
// atomic so that streams read by several threads may share one.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "iterators/element_iterator.h"

namespace quarry::testing {

inline Element NumberedEntity(int64_t n) { return Element::Entity("G", Value::Int64(n), {}); }

class NumberedElementStream : public ElementIterator {
 public:
  // `reads` (may be null) is incremented for every element produced; it
  // must outlive the stream.
  NumberedElementStream(std::vector<int64_t> values, Status end_status,
                        std::atomic<int>* reads = nullptr)
      : values_(std::move(values)), end_(std::move(end_status)), reads_(reads) {
    Load();
  }
  bool Valid() const override { return pos_ < values_.size(); }
  void Next() override {
    ++pos_;
    Load();
  }
  const Element& element() const override { return current_; }
  Status status() const override { return Valid() ? Status::OK() : end_; }

 private:
  void Load() {
    if (!Valid()) return;
    current_ = NumberedEntity(values_[pos_]);
    if (reads_ != nullptr) reads_->fetch_add(1);
  }

  std::vector<int64_t> values_;
  Status end_;
  std::atomic<int>* reads_;
  size_t pos_ = 0;
  Element current_ = NumberedEntity(0);
};

}  // namespace quarry::testing
