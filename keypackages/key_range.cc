#include "keypackages/key_range.h"

#include <algorithm>
#include <cstdio>
#include <utility>

namespace quarry {
namespace {

// Compares two lower bounds: negative if `a` admits keys `b` does not.
int CompareStarts(const KeyRange& a, const KeyRange& b) {
  int c = a.start.compare(b.start);
  if (c != 0) return c;
  if (a.start_inclusive == b.start_inclusive) return 0;
  return a.start_inclusive ? -1 : 1;
}

// Compares two upper bounds: positive if `a` admits keys `b` does not.
int CompareEnds(const KeyRange& a, const KeyRange& b) {
  if (!a.has_end() || !b.has_end()) {
    if (a.has_end() == b.has_end()) return 0;
    return a.has_end() ? -1 : 1;
  }
  int c = a.end.compare(b.end);
  if (c != 0) return c;
  if (a.end_inclusive == b.end_inclusive) return 0;
  return a.end_inclusive ? 1 : -1;
}

// True if `next` (which starts no earlier than `cur`) overlaps or touches `cur`.
bool Joins(const KeyRange& cur, const KeyRange& next) {
  if (!cur.has_end()) return true;
  int c = next.start.compare(cur.end);
  if (c < 0) return true;
  if (c > 0) return false;
  return cur.end_inclusive || next.start_inclusive;
}

}  // namespace

KeyRange KeyRange::HalfOpen(std::string start, std::string end) {
  KeyRange r;
  r.start = std::move(start);
  r.end = std::move(end);
  r.start_inclusive = true;
  r.end_inclusive = false;
  return r;
}

KeyRange KeyRange::Prefix(std::string_view prefix) {
  return HalfOpen(std::string(prefix), PrefixSuccessor(prefix));
}

KeyRange KeyRange::All() { return HalfOpen(std::string(), std::string()); }

bool KeyRange::Contains(std::string_view key) const {
  int c = key.compare(start);
  if (c < 0 || (c == 0 && !start_inclusive)) return false;
  if (!has_end()) return true;
  c = key.compare(end);
  return c < 0 || (c == 0 && end_inclusive);
}

bool KeyRange::IsEmpty() const {
  if (!has_end()) return false;
  int c = start.compare(end);
  if (c > 0) return true;
  if (c == 0) return !(start_inclusive && end_inclusive);
  // No key lies strictly between s and s + "\0", so (s, s + "\0") is empty.
  return !start_inclusive && !end_inclusive && end.size() == start.size() + 1 &&
         end.back() == '\0' && end.compare(0, start.size(), start) == 0;
}

std::string KeyRange::DebugString() const {
  std::string out = start_inclusive ? "[" : "(";
  out += HexBytes(start);
  out += ", ";
  out += has_end() ? HexBytes(end) : std::string("+inf");
  out += (has_end() && end_inclusive) ? "]" : ")";
  return out;
}

void MergeOverlapping(std::vector<KeyRange>* ranges) {
  std::vector<KeyRange>& v = *ranges;
  v.erase(std::remove_if(v.begin(), v.end(), [](const KeyRange& r) { return r.IsEmpty(); }),
          v.end());
  std::sort(v.begin(), v.end(),
            [](const KeyRange& a, const KeyRange& b) { return CompareStarts(a, b) < 0; });
  size_t out = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    if (out > 0 && Joins(v[out - 1], v[i])) {
      KeyRange& cur = v[out - 1];
      if (CompareEnds(v[i], cur) > 0) {
        cur.end = std::move(v[i].end);
        cur.end_inclusive = v[i].end_inclusive;
      }
      continue;
    }
    if (out != i) v[out] = std::move(v[i]);
    ++out;
  }
  v.resize(out);
}

std::string PrefixSuccessor(std::string_view prefix) {
  std::string s(prefix);
  while (!s.empty() && static_cast<unsigned char>(s.back()) == 0xFF) s.pop_back();
  if (!s.empty()) s.back() = static_cast<char>(static_cast<unsigned char>(s.back()) + 1);
  return s;
}

std::string HexBytes(std::string_view bytes) {
  std::string out;
  char buf[4];
  for (size_t i = 0; i < bytes.size(); ++i) {
    std::snprintf(buf, sizeof(buf), "%02x", static_cast<unsigned char>(bytes[i]));
    if (i > 0) out += ' ';
    out += buf;
  }
  return out;
}

}  // namespace quarry
