#include "tests/testutil/memory_kv_iterator.h"

#include <utility>

namespace quarry::testing {

MemoryKvIterator::MemoryKvIterator(KvMap data) : owned_(std::move(data)), data_(&*owned_) {
  it_ = data_->end();
}

MemoryKvIterator::MemoryKvIterator(const KvMap* data) : data_(data) { it_ = data_->end(); }

void MemoryKvIterator::Seek(const KeyRange& range) {
  ++seeks_;
  range_ = range;
  seeked_ = true;
  status_ = Status::OK();
  it_ = range.start_inclusive ? data_->lower_bound(range.start) : data_->upper_bound(range.start);
  CheckInjectedError();
}

bool MemoryKvIterator::Valid() const {
  return seeked_ && status_.ok() && it_ != data_->end() && !KeyAfterRange(range_, it_->first);
}

void MemoryKvIterator::Next() {
  ++nexts_;
  ++it_;
  CheckInjectedError();
}

void MemoryKvIterator::InjectErrorAt(std::string key, Status error) {
  error_key_ = std::move(key);
  error_ = std::move(error);
}

void MemoryKvIterator::CheckInjectedError() {
  if (error_key_ && Valid() && it_->first == *error_key_) status_ = error_;
}

}  // namespace quarry::testing
