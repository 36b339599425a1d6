// TaskStackCache: scan stacks kept from one query for the next query that
// reads the same column family the same way.
//
// A one-seed GetElements builds two scan stacks (one per group's column
// family: RocksKvIterator, MultiRangeIterator, row and element filters,
// ScanElementIterator) around two short seeks, and tore them down after. In
// callgrind the building and tearing down were about an eighth of such a
// query (bench/RESULTS.md, "Read passes, and a leaner one-seed path"). A
// kept stack is rebound to the new query's snapshot and seeds
// (RocksKvIterator::Rebind, MultiRangeIterator::ResetRanges) and sought
// again: every layer restarts at Seek, as the iterator contract requires.
//
// What is kept: only stacks of the graph's no-view scan template (a view's
// template is built per query, so its stacks could never match), and only
// ones that ended without error and never handed a range to a read-ahead
// thread (a hub's stack would hold that thread while kept). A kept stack
// holds no RocksDB iterator and no snapshot: FinishScan gave them back
// before it was kept. At most kCapacity stacks are kept; the oldest goes.
//
// Thread safety: Take and Give may be called from any thread at once. A
// stack is used by one thread at a time: the one that took it.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

#include "iterators/multi_range_iterator.h"
#include "iterators/read_ahead_kv_iterator.h"
#include "iterators/scan_stack.h"
#include "store-rocks/rocks_kv_iterator.h"

namespace quarry::internal {

// What a stack was built for; a kept stack serves only an equal key.
struct TaskStackKey {
  const ScanTemplate* stack = nullptr;  // The graph's no-view template.
  const void* group = nullptr;          // The group's state (its column families).
  size_t instance = 0;
  size_t read_ahead_cells = 0;  // 0: no read-ahead layer.
  ScanOptions scan;             // source_group included.

  bool Matches(const TaskStackKey& other) const;
};

// A built stack and the layers a new query rebinds.
struct TaskStack {
  TaskStackKey key;
  std::unique_ptr<ScanElementIterator> scan;
  RocksKvIterator* rocks = nullptr;           // The source, owned by `scan`.
  ReadAheadKvIterator* read_ahead = nullptr;  // Null without read-ahead.
  MultiRangeIterator* ranges = nullptr;       // Owned by `scan`.
};

class TaskStackCache {
 public:
  static constexpr size_t kCapacity = 16;

  TaskStackCache() = default;
  TaskStackCache(const TaskStackCache&) = delete;
  TaskStackCache& operator=(const TaskStackCache&) = delete;

  // A kept stack built for `key`, or null.
  std::unique_ptr<TaskStack> Take(const TaskStackKey& key);
  // Ends `stack`'s scan (RocksKvIterator::FinishScan) and keeps it if a later
  // query can use it (see the file comment), else destroys it.
  void Give(std::unique_ptr<TaskStack> stack);
  // Destroys every kept stack (the graph is closing).
  void Clear();
  size_t kept_for_testing();

 private:
  std::mutex mu_;
  std::vector<std::unique_ptr<TaskStack>> idle_;  // Oldest first.
};

// The stream of one task: `stack`'s elements, given back to `cache` (which
// must outlive it) when the stream is destroyed.
std::unique_ptr<ElementIterator> StreamOfKeptStack(std::unique_ptr<TaskStack> stack,
                                                   TaskStackCache* cache);

}  // namespace quarry::internal
