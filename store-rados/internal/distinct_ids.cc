#include "store-rados/internal/distinct_ids.h"

#include <cerrno>
#include <charconv>

#include "store-rados/rados_kv_iterator.h"

namespace quarry::internal {

Result<uint64_t> DistinctIds::Reserve(uint64_t n) {
  std::lock_guard<std::mutex> lock(mu_);
  if (limit_ - next_ < n) QUARRY_RETURN_IF_ERROR(TakeBlock(n));
  uint64_t first = next_;
  next_ += n;
  return first;
}

Status DistinctIds::TakeBlock(uint64_t n) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    librados::bufferlist current;
    int r = io_.getxattr(meta_, kDistinctLimitXattr, current);
    if (r < 0) return FromRados(r, "reading " + std::string(kDistinctLimitXattr) + " of " + meta_);
    std::string text = current.to_str();
    uint64_t old_limit = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), old_limit);
    if (ec != std::errc() || end != text.data() + text.size()) {
      return DataLossError(std::string(kDistinctLimitXattr) + " is not a number: " + text);
    }
    uint64_t new_limit = old_limit + std::max(n, kBlock);
    librados::ObjectWriteOperation op;
    librados::bufferlist expected, updated;
    expected.append(text);
    updated.append(std::to_string(new_limit));
    op.cmpxattr(kDistinctLimitXattr, LIBRADOS_CMPXATTR_OP_EQ, expected);
    op.setxattr(kDistinctLimitXattr, updated);
    r = io_.operate(meta_, &op);
    if (r == -ECANCELED) continue;  // Another client took a block first.
    QUARRY_RETURN_IF_ERROR(FromRados(r, "reserving distinct ids"));
    next_ = old_limit;
    limit_ = new_limit;
    return Status::OK();
  }
  return UnavailableError("reserving distinct ids: too many concurrent clients");
}

}  // namespace quarry::internal
