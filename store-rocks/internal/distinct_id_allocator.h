// DistinctIdAllocator: the insert ids of non-aggregated groups' keys
// (keypackages/key_format.h), unique across reopenings and crashes.
//
// A high/low allocator: the metadata key quarry.distinct_id_limit records a
// bound below which ids may have been handed out. Ids are handed out from
// memory; when a request would cross the bound, a new bound (a block of
// kBlock ids further) is written to metadata, synced, before the ids are
// used. After a crash the next open starts at the recorded bound, skipping at
// most one block of ids, never reusing one.
//
// Thread safety: Reserve may be called from many threads.
#pragma once

#include <cstdint>
#include <mutex>

#include "graph-core/status.h"
#include "store-rocks/rocks_instance.h"

namespace quarry::internal {

class DistinctIdAllocator {
 public:
  static constexpr uint64_t kBlock = 1u << 20;

  // Reads the recorded bound (0 if absent). REQUIRES: `db` outlives this.
  static Result<std::unique_ptr<DistinctIdAllocator>> Open(RocksInstance* db);

  // Reserves `n` consecutive ids; returns the first.
  Result<uint64_t> Reserve(uint64_t n);

 private:
  DistinctIdAllocator(RocksInstance* db, uint64_t next) : db_(db), next_(next), limit_(next) {}

  RocksInstance* db_;
  std::mutex mu_;
  uint64_t next_;   // Guarded by mu_.
  uint64_t limit_;  // Guarded by mu_; persisted bound.
};

}  // namespace quarry::internal
