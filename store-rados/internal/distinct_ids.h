// DistinctIds: unique ids for the distinct suffix of non-aggregated keys in
// a RADOS graph, unique across every client of the graph and every restart.
//
// A high/low allocator over the metadata object's xattr
// quarry.distinct_limit (decimal, "0" at create): a client takes a block of kBlock ids by
// raising the limit with a compare-and-set (cmpxattr on the value it read,
// then setxattr, in one write op; retried on a lost race) and hands ids out
// from memory. A crashed client loses the rest of its block, never reuses
// an id.
//
// Thread safety: Reserve may be called from many threads.
#pragma once

#include <cstdint>
#include <mutex>
#include <rados/librados.hpp>
#include <string>

#include "graph-core/status.h"

namespace quarry::internal {

inline constexpr char kDistinctLimitXattr[] = "quarry.distinct_limit";

class DistinctIds {
 public:
  static constexpr uint64_t kBlock = 1u << 20;

  DistinctIds(librados::IoCtx io, std::string meta_object)
      : io_(std::move(io)), meta_(std::move(meta_object)) {}

  // Reserves `n` consecutive ids; returns the first.
  Result<uint64_t> Reserve(uint64_t n);

 private:
  // Takes a block of at least `n` ids from the metadata object.
  Status TakeBlock(uint64_t n);

  librados::IoCtx io_;
  std::string meta_;
  std::mutex mu_;
  uint64_t next_ = 0;   // Guarded by mu_.
  uint64_t limit_ = 0;  // Guarded by mu_; next_ == limit_: no ids in hand.
};

}  // namespace quarry::internal
