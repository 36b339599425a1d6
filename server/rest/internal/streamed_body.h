// The bytes of a streamed (chunked transfer encoding) REST response body,
// built a page of cursor items at a time so that nothing but the current
// page is ever held:
//   kResult:       one JSON array across the pages: "[" a "," b ... "]", one
//                  HTTP chunk per page;
//   kChunkedItems: one HTTP chunk per item, its JSON followed by "\r\n"
//                  (Gaffer's /graph/operations/execute/chunked).
// A zero-length chunk ends a chunked body, so none is ever written before
// AppendEnd.
//
// Thread safety: one encoder per response, used by one thread at a time.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "graph-core/json_value.h"

namespace quarry::rest_internal {

// Gaffer JSON text; invalid UTF-8 in a string is replaced, never thrown.
std::string DumpJson(const Json& json);

// Appends one chunk ("<hex size>\r\n<data>\r\n"). REQUIRES: !data.empty().
void AppendChunk(std::string_view data, std::string* out);

class StreamedBodyEncoder {
 public:
  // `one_chunk_per_item`: kChunkedItems; otherwise a JSON array (kResult).
  explicit StreamedBodyEncoder(bool one_chunk_per_item) : per_item_(one_chunk_per_item) {}

  // Appends the chunks carrying `items` (none for an empty page).
  void AppendPage(const std::vector<Json>& items, std::string* out);
  // Appends what closes the body: "]" (or "[]" when no item came) for an
  // array, then the last chunk "0\r\n\r\n".
  void AppendEnd(std::string* out);

 private:
  bool per_item_;
  bool any_item_ = false;
};

}  // namespace quarry::rest_internal
