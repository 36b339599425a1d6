// KeyRange: a range of RocksDB keys (Accumulo's Range over our composite
// keys), and MergeOverlapping, which merges the ranges of one scan batch the
// way Accumulo's BatchScanner does (Range.mergeOverlapping), so that a stored
// key/value reached by several seeds of one batch is returned once
// (gaffer-compat.md §9.6).
//
// Keys compare bytewise (unsigned), as RocksDB's default comparator does.
//
// Thread safety: plain values.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace quarry {

struct KeyRange {
  // Lower bound. The empty string with start_inclusive is "from the first key".
  std::string start;
  // Upper bound. EMPTY MEANS UNBOUNDED (no upper limit); end_inclusive is then
  // ignored.
  std::string end;
  bool start_inclusive = true;
  bool end_inclusive = false;

  // [start, end).
  static KeyRange HalfOpen(std::string start, std::string end);
  // Every key that starts with `prefix`. REQUIRES: prefix is not empty and
  // not all 0xFF bytes (our prefixes always end in a byte below 0xFF).
  static KeyRange Prefix(std::string_view prefix);
  // Every key.
  static KeyRange All();

  bool has_end() const { return !end.empty(); }
  // True if `key` lies in the range.
  bool Contains(std::string_view key) const;
  // True if no key can lie in the range.
  bool IsEmpty() const;

  std::string DebugString() const;  // e.g. [61 00, 61 01)

  friend bool operator==(const KeyRange&, const KeyRange&) = default;
};

// Sorts `ranges` by start and merges every pair that overlaps or touches
// (no key lies between them), dropping empty ranges. Afterwards the ranges
// are sorted, pairwise disjoint, and their union is unchanged.
void MergeOverlapping(std::vector<KeyRange>* ranges);

// The smallest key strictly greater than every key with prefix `prefix`:
// the prefix with its last non-0xFF byte incremented and the rest dropped.
// Empty (meaning unbounded) if `prefix` is empty or all 0xFF.
std::string PrefixSuccessor(std::string_view prefix);

// Hex bytes separated by spaces, e.g. "41 00 01", for messages and tests.
std::string HexBytes(std::string_view bytes);

}  // namespace quarry
