#include "store-rados/internal/concat_tablet_streams.h"

namespace quarry::internal {

ConcatTabletStreams::ConcatTabletStreams(size_t count, Factory make,
                                         std::shared_ptr<const void> keep_alive)
    : count_(count), make_(std::move(make)), keep_alive_(std::move(keep_alive)) {
  Advance();
}

void ConcatTabletStreams::Next() {
  current_->Next();
  if (!current_->Valid()) Advance();
}

void ConcatTabletStreams::Advance() {
  while (current_ == nullptr || !current_->Valid()) {
    if (current_ != nullptr && !current_->status().ok()) {
      status_ = current_->status();
      current_.reset();
      return;
    }
    current_.reset();
    if (next_ == count_) return;
    Result<std::unique_ptr<ElementIterator>> made = make_(next_++);
    if (!made.ok()) {
      status_ = made.status();
      return;
    }
    current_ = std::move(made).value();
  }
}

}  // namespace quarry::internal
