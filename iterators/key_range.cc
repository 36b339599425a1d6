#include "iterators/key_range.h"

#include <algorithm>
#include <cstdio>
#include <utility>

namespace quarry {
namespace {

// Orders two start bounds: the one admitting smaller keys first. An unbounded
// start is smallest; at equal keys an inclusive start comes first.
int CompareStarts(const KeyRange& a, const KeyRange& b) {
  if (!a.has_start() || !b.has_start()) {
    return static_cast<int>(a.has_start()) - static_cast<int>(b.has_start());
  }
  int c = a.start().compare(b.start());
  if (c != 0) return c;
  return static_cast<int>(b.start_inclusive()) - static_cast<int>(a.start_inclusive());
}

// Orders two end bounds: the one admitting larger keys last. An unbounded end
// is largest; at equal keys an inclusive end comes last.
int CompareEnds(const KeyRange& a, const KeyRange& b) {
  if (!a.has_end() || !b.has_end()) {
    return static_cast<int>(b.has_end()) - static_cast<int>(a.has_end());
  }
  int c = a.end().compare(b.end());
  if (c != 0) return c;
  return static_cast<int>(a.end_inclusive()) - static_cast<int>(b.end_inclusive());
}

// True when `next` (whose start is not before `cur`'s) overlaps or touches `cur`.
bool OverlapsOrTouches(const KeyRange& cur, const KeyRange& next) {
  if (!cur.has_end() || !next.has_start()) return true;
  int c = next.start().compare(cur.end());
  if (c != 0) return c < 0;
  return next.start_inclusive() || cur.end_inclusive();
}

void AppendEscaped(std::string_view bytes, std::string* out) {
  out->push_back('"');
  for (unsigned char ch : bytes) {
    if (ch >= 0x20 && ch < 0x7f && ch != '"' && ch != '\\') {
      out->push_back(static_cast<char>(ch));
    } else {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\x%02x", ch);
      out->append(buf);
    }
  }
  out->push_back('"');
}

}  // namespace

KeyRange::KeyRange(std::string start, bool start_inclusive, std::string end, bool end_inclusive)
    : start_(std::move(start)),
      end_(std::move(end)),
      has_start_(true),
      has_end_(true),
      start_inclusive_(start_inclusive),
      end_inclusive_(end_inclusive) {}

KeyRange KeyRange::Closed(std::string start, std::string end) {
  return KeyRange(std::move(start), true, std::move(end), true);
}

KeyRange KeyRange::HalfOpen(std::string start, std::string end) {
  return KeyRange(std::move(start), true, std::move(end), false);
}

KeyRange KeyRange::Exact(std::string key) {
  std::string end = key;
  return KeyRange(std::move(key), true, std::move(end), true);
}

KeyRange KeyRange::AtLeast(std::string start, bool inclusive) {
  KeyRange r;
  r.start_ = std::move(start);
  r.has_start_ = true;
  r.start_inclusive_ = inclusive;
  return r;
}

KeyRange KeyRange::AtMost(std::string end, bool inclusive) {
  KeyRange r;
  r.end_ = std::move(end);
  r.has_end_ = true;
  r.end_inclusive_ = inclusive;
  return r;
}

KeyRange KeyRange::Prefix(std::string_view prefix) {
  std::string end;
  if (!PrefixSuccessor(prefix, &end)) return AtLeast(std::string(prefix));
  return HalfOpen(std::string(prefix), std::move(end));
}

bool KeyRange::BeforeStart(std::string_view key) const {
  if (!has_start_) return false;
  int c = key.compare(start_);
  return c < 0 || (c == 0 && !start_inclusive_);
}

bool KeyRange::AfterEnd(std::string_view key) const {
  if (!has_end_) return false;
  int c = key.compare(end_);
  return c > 0 || (c == 0 && !end_inclusive_);
}

bool KeyRange::IsEmpty() const {
  if (!has_end_) return false;
  if (!has_start_) return end_.empty() && !end_inclusive_;
  int c = start_.compare(end_);
  if (c > 0) return true;
  if (c == 0) return !(start_inclusive_ && end_inclusive_);
  if (start_inclusive_ || end_inclusive_) return false;
  // (k, k"\0"): nothing lies strictly between a key and its immediate successor.
  return end_.size() == start_.size() + 1 && end_.back() == '\0' &&
         end_.compare(0, start_.size(), start_) == 0;
}

KeyRange KeyRange::Intersect(const KeyRange& a, const KeyRange& b) {
  return Span(CompareStarts(a, b) >= 0 ? a : b, CompareEnds(a, b) <= 0 ? a : b);
}

KeyRange KeyRange::Span(const KeyRange& s, const KeyRange& e) {
  KeyRange r;
  r.has_start_ = s.has_start_;
  r.start_ = s.start_;
  r.start_inclusive_ = s.start_inclusive_;
  r.has_end_ = e.has_end_;
  r.end_ = e.end_;
  r.end_inclusive_ = e.end_inclusive_;
  return r;
}

std::string KeyRange::ToString() const {
  std::string out;
  if (has_start_) {
    out.push_back(start_inclusive_ ? '[' : '(');
    AppendEscaped(start_, &out);
  } else {
    out.append("(-inf");
  }
  out.append(", ");
  if (has_end_) {
    AppendEscaped(end_, &out);
    out.push_back(end_inclusive_ ? ']' : ')');
  } else {
    out.append("+inf)");
  }
  return out;
}

bool operator==(const KeyRange& a, const KeyRange& b) {
  return CompareStarts(a, b) == 0 && CompareEnds(a, b) == 0;
}

bool PrefixSuccessor(std::string_view prefix, std::string* out) {
  size_t n = prefix.size();
  while (n > 0 && static_cast<unsigned char>(prefix[n - 1]) == 0xff) --n;
  if (n == 0) return false;
  out->assign(prefix.data(), n);
  (*out)[n - 1] = static_cast<char>(static_cast<unsigned char>((*out)[n - 1]) + 1);
  return true;
}

std::string ImmediateSuccessor(std::string_view key) {
  std::string out(key);
  out.push_back('\0');
  return out;
}

void MergeOverlapping(std::vector<KeyRange>* ranges) {
  std::erase_if(*ranges, [](const KeyRange& r) { return r.IsEmpty(); });
  std::sort(ranges->begin(), ranges->end(), [](const KeyRange& a, const KeyRange& b) {
    int c = CompareStarts(a, b);
    return c != 0 ? c < 0 : CompareEnds(a, b) < 0;
  });
  size_t out = 0;
  for (size_t i = 0; i < ranges->size(); ++i) {
    KeyRange& next = (*ranges)[i];
    if (out > 0 && OverlapsOrTouches((*ranges)[out - 1], next)) {
      KeyRange& cur = (*ranges)[out - 1];
      if (CompareEnds(next, cur) > 0) cur = KeyRange::Span(cur, next);
      continue;
    }
    if (out != i) (*ranges)[out] = std::move(next);
    ++out;
  }
  ranges->resize(out);
}

}  // namespace quarry
