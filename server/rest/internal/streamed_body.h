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
// HTTP/1.0 has no chunked transfer encoding (RFC 9112 7.1: a server must not
// send it to a 1.0 client): for a 1.0 request the same bytes go out
// unframed (kUntilClose) and the connection's close ends the body.
//
// Thread safety: one encoder per response, used by one thread at a time.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "graph-core/json_value.h"
#include "operations/json_text_page.h"

namespace quarry::rest_internal {

// Gaffer JSON text; invalid UTF-8 in a string is replaced, never thrown.
std::string DumpJson(const Json& json);

// Appends one chunk ("<hex size>\r\n<data>\r\n"). REQUIRES: !data.empty().
void AppendChunk(std::string_view data, std::string* out);

// How a streamed body is delimited on the wire.
enum class BodyFraming {
  kChunked,     // HTTP/1.1: chunked transfer encoding.
  kUntilClose,  // HTTP/1.0: raw bytes, ended by closing the connection.
};

class StreamedBodyEncoder {
 public:
  // `one_chunk_per_item`: kChunkedItems; otherwise a JSON array (kResult).
  explicit StreamedBodyEncoder(bool one_chunk_per_item, BodyFraming framing = BodyFraming::kChunked)
      : per_item_(one_chunk_per_item), framing_(framing) {}

  // Appends the chunks carrying the page's items, already Gaffer JSON text
  // (none for an empty page).
  void AppendPage(const JsonTextPage& items, std::string* out);
  // Appends what closes the body: "]" (or "[]" when no item came) for an
  // array, then (kChunked) the last chunk "0\r\n\r\n".
  void AppendEnd(std::string* out);

  // A page buffer for the caller to read the cursor's pages into, kept with
  // the encoder so that every page of a response reuses its capacity.
  JsonTextPage* page_buffer() { return &page_buffer_; }

 private:
  void Emit(std::string_view data, std::string* out) const;
  void EmitItemLine(std::string_view item, std::string* out) const;

  bool per_item_;
  BodyFraming framing_;
  bool any_item_ = false;
  JsonTextPage page_buffer_;
};

}  // namespace quarry::rest_internal
