// KeyRange: a contiguous interval of keys under the bytewise order (the order
// RocksDB's default comparator and std::string's operator< agree on), in the
// manner of Accumulo's Range. Either end may be unbounded; a bounded end is
// inclusive or exclusive. Key-packages produce these for seeds; iterators are
// seeked with them.
//
// A range may be empty (start after end, or [k, k) and the like): it then
// contains no key. Empty ranges are legal values; MergeOverlapping drops them.
//
// Thread safety: a plain value; distinct objects may be used from different
// threads freely.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace quarry {

class KeyRange {
 public:
  // The range of all keys (both ends unbounded).
  KeyRange() = default;

  // The range from `start` to `end` with the given inclusivity.
  KeyRange(std::string start, bool start_inclusive, std::string end, bool end_inclusive);

  static KeyRange All() { return KeyRange(); }
  // [start, end].
  static KeyRange Closed(std::string start, std::string end);
  // [start, end).
  static KeyRange HalfOpen(std::string start, std::string end);
  // Exactly one key: [key, key].
  static KeyRange Exact(std::string key);
  // Keys from `start` on: [start, +inf) or (start, +inf).
  static KeyRange AtLeast(std::string start, bool inclusive = true);
  // Keys up to `end`: (-inf, end] or (-inf, end).
  static KeyRange AtMost(std::string end, bool inclusive = true);
  // Every key that begins with `prefix`: [prefix, PrefixSuccessor(prefix)),
  // or [prefix, +inf) when no successor exists (prefix empty or all 0xff).
  static KeyRange Prefix(std::string_view prefix);

  bool has_start() const { return has_start_; }
  bool has_end() const { return has_end_; }
  // REQUIRES: has_start() / has_end() respectively for the values to mean anything.
  const std::string& start() const { return start_; }
  const std::string& end() const { return end_; }
  bool start_inclusive() const { return start_inclusive_; }
  bool end_inclusive() const { return end_inclusive_; }

  // True when `key` sorts before the start bound (so is not in the range).
  bool BeforeStart(std::string_view key) const;
  // True when `key` sorts after the end bound (so is not in the range).
  bool AfterEnd(std::string_view key) const;
  bool Contains(std::string_view key) const { return !BeforeStart(key) && !AfterEnd(key); }

  // True when no key at all lies in the range. Knows that no key lies strictly
  // between k and k+"\0", so (k, k"\0") is empty too.
  bool IsEmpty() const;

  // The keys in both ranges (possibly an empty range).
  static KeyRange Intersect(const KeyRange& a, const KeyRange& b);
  // The start bound of `from` with the end bound of `to`.
  static KeyRange Span(const KeyRange& from, const KeyRange& to);

  // Debug form, e.g. ["a\x00", "b") or (-inf, "z"]. Non-printable bytes are
  // written as \xNN.
  std::string ToString() const;

  friend bool operator==(const KeyRange& a, const KeyRange& b);

 private:
  std::string start_;
  std::string end_;
  bool has_start_ = false;
  bool has_end_ = false;
  bool start_inclusive_ = true;
  bool end_inclusive_ = false;
};

// The smallest key greater than every key that has `prefix` as a prefix:
// `prefix` with trailing 0xff bytes removed and its last byte incremented.
// Returns false (and leaves *out unchanged) when there is none: `prefix` is
// empty or all 0xff.
bool PrefixSuccessor(std::string_view prefix, std::string* out);

// The key that immediately follows `key` in bytewise order: key + "\0".
std::string ImmediateSuccessor(std::string_view key);

// Sorts `ranges` by start and merges every pair that overlaps or touches
// (Accumulo's Range.mergeOverlapping): [a, c] + [b, d] -> [a, d] when b <= c;
// [a, b) + [b, c] -> [a, c]; [a, b] + (b, c] -> [a, c]; but [a, b) + (b, c]
// stay apart since b is in neither. Empty ranges are dropped. Afterwards the
// ranges are sorted, disjoint and non-adjacent, and cover exactly the keys the
// input covered.
void MergeOverlapping(std::vector<KeyRange>* ranges);

}  // namespace quarry
