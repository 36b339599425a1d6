#include "store-rocks/rocks_kv_iterator.h"

#include "keypackages/key_package.h"
#include "store-rocks/rocks_instance.h"

namespace quarry {
namespace {

std::string_view View(const rocksdb::Slice& s) { return std::string_view(s.data(), s.size()); }

// True if every key in `range` starts with RowPrefix(range.start).
bool WithinOneRowPrefix(const KeyRange& range) {
  std::string_view prefix = KeyPackage::RowPrefix(range.start);
  if (prefix.empty() || !range.has_end()) return false;
  std::string successor = PrefixSuccessor(prefix);
  return !successor.empty() && range.end <= successor;
}

// hotkeys (issue 18): points t_scan_hot_key_flag at a scan's flag for the
// length of one RocksDB call on this thread.
class ScanFlagScope {
 public:
  explicit ScanFlagScope(bool* flag) { t_scan_hot_key_flag = flag; }
  ~ScanFlagScope() { t_scan_hot_key_flag = nullptr; }
  ScanFlagScope(const ScanFlagScope&) = delete;
  ScanFlagScope& operator=(const ScanFlagScope&) = delete;
};

}  // namespace

RocksKvIterator::RocksKvIterator(rocksdb::DB* db, rocksdb::ColumnFamilyHandle* cf,
                                 RocksScanOptions options)
    : db_(db), cf_(cf), options_(options) {}

RocksKvIterator::~RocksKvIterator() {
  it_.reset();  // hotkeys (issue 18): its seeks are counted; release it before a flush.
  hot_key_watch_.Finish(db_, cf_, own_seeks_);
  if (hot_key_met_ && AdaptsToHotKeys(db_)) OnHotScan(db_, cf_);
}

void RocksKvIterator::SetUpperBound(const KeyRange& range) {
  // The smallest byte string above an inclusive end K is K 00.
  upper_bound_ = range.end;
  if (range.end_inclusive) upper_bound_.push_back('\x00');
  upper_bound_slice_ = rocksdb::Slice(upper_bound_);
}

rocksdb::ReadOptions RocksKvIterator::ReadOptionsFor(const KeyRange& range, bool prefix_seek) {
  rocksdb::ReadOptions ro;
  ro.snapshot = options_.snapshot;
  ro.fill_cache = options_.fill_cache;
  if (range.has_end()) {
    SetUpperBound(range);
    ro.iterate_upper_bound = &upper_bound_slice_;
  }
  if (prefix_seek) {
    ro.prefix_same_as_start = true;
  } else {
    ro.total_order_seek = true;
  }
  return ro;
}

void RocksKvIterator::Seek(const KeyRange& range) {
  range_ = range;
  if (!hot_key_watch_.started()) hot_key_watch_.Start();  // hotkeys (issue 18)
  ++own_seeks_;
  status_ = Status::OK();
  valid_ = false;
  const bool prefix_seek = options_.use_prefix_bloom && WithinOneRowPrefix(range_);
  const bool bounded = range_.has_end();
  // A RocksDB iterator reads one snapshot with fixed read options, but the
  // upper bound it was given is a pointer to upper_bound_slice_, read afresh
  // on every seek: a range of the same kind reuses the iterator with a new
  // bound (RocksDB rechecks the bound on a reseek). Opening and closing one
  // per range cost more than the seek itself on short ranges (bench/RESULTS.md,
  // "One RocksDB iterator across ranges"). Without a snapshot each Seek must
  // see the latest state, so it opens a new one.
  if (it_ != nullptr && options_.snapshot != nullptr && prefix_seek == it_prefix_seek_ &&
      bounded == it_bounded_) {
    if (bounded) SetUpperBound(range_);
  } else {
    it_.reset(db_->NewIterator(ReadOptionsFor(range_, prefix_seek), cf_));
    it_prefix_seek_ = prefix_seek;
    it_bounded_ = bounded;
  }
  ScanFlagScope flag(&hot_key_met_);
  it_->Seek(rocksdb::Slice(range_.start));
  Settle();
}

void RocksKvIterator::Next() {
  ScanFlagScope flag(&hot_key_met_);
  it_->Next();
  // Past the first cell no key needs checking: keys only grow from one in
  // the range, and RocksDB stops at iterate_upper_bound, which ReadOptionsFor
  // sets from every range that has an end.
  if (it_->Valid()) {
    key_ = View(it_->key());
    return;
  }
  Settle();
}

std::string_view RocksKvIterator::value() const { return View(it_->value()); }

void RocksKvIterator::Settle() {
  valid_ = false;
  while (it_->Valid()) {
    key_ = View(it_->key());
    if (KeyAfterRange(range_, key_)) return;
    if (!KeyBeforeRange(range_, key_)) {
      valid_ = true;
      return;
    }
    it_->Next();  // Before the start: an exclusive start.
  }
  status_ = FromRocks(it_->status(), "scanning column family " + cf_->GetName());
}

}  // namespace quarry
