// GuardedRemove: the age-off sweeper's guarded delete. Removes omap keys of
// one object only where the stored value still equals the value the caller
// judged, so a key a writer re-aggregated since it was read is kept.
//
// All the cells go in one OSD op (omap_cmp of every value, then
// omap_rm_keys): the OSD applies it whole or, if any value differs
// (-ECANCELED), not at all; then each cell is retried in an op of its own,
// and the ones whose values changed (or that are gone) are kept.
//
// Thread safety: as librados::IoCtx (any thread).
#pragma once

#include <rados/librados.hpp>
#include <string>
#include <vector>

#include "graph-core/status.h"

namespace quarry::internal {

struct GuardedCell {
  std::string omap_key;
  std::string value;  // The value judged: removed only if still stored.
};

// The number of cells removed. Unavailable / IOError naming `oid` when the
// cluster fails an op (some cells may have been removed then).
Result<uint64_t> GuardedRemove(librados::IoCtx& io, const std::string& oid,
                               const std::vector<GuardedCell>& cells);

}  // namespace quarry::internal
