#include "iterators/key_range_ops.h"

#include <utility>

namespace quarry {

bool KeyBeforeRange(const KeyRange& range, std::string_view key) {
  int c = key.compare(range.start);
  return c < 0 || (c == 0 && !range.start_inclusive);
}

bool KeyAfterRange(const KeyRange& range, std::string_view key) {
  if (!range.has_end()) return false;
  int c = key.compare(range.end);
  return c > 0 || (c == 0 && !range.end_inclusive);
}

KeyRange IntersectRanges(const KeyRange& a, const KeyRange& b) {
  KeyRange r;
  // The later start; at equal keys the exclusive one.
  int c = a.start.compare(b.start);
  const KeyRange& s = c > 0 || (c == 0 && !a.start_inclusive) ? a : b;
  r.start = s.start;
  r.start_inclusive = s.start_inclusive;
  // The earlier end; an unbounded end loses; at equal keys the exclusive one.
  const KeyRange* e;
  if (!a.has_end() || !b.has_end()) {
    e = a.has_end() ? &a : &b;
  } else {
    c = a.end.compare(b.end);
    e = c < 0 || (c == 0 && !a.end_inclusive) ? &a : &b;
  }
  r.end = e->end;
  r.end_inclusive = e->end_inclusive;
  return r;
}

KeyRange RangeFrom(std::string start, bool inclusive) {
  KeyRange r;
  r.start = std::move(start);
  r.start_inclusive = inclusive;
  return r;
}

KeyRange ClosedRange(std::string start, std::string end) {
  KeyRange r;
  r.start = std::move(start);
  r.end = std::move(end);
  r.start_inclusive = true;
  r.end_inclusive = true;
  return r;
}

KeyRange ExactRange(std::string key) {
  std::string end = key;
  return ClosedRange(std::move(key), std::move(end));
}

KeyRange RangeResumingAfter(const KeyRange& range, std::string_view key) {
  KeyRange r = range;
  r.start.assign(key);
  r.start_inclusive = false;
  return r;
}

}  // namespace quarry
