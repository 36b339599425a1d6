#include "bench/common/json_items.h"

#include <cstring>

namespace quarry::bench {

void JsonArrayItemCounter::Feed(std::string_view bytes) {
  const char* p = bytes.data();
  const char* const end = p + bytes.size();
  while (p < end) {
    if (in_string_) {
      if (escaped_) {
        escaped_ = false;
        ++p;
        continue;
      }
      // Most of a result's bytes are string contents: skip them in a tight
      // loop, so that the client costs the server as little CPU as it can.
      while (p < end && *p != '"' && *p != '\\') ++p;
      if (p == end) break;
      if (*p == '\\') {
        escaped_ = true;
      } else {
        in_string_ = false;
      }
      ++p;
      continue;
    }
    const char c = *p++;
    switch (c) {
      case '"':
        in_string_ = true;
        break;
      case '[':
      case '{':
        ++depth_;
        break;
      case ']':
      case '}':
        if (--depth_ == 0) {
          closed_ = true;
          if (item_open_) ++items_;
          item_open_ = false;
          continue;
        }
        break;
      case ',':
        if (depth_ == 1 && item_open_) {
          ++items_;
          item_open_ = false;
          continue;
        }
        break;
      case ' ':
      case '\n':
      case '\r':
      case '\t':
        continue;
      default:
        break;
    }
    // Any other byte inside the top-level array starts (or continues) an item.
    if (depth_ >= 1 && !(depth_ == 1 && c == '[')) item_open_ = true;
  }
}

void LineItemCounter::Feed(std::string_view bytes) {
  const char* p = bytes.data();
  const char* const end = p + bytes.size();
  while ((p = static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(end - p)))) !=
         nullptr) {
    ++items_;
    ++p;
  }
}

}  // namespace quarry::bench
