// Hot keys (issue 18): how many merge operands a read may meet per key in a
// memtable. Aggregating ingest turns every write of an element into one
// RocksDB merge operand on its key; a key written thousands of times between
// flushes would make every read of it fold thousands of operands. With
// RocksDB's max_successive_merges = N, a write that finds N operands of its
// key at the head of the memtable reads the key (a Get: memtable operands
// folded onto the stored value), applies itself with a full merge and stores
// the result as a whole value, so a read meets at most N memtable operands
// of a key, and the compaction filter sees whole values of hot keys
// (validation, age-off). Flush folds what remains (PartialMergeMulti). The
// write pays one Get and one full merge per N merges of a key
// (bench/RESULTS.md, "Hot keys", measures and chooses N).
//
// Store property (store.properties): quarry.max.successive.merges, an integer
// in [0, 1000000]; 0 turns write-time folding off. Kept in
// StoreProperties::raw (StoreProperties::Parse validates it with
// ParseMaxSuccessiveMerges; ToPropertiesText keeps it).
//
// Thread safety: stateless functions.
#pragma once

#include <string_view>

#include "graph-core/status.h"
#include "store-rocks/store_properties.h"

namespace quarry {

inline constexpr std::string_view kMaxSuccessiveMergesKey = "quarry.max.successive.merges";
// Measured in bench/RESULTS.md ("Hot keys").
inline constexpr int kDefaultMaxSuccessiveMerges = 16;

// The property's value; InvalidArgument naming the key and the bad value.
Result<int> ParseMaxSuccessiveMerges(std::string_view value);

// The bound `p` sets: its quarry.max.successive.merges, or the default when
// absent or (for properties not made by Parse) not a valid value.
int MaxSuccessiveMerges(const StoreProperties& p);

}  // namespace quarry
