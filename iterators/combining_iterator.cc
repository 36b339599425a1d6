#include "iterators/combining_iterator.h"

#include <utility>

namespace quarry {

CombiningIterator::CombiningIterator(std::unique_ptr<KvIterator> source)
    : WrappingIterator(std::move(source)) {}

CombiningIterator::GroupCells::GroupCells(CombiningIterator* owner) : owner_(owner) {}

std::string_view CombiningIterator::GroupCells::key() const { return owner_->source()->key(); }

std::string_view CombiningIterator::GroupCells::value() const { return owner_->source()->value(); }

void CombiningIterator::GroupCells::Next() { valid_ = owner_->AdvanceInGroup(); }

void CombiningIterator::Seek(const KeyRange& range) {
  range_ = range;
  status_ = Status::OK();
  has_top_ = false;
  if (range_.IsEmpty()) return;
  // Groups may run past the range end, so the source gets no end bound.
  source()->Seek(RangeFrom(range_.start, range_.start_inclusive));
  if (source()->Valid()) {
    // Never combine from inside a group: if the first cell's group began
    // before the range, back up to its start so the group is combined whole.
    // GroupStart only ever sees stored keys, never a range bound.
    status_ = GroupStart(source()->key(), &cell_group_);
    if (!status_.ok()) return;
    if (KeyBeforeRange(range_, cell_group_)) source()->Seek(RangeFrom(cell_group_));
  }
  FindTop();
}

void CombiningIterator::Next() { FindTop(); }

void CombiningIterator::FindTop() {
  has_top_ = false;
  while (source()->Valid()) {
    status_ = GroupStart(source()->key(), &group_start_);
    if (!status_.ok()) return;
    // Every key of this group and of later groups is >= group_start_, and so
    // is every output key.
    if (KeyAfterRange(range_, group_start_)) return;
    status_ = CombineGroup();
    if (!status_.ok() || !source()->status().ok()) return;
    if (KeyBeforeRange(range_, top_key_)) continue;
    has_top_ = !KeyAfterRange(range_, top_key_);
    return;
  }
}

Status CombiningIterator::CombineGroup() {
  last_key_.assign(source()->key());
  single_cell_group_ = KeepsCellsApart(last_key_);
  top_value_.clear();
  GroupCells cells(this);
  Status reduced = Reduce(group_start_, &cells, &top_value_);
  while (cells.Valid()) cells.Next();
  QUARRY_RETURN_IF_ERROR(status_);  // Set by AdvanceInGroup on a GroupStart failure.
  QUARRY_RETURN_IF_ERROR(reduced);
  top_key_.swap(last_key_);
  return OutputKey(group_start_, top_value_, &top_key_);
}

bool CombiningIterator::AdvanceInGroup() {
  last_key_.assign(source()->key());
  source()->Next();
  if (!source()->Valid() || single_cell_group_) return false;
  status_ = GroupStart(source()->key(), &cell_group_);
  return status_.ok() && cell_group_ == group_start_;
}

}  // namespace quarry
