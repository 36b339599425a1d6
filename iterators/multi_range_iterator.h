// MultiRangeIterator: restricts a source to a set of key ranges (a seed's
// ranges, from the key-package), like Accumulo's batch scanner over merged
// ranges. The ranges are merged up front (MergeOverlapping), so a key covered
// by several ranges is yielded once. A Seek(range) yields the source's cells
// in the intersection of `range` with the union of the ranges, in key order,
// by seeking the source to each non-empty intersection in turn. Ranges
// merged once (MergedRanges) may be shared by the iterators of several
// column families or groups that read the same seeds.
//
// REQUIRES of the source: it honours the end of the range it is seeked with
// (Valid() turns false there), as every KvIterator does.
//
// Thread safety: as KvIterator (one thread at a time).
#pragma once

#include <memory>
#include <vector>

#include "iterators/key_range_ops.h"
#include "iterators/kv_iterator.h"

namespace quarry {

// Ranges merged by MergeOverlapping (sorted, disjoint), immutable, so that
// several iterators on any threads may read one list.
using SharedRanges = std::shared_ptr<const std::vector<KeyRange>>;

// `ranges` merged (MergeOverlapping) and made shareable.
SharedRanges MergedRanges(std::vector<KeyRange> ranges);

class MultiRangeIterator : public WrappingIterator {
 public:
  // `ranges` may overlap and come in any order; an empty list yields nothing.
  MultiRangeIterator(std::unique_ptr<KvIterator> source, std::vector<KeyRange> ranges);
  // REQUIRES: merged != nullptr, as MergedRanges returns it.
  MultiRangeIterator(std::unique_ptr<KvIterator> source, SharedRanges merged);

  // Restricts the next Seek to `merged` instead (a scan stack reused for
  // another query's seeds). REQUIRES: merged != nullptr, as MergedRanges
  // returns it. Not positioned until Seek.
  void ResetRanges(SharedRanges merged);

  void Seek(const KeyRange& range) override;
  bool Valid() const override { return active_ && source()->Valid(); }
  void Next() override;
  Status status() const override { return active_ ? source()->status() : Status::OK(); }

  // The merged, sorted, disjoint ranges.
  const std::vector<KeyRange>& ranges() const { return *ranges_; }

 private:
  // While the source is exhausted (without error), seeks it to the next
  // non-empty intersection of the seek range with ranges_.
  void SeekNextPiece();

  SharedRanges ranges_;
  KeyRange range_;       // The current Seek's range.
  size_t next_ = 0;      // Index into ranges_ of the next piece to seek.
  bool active_ = false;  // Whether the source was seeked since our last Seek.
};

}  // namespace quarry
