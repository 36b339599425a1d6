// The persisted byte format of stored keys in NON-AGGREGATED groups
// (aggregate: false), distinct key format version 1.
//
// Gaffer keeps every insert of a non-aggregated group by giving each a random
// Accumulo timestamp (gaffer-compat.md §4.2, §9.10). Quarry's keys hold no
// timestamp, so the store appends a suffix that makes each insert its own
// RocksDB key:
//
//   stored key = key_package_key 00 id
//
// where key_package_key is keypackages/key_format.h's key and id is a
// unique 8-byte big-endian unsigned integer (allocated per graph, increasing
// in write order; store-rocks/internal/distinct_id_allocator.h). The 00
// separator keeps the stored order equal to the order of the key-package keys
// (00 sorts below every byte that can continue an escaped key), so one
// logical key's inserts are adjacent, oldest first.
//
// The key-package's key format has no slot for this suffix (its Decode
// refuses trailing bytes), so the store strips it before a key reaches the
// key-package or the scan stack: column families of non-aggregated groups
// are read through StripDistinctSuffix. Aggregated groups store the
// key-package key unchanged.
//
// Thread safety: free functions over immutable bytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "graph-core/status.h"

namespace quarry {

inline constexpr uint32_t kDistinctKeyFormatVersion = 1;
inline constexpr size_t kDistinctSuffixBytes = 9;  // 00 + 8-byte id.

// Appends `00 id` (big-endian) to `key`.
void AppendDistinctSuffix(uint64_t id, std::string* key);

// The key-package key of a stored non-aggregated key (a prefix of `stored`).
// DataLoss if `stored` is too short or lacks the 00 separator.
Result<std::string_view> StripDistinctSuffix(std::string_view stored);

// The id of a stored non-aggregated key. Errors as StripDistinctSuffix.
Result<uint64_t> DistinctId(std::string_view stored);

}  // namespace quarry
