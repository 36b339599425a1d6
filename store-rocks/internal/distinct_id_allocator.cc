#include "store-rocks/internal/distinct_id_allocator.h"

#include <string>

#include "store-rocks/metadata_format.h"

namespace quarry::internal {

Result<std::unique_ptr<DistinctIdAllocator>> DistinctIdAllocator::Open(RocksInstance* db) {
  uint64_t limit = 0;
  Result<std::string> stored = db->GetMeta(kMetaDistinctIdLimit);
  if (stored.ok()) {
    QUARRY_ASSIGN_OR_RETURN(limit, ParseMetaNumber(kMetaDistinctIdLimit, *stored));
  } else if (stored.status().code() != StatusCode::kNotFound) {
    return stored.status();
  }
  return std::unique_ptr<DistinctIdAllocator>(new DistinctIdAllocator(db, limit));
}

Result<uint64_t> DistinctIdAllocator::Reserve(uint64_t n) {
  std::lock_guard<std::mutex> lock(mu_);
  if (next_ + n > limit_) {
    uint64_t new_limit = next_ + n + kBlock;
    QUARRY_RETURN_IF_ERROR(db_->PutMeta(kMetaDistinctIdLimit, std::to_string(new_limit)));
    limit_ = new_limit;
  }
  uint64_t first = next_;
  next_ += n;
  return first;
}

}  // namespace quarry::internal
