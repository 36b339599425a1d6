#include "server/rest/internal/streamed_body.h"

#include <cstdio>

namespace quarry::rest_internal {

std::string DumpJson(const Json& json) {
  return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

void AppendChunk(std::string_view data, std::string* out) {
  char size[20];
  const int n = std::snprintf(size, sizeof(size), "%zx\r\n", data.size());
  out->append(size, static_cast<size_t>(n));
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
  if (framing_ == BodyFraming::kChunked) {
    char size[20];
    const int n = std::snprintf(size, sizeof(size), "%zx\r\n", item.size() + 2);
    out->append(size, static_cast<size_t>(n));
  }
  out->append(item);
  out->append("\r\n");
  if (framing_ == BodyFraming::kChunked) out->append("\r\n");
}

void StreamedBodyEncoder::AppendPage(const JsonTextPage& items, std::string* out) {
  if (items.empty()) return;
  if (per_item_) {
    for (size_t i = 0; i < items.size(); ++i) EmitItemLine(items.item(i), out);
    any_item_ = true;
    return;
  }
  std::string text;
  for (size_t i = 0; i < items.size(); ++i) {
    text.push_back(any_item_ ? ',' : '[');
    any_item_ = true;
    text.append(items.item(i));
  }
  Emit(text, out);
}

void StreamedBodyEncoder::AppendEnd(std::string* out) {
  if (!per_item_) Emit(any_item_ ? "]" : "[]", out);
  if (framing_ == BodyFraming::kChunked) out->append("0\r\n\r\n");
}

}  // namespace quarry::rest_internal
