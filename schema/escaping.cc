#include "schema/escaping.h"

namespace quarry {

void Escape(std::string_view raw, std::string* dst) {
  dst->reserve(dst->size() + raw.size());
  for (char c : raw) {
    if (c == kEscapeDelimiter || c == kEscapeByte) {
      dst->push_back(kEscapeByte);
      dst->push_back(static_cast<char>(c + 1));  // 00 -> 01, 01 -> 02.
    } else {
      dst->push_back(c);
    }
  }
}

std::string Escaped(std::string_view raw) {
  std::string out;
  Escape(raw, &out);
  return out;
}

Status Unescape(std::string_view escaped, std::string* dst) {
  // Written through a pointer into space sized for the worst case, then cut
  // to length: a scan unescapes a qualifier per cell, and push_back's
  // capacity test per byte was most of the cost.
  const size_t start = dst->size();
  dst->resize(start + escaped.size());
  char* out = dst->data() + start;
  const auto fail = [&](std::string message) {
    dst->resize(start);
    return DataLossError(std::move(message));
  };
  for (size_t i = 0; i < escaped.size(); ++i) {
    char c = escaped[i];
    if (c == kEscapeDelimiter) {
      return fail("escaped bytes contain a raw 0x00 at offset " + std::to_string(i));
    }
    if (c != kEscapeByte) {
      *out++ = c;
      continue;
    }
    if (i + 1 == escaped.size()) return fail("escaped bytes end with a dangling escape byte");
    char next = escaped[++i];
    if (next != '\x01' && next != '\x02') {
      return fail("invalid escape sequence at offset " + std::to_string(i - 1));
    }
    *out++ = static_cast<char>(next - 1);
  }
  dst->resize(static_cast<size_t>(out - dst->data()));
  return Status::OK();
}

Result<std::string> Unescaped(std::string_view escaped) {
  std::string out;
  QUARRY_RETURN_IF_ERROR(Unescape(escaped, &out));
  return out;
}

}  // namespace quarry
