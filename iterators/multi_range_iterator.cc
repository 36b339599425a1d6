#include "iterators/multi_range_iterator.h"

#include <algorithm>
#include <utility>

namespace quarry {
namespace {

// True when every key of `r` sorts before the start of `range`.
bool EndsBeforeStart(const KeyRange& r, const KeyRange& range) {
  if (!r.has_end()) return false;
  int c = r.end.compare(range.start);
  return c < 0 || (c == 0 && !(r.end_inclusive && range.start_inclusive));
}

}  // namespace

MultiRangeIterator::MultiRangeIterator(std::unique_ptr<KvIterator> source,
                                       std::vector<KeyRange> ranges)
    : WrappingIterator(std::move(source)), ranges_(std::move(ranges)) {
  MergeOverlapping(&ranges_);
}

void MultiRangeIterator::Seek(const KeyRange& range) {
  range_ = range;
  active_ = false;
  // ranges_ are sorted and disjoint, so their ends are sorted too.
  auto first = std::partition_point(ranges_.begin(), ranges_.end(),
                                    [&](const KeyRange& r) { return EndsBeforeStart(r, range); });
  next_ = static_cast<size_t>(first - ranges_.begin());
  SeekNextPiece();
}

void MultiRangeIterator::Next() {
  source()->Next();
  if (!source()->Valid() && source()->status().ok()) SeekNextPiece();
}

void MultiRangeIterator::SeekNextPiece() {
  while (next_ < ranges_.size()) {
    const KeyRange& r = ranges_[next_];
    if (KeyAfterRange(range_, r.start)) {
      next_ = ranges_.size();  // This and all later ranges lie past the end.
      return;
    }
    ++next_;
    KeyRange piece = IntersectRanges(range_, r);
    if (piece.IsEmpty()) continue;
    source()->Seek(piece);
    active_ = true;
    if (source()->Valid() || !source()->status().ok()) return;
  }
}

}  // namespace quarry
