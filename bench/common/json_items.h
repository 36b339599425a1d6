// Counts the top-level items of a JSON array arriving in pieces (a REST or
// Thrift result), without parsing or holding them: the benchmarks check
// that every system returned as many elements as the embedded store, while
// the client side costs as little as possible.
//
// Inside an item (two levels deep or more) the counter reads 64 bytes at a
// time: quotes, brackets and braces become bit masks, the bytes inside
// strings are found by a prefix XOR of the quote mask, and only the
// brackets outside strings are visited one by one. Blocks holding a
// backslash, and the bytes between items, go byte by byte. Both ways count
// the same (json_items_test feeds random arrays in random pieces).
//
// Thread safety: one counter per response.
#pragma once

#include <cstdint>
#include <string_view>

namespace quarry::bench {

class JsonArrayItemCounter {
 public:
  void Feed(std::string_view bytes);
  // Items seen so far (complete once the array closed).
  int64_t items() const { return items_; }
  // True once the top-level array's closing ']' arrived.
  bool closed() const { return closed_; }

 private:
  // Reads [p, limit) a byte at a time; returns limit.
  const char* Bytewise(const char* p, const char* limit);
  // Reads the 64 bytes at p as bit masks. REQUIRES: depth_ >= 2, !escaped_.
  // Returns where it stopped: p + 64, just after a bracket that closed an
  // item (depth 1: the bytes between items go bytewise), or p itself when
  // the block holds a backslash.
  const char* Block(const char* p);

  int depth_ = 0;
  bool in_string_ = false;
  bool escaped_ = false;
  bool item_open_ = false;  // A top-level item has started since the last ','.
  bool closed_ = false;
  int64_t items_ = 0;
};

// Counts the items of /graph/operations/execute/chunked: each is one JSON
// text followed by CRLF (a raw newline cannot occur inside JSON text).
class LineItemCounter {
 public:
  void Feed(std::string_view bytes);
  int64_t items() const { return items_; }

 private:
  int64_t items_ = 0;
};

}  // namespace quarry::bench
