#include "store-rados/internal/guarded_remove.h"

#include <cerrno>
#include <set>

#include "store-rados/rados_kv_iterator.h"

namespace quarry::internal {

Result<uint64_t> GuardedRemove(librados::IoCtx& io, const std::string& oid,
                               const std::vector<GuardedCell>& cells) {
  auto attempt = [&](size_t begin, size_t end) -> int {
    librados::ObjectWriteOperation op;
    std::map<std::string, std::pair<librados::bufferlist, int>> expected;
    std::set<std::string> keys;
    for (size_t i = begin; i < end; ++i) {
      librados::bufferlist bl;
      bl.append(cells[i].value.data(), cells[i].value.size());
      expected.emplace(cells[i].omap_key, std::make_pair(std::move(bl), LIBRADOS_CMPXATTR_OP_EQ));
      keys.insert(cells[i].omap_key);
    }
    int compared = 0;
    op.omap_cmp(expected, &compared);
    op.omap_rm_keys(keys);
    return io.operate(oid, &op);
  };
  int r = attempt(0, cells.size());
  if (r >= 0) return static_cast<uint64_t>(cells.size());
  if (r != -ECANCELED) return FromRados(r, "removing aged-off cells from " + oid);
  uint64_t removed = 0;
  for (size_t i = 0; i < cells.size(); ++i) {
    r = attempt(i, i + 1);
    if (r == -ECANCELED) continue;  // Rewritten since it was judged: kept.
    QUARRY_RETURN_IF_ERROR(FromRados(r, "removing an aged-off cell from " + oid));
    ++removed;
  }
  return removed;
}

}  // namespace quarry::internal
