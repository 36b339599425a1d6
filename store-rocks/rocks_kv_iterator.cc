#include "store-rocks/rocks_kv_iterator.h"

#include <utility>

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
    : db_(db), cf_(cf), options_(std::move(options)) {}

RocksKvIterator::~RocksKvIterator() { FinishScan(); }

void RocksKvIterator::FinishScan() {
  // hotkeys (issue 18): a scan that met a hot key asks for a flush, which a
  // kept iterator would only delay; its seeks are counted either way.
  if (!hot_key_met_ && status_.ok()) GiveBack();
  it_.reset();
  if (hot_key_watch_.started()) hot_key_watch_.Finish(db_, cf_, own_seeks_);
  if (hot_key_met_ && AdaptsToHotKeys(db_)) OnHotScan(db_, cf_);
  hot_key_met_ = false;
  hot_key_watch_ = HotKeyWatch();
  own_seeks_ = 0;
  valid_ = false;
  status_ = Status::OK();
  options_.snapshot_owner.reset();
}

void RocksKvIterator::Rebind(const rocksdb::Snapshot* snapshot, std::shared_ptr<const void> owner) {
  options_.snapshot = snapshot;
  options_.snapshot_owner = std::move(owner);
}

bool RocksKvIterator::Pooling() const {
  return options_.pool != nullptr && options_.snapshot != nullptr && options_.fill_cache;
}

void RocksKvIterator::GiveBack() {
  if (it_ == nullptr || !Pooling() || !it_->it->status().ok()) return;
  // Written to since the snapshot: the next scan's snapshot will be later,
  // so the iterator could never serve it, and keeping it (with its snapshot,
  // which stops flushes folding a hot key's operands across it) costs
  // without paying.
  if (db_->GetLatestSequenceNumber() != it_->sequence) return;
  options_.pool->Give(std::move(it_));
}

void RocksKvIterator::SetUpperBound(const KeyRange& range) {
  // The smallest byte string above an inclusive end K is K 00.
  it_->upper = range.end;
  if (range.end_inclusive) it_->upper.push_back('\x00');
  it_->upper_slice = rocksdb::Slice(it_->upper);
}

std::unique_ptr<PooledRocksIterator> RocksKvIterator::Open(const KeyRange& range,
                                                           bool prefix_seek) {
  auto opened = std::make_unique<PooledRocksIterator>();
  opened->prefix_seek = prefix_seek;
  opened->bounded = range.has_end();
  opened->cf = cf_;
  rocksdb::ReadOptions ro;
  ro.snapshot = options_.snapshot;
  ro.fill_cache = options_.fill_cache;
  if (opened->bounded) ro.iterate_upper_bound = &opened->upper_slice;  // Set before each seek.
  if (prefix_seek) {
    ro.prefix_same_as_start = true;
  } else {
    ro.total_order_seek = true;
  }
  if (options_.snapshot != nullptr) {
    opened->sequence = options_.snapshot->GetSequenceNumber();
    opened->snapshot_owner = options_.snapshot_owner;
  }
  // Read before opening: a flush completing in between makes the iterator
  // look older than it is (dropped at Give), never newer.
  if (options_.pool != nullptr) opened->generation = options_.pool->generation();
  opened->it.reset(db_->NewIterator(ro, cf_));
  return opened;
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
  // upper bound it was given is a pointer to it_->upper_slice, read afresh
  // on every seek (RocksDB rechecks the bound on a reseek): a range of the
  // same kind reuses the iterator with a new bound. Opening and closing one
  // per range cost more than the seek itself on short ranges
  // (bench/RESULTS.md, "Iterators kept across ranges and queries"). Without
  // a snapshot each Seek must see the latest state, so it opens a new one.
  const bool reusable = it_ != nullptr && options_.snapshot != nullptr &&
                        it_->prefix_seek == prefix_seek && it_->bounded == bounded;
  if (!reusable) {
    GiveBack();
    it_ = Pooling() ? options_.pool->Take(cf_, options_.snapshot->GetSequenceNumber(), prefix_seek,
                                          bounded)
                    : nullptr;
    if (it_ == nullptr) it_ = Open(range_, prefix_seek);
  }
  if (bounded) SetUpperBound(range_);
  ScanFlagScope flag(&hot_key_met_);
  it_->it->Seek(rocksdb::Slice(range_.start));
  Settle();
}

void RocksKvIterator::Next() {
  ScanFlagScope flag(&hot_key_met_);
  it_->it->Next();
  // Past the first cell no key needs checking: keys only grow from one in
  // the range, and RocksDB stops at iterate_upper_bound, which Seek sets
  // from every range that has an end.
  if (it_->it->Valid()) {
    key_ = View(it_->it->key());
    return;
  }
  Settle();
}

std::string_view RocksKvIterator::value() const { return View(it_->it->value()); }

void RocksKvIterator::Settle() {
  valid_ = false;
  rocksdb::Iterator* it = it_->it.get();
  while (it->Valid()) {
    key_ = View(it->key());
    if (KeyAfterRange(range_, key_)) return;
    if (!KeyBeforeRange(range_, key_)) {
      valid_ = true;
      return;
    }
    it->Next();  // Before the start: an exclusive start.
  }
  // Every range ends here: the message is built only for a failure.
  const rocksdb::Status& rocks_status = it->status();
  status_ = rocks_status.ok() ? Status::OK()
                              : FromRocks(rocks_status, "scanning column family " + cf_->GetName());
}

}  // namespace quarry
