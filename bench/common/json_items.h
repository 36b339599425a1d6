// Counts the top-level items of a JSON array arriving in pieces (a REST or
// Thrift result), without parsing or holding them: the benchmarks check
// that every system returned as many elements as the embedded store, while
// the client side costs as little as possible.
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
