#include "iterators/filter_iterator.h"

namespace quarry {

void FilterIterator::Seek(const KeyRange& range) {
  status_ = Status::OK();
  parts_valid_ = false;
  source()->Seek(range);
  SkipRejected();
}

void FilterIterator::Next() {
  parts_valid_ = false;
  source()->Next();
  SkipRejected();
}

Result<const KeyParts*> FilterIterator::Parts() {
  if (parts_valid_) return &parts_;
  if (const KeyParts* below = source()->SplitParts(); below != nullptr) return below;
  QUARRY_ASSIGN_OR_RETURN(parts_, SplitKey(source()->key()));
  parts_valid_ = true;
  return &parts_;
}

void FilterIterator::SkipRejected() {
  while (source()->Valid()) {
    parts_valid_ = false;
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
