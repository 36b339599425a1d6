#include "server/rest/internal/streamed_body.h"

namespace quarry::rest_internal {

std::string DumpJson(const Json& json) {
  return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

namespace {

// "<hex size>\r\n", the head of a chunk of `size` bytes. A hand-written
// formatter: chunked results write one per item.
void AppendChunkHead(size_t size, std::string* out) {
  char digits[2 * sizeof(size_t) + 2];
  char* end = digits + sizeof(digits);
  char* p = end;
  *--p = '\n';
  *--p = '\r';
  do {
    *--p = "0123456789abcdef"[size & 0xf];
    size >>= 4;
  } while (size != 0);
  out->append(p, static_cast<size_t>(end - p));
}

}  // namespace

void AppendChunk(std::string_view data, std::string* out) {
  AppendChunkHead(data.size(), out);
  out->append(data);
  out->append("\r\n");
}

void StreamedBodyEncoder::Emit(std::string_view data, std::string* out) const {
  if (framing_ == BodyFraming::kChunked) return AppendChunk(data, out);
  out->append(data);
}

// One item followed by "\r\n", as a chunk of its own when chunked,
// written straight into `out`.
void StreamedBodyEncoder::EmitItemLine(std::string_view item, std::string* out) const {
  if (framing_ == BodyFraming::kChunked) AppendChunkHead(item.size() + 2, out);
  out->append(item);
  out->append("\r\n");
  if (framing_ == BodyFraming::kChunked) out->append("\r\n");
}

void StreamedBodyEncoder::AppendPage(const JsonTextPage& items, std::string* out) {
  if (items.empty()) return;
  if (per_item_) {
    out->reserve(out->size() + items.joined_items().size() + items.size() * 12);
    for (size_t i = 0; i < items.size(); ++i) EmitItemLine(items.item(i), out);
    any_item_ = true;
    return;
  }
  // The page is already "a,b,c": one chunk of '[' (or ',' after an earlier
  // page) and those bytes, copied once.
  const std::string_view joined = items.joined_items();
  out->reserve(out->size() + joined.size() + 24);
  if (framing_ == BodyFraming::kChunked) AppendChunkHead(joined.size() + 1, out);
  out->push_back(any_item_ ? ',' : '[');
  out->append(joined);
  if (framing_ == BodyFraming::kChunked) out->append("\r\n");
  any_item_ = true;
}

void StreamedBodyEncoder::AppendEnd(std::string* out) {
  if (!per_item_) Emit(any_item_ ? "]" : "[]", out);
  if (framing_ == BodyFraming::kChunked) out->append("0\r\n\r\n");
}

}  // namespace quarry::rest_internal
