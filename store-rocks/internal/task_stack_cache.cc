#include "store-rocks/internal/task_stack_cache.h"

#include <utility>

namespace quarry::internal {
namespace {

bool SameSeedOptions(const SeedOptions& a, const SeedOptions& b) {
  return a.include_entities == b.include_entities && a.include_edges == b.include_edges &&
         a.include_incoming_outgoing == b.include_incoming_outgoing &&
         a.directed_type == b.directed_type && a.seed_matching_equal == b.seed_matching_equal;
}

bool SameScanOptions(const ScanOptions& a, const ScanOptions& b) {
  return a.kind == b.kind && SameSeedOptions(a.seed_options, b.seed_options) &&
         a.validate == b.validate && a.matched_vertex == b.matched_vertex &&
         a.visibility_cache_capacity == b.visibility_cache_capacity &&
         a.source_group == b.source_group && a.auths.values() == b.auths.values();
}

// Forwards to a kept stack's ScanElementIterator and gives the stack back
// when destroyed.
class KeptStackStream final : public ElementIterator {
 public:
  KeptStackStream(std::unique_ptr<TaskStack> stack, TaskStackCache* cache)
      : stack_(std::move(stack)), scan_(stack_->scan.get()), cache_(cache) {}
  ~KeptStackStream() override { cache_->Give(std::move(stack_)); }

  bool Valid() const override { return scan_->Valid(); }
  void Next() override { scan_->Next(); }
  const Element& element() const override { return scan_->element(); }
  Status status() const override { return scan_->status(); }

 private:
  std::unique_ptr<TaskStack> stack_;
  ScanElementIterator* scan_;  // stack_->scan, read per element.
  TaskStackCache* cache_;
};

}  // namespace

bool TaskStackKey::Matches(const TaskStackKey& other) const {
  return stack == other.stack && group == other.group && instance == other.instance &&
         read_ahead_cells == other.read_ahead_cells && SameScanOptions(scan, other.scan);
}

std::unique_ptr<TaskStack> TaskStackCache::Take(const TaskStackKey& key) {
  std::lock_guard<std::mutex> lock(mu_);
  // Newest first: the stack the last query of this kind gave back.
  for (size_t i = idle_.size(); i-- > 0;) {
    if (idle_[i]->key.Matches(key)) {
      std::unique_ptr<TaskStack> found = std::move(idle_[i]);
      idle_.erase(idle_.begin() + static_cast<std::ptrdiff_t>(i));
      return found;
    }
  }
  return nullptr;
}

void TaskStackCache::Give(std::unique_ptr<TaskStack> stack) {
  // The scan ends here, on the thread that read it, whether or not the
  // stack is kept: the hot-key judgement is made and the RocksDB iterator
  // and snapshot are let go.
  const bool keep = stack->scan->status().ok() &&
                    (stack->read_ahead == nullptr || !stack->read_ahead->has_read_ahead());
  stack->rocks->FinishScan();
  if (!keep) return;
  std::unique_ptr<TaskStack> dropped;  // Destroyed after the lock.
  std::lock_guard<std::mutex> lock(mu_);
  if (idle_.size() >= kCapacity) {
    dropped = std::move(idle_.front());
    idle_.erase(idle_.begin());
  }
  idle_.push_back(std::move(stack));
}

void TaskStackCache::Clear() {
  std::vector<std::unique_ptr<TaskStack>> dropped;  // Destroyed after the lock.
  std::lock_guard<std::mutex> lock(mu_);
  dropped.swap(idle_);
}

size_t TaskStackCache::kept_for_testing() {
  std::lock_guard<std::mutex> lock(mu_);
  return idle_.size();
}

std::unique_ptr<ElementIterator> StreamOfKeptStack(std::unique_ptr<TaskStack> stack,
                                                   TaskStackCache* cache) {
  return std::make_unique<KeptStackStream>(std::move(stack), cache);
}

}  // namespace quarry::internal
