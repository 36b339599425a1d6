#include "store-rocks/iterator_pool.h"

#include <utility>

namespace quarry {

std::unique_ptr<PooledRocksIterator> RocksIteratorPool::Take(rocksdb::ColumnFamilyHandle* cf,
                                                             rocksdb::SequenceNumber sequence,
                                                             bool prefix_seek, bool bounded) {
  std::vector<std::unique_ptr<PooledRocksIterator>> stale;  // Destroyed after the lock.
  std::unique_ptr<PooledRocksIterator> found;
  std::lock_guard<std::mutex> lock(mu_);
  size_t kept = 0;  // idle_[0, kept) stay, in order.
  for (auto& entry : idle_) {
    if (entry->sequence < sequence) {
      stale.push_back(std::move(entry));
    } else if (found == nullptr && entry->sequence == sequence && entry->cf == cf &&
               entry->prefix_seek == prefix_seek && entry->bounded == bounded) {
      found = std::move(entry);
    } else {
      idle_[kept++] = std::move(entry);
    }
  }
  idle_.resize(kept);
  return found;
}

void RocksIteratorPool::Give(std::unique_ptr<PooledRocksIterator> it) {
  std::unique_ptr<PooledRocksIterator> dropped;  // Destroyed after the lock.
  std::lock_guard<std::mutex> lock(mu_);
  if (it->generation != generation_.load(std::memory_order_relaxed)) {
    dropped = std::move(it);
    return;
  }
  if (idle_.size() >= kCapacity) {
    dropped = std::move(idle_.front());
    idle_.erase(idle_.begin());
  }
  idle_.push_back(std::move(it));
}

std::shared_ptr<rocksdb::ManagedSnapshot> RocksIteratorPool::LatestSnapshot(rocksdb::DB* db) {
  // Read before the lock: a write landing in between only makes the reused
  // snapshot the state just before it, as if the query had come first.
  const rocksdb::SequenceNumber latest = db->GetLatestSequenceNumber();
  std::shared_ptr<rocksdb::ManagedSnapshot> replaced;  // Released after the lock.
  std::lock_guard<std::mutex> lock(mu_);
  replaced = last_snapshot_.lock();
  if (replaced != nullptr && replaced->snapshot()->GetSequenceNumber() == latest) return replaced;
  auto fresh = std::make_shared<rocksdb::ManagedSnapshot>(db);
  last_snapshot_ = fresh;
  return fresh;
}

void RocksIteratorPool::Clear() {
  std::vector<std::unique_ptr<PooledRocksIterator>> dropped;  // Destroyed after the lock.
  std::lock_guard<std::mutex> lock(mu_);
  generation_.fetch_add(1, std::memory_order_acq_rel);
  dropped.swap(idle_);
}

size_t RocksIteratorPool::idle_for_testing() {
  std::lock_guard<std::mutex> lock(mu_);
  return idle_.size();
}

namespace {

class PoolClearingListener : public rocksdb::EventListener {
 public:
  explicit PoolClearingListener(std::shared_ptr<RocksIteratorPool> pool) : pool_(std::move(pool)) {}
  const char* Name() const override { return "quarry.PoolClearingListener"; }
  void OnFlushCompleted(rocksdb::DB* /*db*/, const rocksdb::FlushJobInfo& /*info*/) override {
    pool_->Clear();
  }
  void OnCompactionCompleted(rocksdb::DB* /*db*/,
                             const rocksdb::CompactionJobInfo& /*info*/) override {
    pool_->Clear();
  }

 private:
  std::shared_ptr<RocksIteratorPool> pool_;
};

}  // namespace

std::shared_ptr<rocksdb::EventListener> NewPoolClearingListener(
    std::shared_ptr<RocksIteratorPool> pool) {
  return std::make_shared<PoolClearingListener>(std::move(pool));
}

}  // namespace quarry
