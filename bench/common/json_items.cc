#include "bench/common/json_items.h"

namespace quarry::bench {

void JsonArrayItemCounter::Feed(std::string_view bytes) {
  for (const char c : bytes) {
    if (in_string_) {
      if (escaped_) {
        escaped_ = false;
      } else if (c == '\\') {
        escaped_ = true;
      } else if (c == '"') {
        in_string_ = false;
      }
      continue;
    }
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
  for (const char c : bytes) {
    if (c == '\n') ++items_;
  }
}

}  // namespace quarry::bench
