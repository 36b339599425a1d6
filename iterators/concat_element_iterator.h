// ConcatElementIterator: the element streams of several scans (one per seed
// batch and group column family in store-rocks; per seed batch, group and
// tablet in store-rados) one after the other, each built only when the
// previous one ends, so memory stays bounded. Shared by the stores.
//
// Thread safety: one thread at a time, as every iterator.
#pragma once

#include <functional>
#include <memory>

#include "iterators/element_iterator.h"

namespace quarry {

// Streams the iterators `make(0)`, `make(1)`, ... `make(count - 1)` one after
// the other, building each only when the previous one ends. `keep_alive` is
// held until destruction (what the iterators read: a snapshot, a scan plan).
class ConcatElementIterator : public ElementIterator {
 public:
  using Factory = std::function<Result<std::unique_ptr<ElementIterator>>(size_t index)>;

  ConcatElementIterator(size_t count, Factory make, std::shared_ptr<const void> keep_alive);
  ~ConcatElementIterator() override;

  bool Valid() const override { return current_ != nullptr && current_->Valid(); }
  void Next() override;
  const Element& element() const override { return current_->element(); }
  Status status() const override { return status_; }

 private:
  // Moves to the next non-empty iterator, or the end.
  void Advance();

  size_t count_;
  Factory make_;
  std::shared_ptr<const void> keep_alive_;
  size_t next_ = 0;
  std::unique_ptr<ElementIterator> current_;
  Status status_;
};

}  // namespace quarry
