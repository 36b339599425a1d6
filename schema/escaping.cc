#include "schema/escaping.h"

namespace quarry {

// Runs of bytes that need no escaping are appended whole: byte-by-byte
// push_back was 2% of an ingesting thread (session 25 profile), and the
// bytes to escape are rare in practice.
void Escape(std::string_view raw, std::string* dst) {
  size_t run = 0;  // Where the current run of plain bytes began.
  for (size_t i = 0; i < raw.size(); ++i) {
    const char c = raw[i];
    if (c != kEscapeDelimiter && c != kEscapeByte) continue;
    dst->append(raw.data() + run, i - run);
    dst->push_back(kEscapeByte);
    dst->push_back(static_cast<char>(c + 1));  // 00 -> 01, 01 -> 02.
    run = i + 1;
  }
  dst->append(raw.data() + run, raw.size() - run);
}

std::string Escaped(std::string_view raw) {
  std::string out;
  Escape(raw, &out);
  return out;
}

Result<size_t> UnescapeTo(std::string_view escaped, char* out) {
  char* const begin = out;
  for (size_t i = 0; i < escaped.size(); ++i) {
    char c = escaped[i];
    if (c == kEscapeDelimiter) {
      return DataLossError("escaped bytes contain a raw 0x00 at offset " + std::to_string(i));
    }
    if (c != kEscapeByte) {
      *out++ = c;
      continue;
    }
    if (i + 1 == escaped.size()) {
      return DataLossError("escaped bytes end with a dangling escape byte");
    }
    char next = escaped[++i];
    if (next != '\x01' && next != '\x02') {
      return DataLossError("invalid escape sequence at offset " + std::to_string(i - 1));
    }
    *out++ = static_cast<char>(next - 1);
  }
  return static_cast<size_t>(out - begin);
}

Status Unescape(std::string_view escaped, std::string* dst) {
  // Written through a pointer into space sized for the worst case, then cut
  // to length: push_back's capacity test per byte was most of the cost.
  const size_t start = dst->size();
  dst->resize(start + escaped.size());
  Result<size_t> length = UnescapeTo(escaped, dst->data() + start);
  dst->resize(start + (length.ok() ? *length : 0));
  return length.status();
}

Result<std::string> Unescaped(std::string_view escaped) {
  std::string out;
  QUARRY_RETURN_IF_ERROR(Unescape(escaped, &out));
  return out;
}

}  // namespace quarry
