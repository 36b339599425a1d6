// What the scan stack needs on top of keypackages' KeyRange (the range type
// key-packages produce for seeds): bound tests, intersection, and the range
// to re-seek with after a returned key.
//
// Reminder of KeyRange's encoding: `start` is always a bound (the empty
// string, inclusive, is "from the first key"); an empty `end` is unbounded.
//
// Thread safety: pure functions.
#pragma once

#include <string>
#include <string_view>

#include "keypackages/key_range.h"

namespace quarry {

// True when `key` sorts before the range's start bound.
bool KeyBeforeRange(const KeyRange& range, std::string_view key);

// True when `key` sorts after the range's end bound (never when unbounded).
bool KeyAfterRange(const KeyRange& range, std::string_view key);

// The keys in both ranges (possibly an empty range).
KeyRange IntersectRanges(const KeyRange& a, const KeyRange& b);

// Every key from `start` on: [start, +inf) or (start, +inf).
KeyRange RangeFrom(std::string start, bool inclusive = true);

// [start, end].
KeyRange ClosedRange(std::string start, std::string end);

// Exactly `key`: [key, key]. REQUIRES: !key.empty() (an empty end means
// unbounded).
KeyRange ExactRange(std::string key);

// What is left of `range` after `key`: (key, range's end). The range to
// re-seek with to resume a scan after the cell with key `key`.
KeyRange RangeResumingAfter(const KeyRange& range, std::string_view key);

}  // namespace quarry
