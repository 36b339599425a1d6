// Opening a key format 1 graph: its non-aggregated groups' keys are
// rewritten to key format 2 (keypackages/key_format.h, "Version 1").
//
// Version 1 stored each insert of a non-aggregated group as `key 00 id`
// (8-byte big-endian id); version 2 stores it as `key 00 01 03 id`, the
// insert id the key format owns. Aggregated groups' keys are the same in
// both versions. RocksGraph::Open rewrites every version 1 key of every
// non-aggregated column family in every instance, then records key format
// 2 in the metadata. Each batch (a Put of the new key and a Delete of the
// old, per key) is synced before the metadata changes, and a version 2 key
// is never mistaken for a version 1 one (their 9th-last bytes are 03 and
// 00), so a rewrite cut short by a crash is finished by the next Open.
//
// Thread safety: REQUIRES that nothing else writes the column family while
// it is rewritten (Open runs it before the graph is handed out).
#pragma once

#include <rocksdb/db.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "graph-core/status.h"
#include "store-rocks/rocks_instance.h"

namespace quarry::internal {

// True if `stored` has the form of a version 1 non-aggregated key: at least
// 10 bytes (a 00 inside the key, then 00 and the 8-byte id) with 00 as its
// 9th-last byte.
bool IsKeyFormat1InsertKey(std::string_view stored);

// The version 2 key of the version 1 key `stored`: the key before its
// `00 id` suffix, then the insert id (AppendInsertId). REQUIRES:
// IsKeyFormat1InsertKey(stored).
std::string KeyFormat2InsertKey(std::string_view stored);

// Rewrites every version 1 key in `cf` (a non-aggregated group's column
// family of `db`), keeping values; adds the number rewritten to *rewritten.
// DataLoss naming the column family if a key is of neither version.
Status RewriteKeyFormat1Keys(RocksInstance* db, rocksdb::ColumnFamilyHandle* cf,
                             uint64_t* rewritten);

}  // namespace quarry::internal
