#include "iterators/concat_element_iterator.h"

namespace quarry {

ConcatElementIterator::ConcatElementIterator(size_t count, Factory make,
                                             std::shared_ptr<const void> keep_alive)
    : count_(count), make_(std::move(make)), keep_alive_(std::move(keep_alive)) {
  Advance();
}

ConcatElementIterator::~ConcatElementIterator() {
  current_.reset();  // Before the snapshot it reads.
  keep_alive_.reset();
}

void ConcatElementIterator::Next() {
  current_->Next();
  if (!current_->Valid()) Advance();
}

void ConcatElementIterator::Advance() {
  while (true) {
    if (current_ != nullptr) {
      if (current_->Valid()) return;
      status_ = current_->status();
      if (!status_.ok()) return;
      current_.reset();
    }
    if (next_ == count_) return;
    Result<std::unique_ptr<ElementIterator>> made = make_(next_++);
    if (!made.ok()) {
      status_ = made.status();
      return;
    }
    current_ = std::move(made).value();
  }
}

}  // namespace quarry
