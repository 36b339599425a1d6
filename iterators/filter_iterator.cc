#include "iterators/filter_iterator.h"

namespace quarry {

void FilterIterator::Seek(const KeyRange& range) {
  status_ = Status::OK();
  source()->Seek(range);
  SkipRejected();
}

void FilterIterator::Next() {
  source()->Next();
  SkipRejected();
}

void FilterIterator::SkipRejected() {
  while (source()->Valid()) {
    Result<bool> accepted = Accept(source()->key(), source()->value());
    if (!accepted.ok()) {
      status_ = accepted.status();
      return;
    }
    if (*accepted) return;
    source()->Next();
  }
}

}  // namespace quarry
