// The order in which a write's cells reach RocksDB's memtables: by group
// (column family), then by key, equal keys in arrival order (their operand
// order, which the fold and the merge operator depend on).
//
// Sorted cells let a memtable insert start from the previous insert's place
// in the skip list (the column families' memtable_insert_with_hint_prefix_
// extractor, store-rocks/rocks_instance.cc), so a sorted batch costs a few
// comparisons a cell instead of a search from the top.
//
// Thread safety: pure functions.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace quarry::internal {

struct WriteOrderEntry {
  uint64_t head = 0;            // KeyHead(key).
  const void* group = nullptr;  // Groups are ordered by address: any fixed order serves.
  std::string_view key;         // Borrowed from the cell.
  uint32_t index = 0;           // Arrival position: breaks ties.
};

// The first 8 bytes of `key`, zero-padded, as a number that orders as the
// bytes do: KeyHead(a) < KeyHead(b) implies a < b, and a < b implies
// KeyHead(a) <= KeyHead(b) (bytes compared unsigned, as RocksDB does).
uint64_t KeyHead(std::string_view key);

// An entry for the cell at `index`.
WriteOrderEntry MakeWriteOrderEntry(const void* group, std::string_view key, uint32_t index);

// Sorts by (group, key, index). Most comparisons end at the heads, without
// reading the keys' bytes; equal heads compare the keys themselves.
void SortWriteOrder(std::vector<WriteOrderEntry>* entries);

}  // namespace quarry::internal
