// ConcatTabletStreams: several element streams (one per seed batch,
// group and tablet) one after the other, each built only when the previous
// one ends, so memory stays bounded. (store-rocks has its own; the two
// stores may not share internals.)
//
// Thread safety: one thread at a time, as every iterator.
#pragma once

#include <functional>
#include <memory>

#include "iterators/element_iterator.h"

namespace quarry::internal {

class ConcatTabletStreams : public ElementIterator {
 public:
  using Factory = std::function<Result<std::unique_ptr<ElementIterator>>(size_t index)>;

  // Streams make(0) .. make(count - 1). `keep_alive` is held until
  // destruction (the scan plan the factories read).
  ConcatTabletStreams(size_t count, Factory make, std::shared_ptr<const void> keep_alive);

  bool Valid() const override { return current_ != nullptr && current_->Valid(); }
  void Next() override;
  const Element& element() const override { return current_->element(); }
  Status status() const override { return status_; }

 private:
  // Moves to the next non-empty stream, or the end (or an error).
  void Advance();

  size_t count_;
  Factory make_;
  std::shared_ptr<const void> keep_alive_;
  size_t next_ = 0;
  std::unique_ptr<ElementIterator> current_;
  Status status_;
};

}  // namespace quarry::internal
