// Turns what the API returned into what the transport writes, on a worker
// thread (cursor pages block on the store):
// * kFixed: as is;
// * kResult of shape kNone: the cursor is drained (the operation runs) and
//   the body is empty; of shape kSingle: the value itself as a fixed body;
// * kResult of shape kItems and kChunkedItems: streamed. The first page is
//   read here, before anything is written, so that a failing operation is
//   still a Gaffer error body with HttpStatusFor's status; later pages come
//   from EncodeNextPage, one at a time.
//
// Thread safety: a PreparedResponse is used by one thread at a time.
#pragma once

#include <memory>
#include <string>

#include "server/rest/http_server.h"
#include "server/rest/internal/streamed_body.h"

namespace quarry::rest_internal {

struct PreparedResponse {
  RestResponse response;  // kFixed unless `streamed`; then `response.cursor` is set.
  bool streamed = false;
  std::unique_ptr<StreamedBodyEncoder> encoder;  // Set when streamed.
  std::string first_bytes;                       // The first page's chunks.
  bool complete = false;                         // first_bytes ends the body.
};

// Calls `handler` (an exception becomes a 500 Gaffer error) and prepares
// its response; a streamed body is framed as `framing` says.
PreparedResponse PrepareResponse(const RestHandler& handler, const RestRequest& request,
                                 size_t page_items, BodyFraming framing = BodyFraming::kChunked);

// Prepares a response already obtained (what PrepareResponse does after the
// call).
PreparedResponse PrepareResponse(RestResponse response, size_t page_items,
                                 BodyFraming framing = BodyFraming::kChunked);

// The next page's bytes; `*complete` is set when they end the body.
// Errors are the cursor's.
Result<std::string> EncodeNextPage(ResultCursor* cursor, StreamedBodyEncoder* encoder,
                                   size_t page_items, bool* complete);

}  // namespace quarry::rest_internal
