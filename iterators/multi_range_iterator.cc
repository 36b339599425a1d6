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

SharedRanges MergedRanges(std::vector<KeyRange> ranges) {
  MergeOverlapping(&ranges);
  return std::make_shared<const std::vector<KeyRange>>(std::move(ranges));
}

MultiRangeIterator::MultiRangeIterator(std::unique_ptr<KvIterator> source,
                                       std::vector<KeyRange> ranges)
    : MultiRangeIterator(std::move(source), MergedRanges(std::move(ranges))) {}

MultiRangeIterator::MultiRangeIterator(std::unique_ptr<KvIterator> source, SharedRanges merged)
    : WrappingIterator(std::move(source)), ranges_(std::move(merged)) {}

void MultiRangeIterator::ResetRanges(SharedRanges merged) {
  ranges_ = std::move(merged);
  next_ = 0;
  active_ = false;
}

void MultiRangeIterator::Seek(const KeyRange& range) {
  range_ = range;
  active_ = false;
  // ranges_ are sorted and disjoint, so their ends are sorted too.
  const std::vector<KeyRange>& ranges = *ranges_;
  auto first = std::partition_point(ranges.begin(), ranges.end(),
                                    [&](const KeyRange& r) { return EndsBeforeStart(r, range); });
  next_ = static_cast<size_t>(first - ranges.begin());
  SeekNextPiece();
}

void MultiRangeIterator::Next() {
  source()->Next();
  if (!source()->Valid() && source()->status().ok()) SeekNextPiece();
}

void MultiRangeIterator::SeekNextPiece() {
  const std::vector<KeyRange>& ranges = *ranges_;
  while (next_ < ranges.size()) {
    const KeyRange& r = ranges[next_];
    if (KeyAfterRange(range_, r.start)) {
      next_ = ranges.size();  // This and all later ranges lie past the end.
      return;
    }
    ++next_;
    // A whole-keyspace Seek (what every scan stack starts with) seeks each
    // range as it is, without copying it.
    if (range_.start.empty() && range_.start_inclusive && !range_.has_end()) {
      if (r.IsEmpty()) continue;
      source()->Seek(r);
    } else {
      KeyRange piece = IntersectRanges(range_, r);
      if (piece.IsEmpty()) continue;
      source()->Seek(piece);
    }
    active_ = true;
    if (source()->Valid() || !source()->status().ok()) return;
  }
}

}  // namespace quarry
