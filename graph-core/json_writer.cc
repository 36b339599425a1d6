#include "graph-core/json_writer.h"

#include <charconv>
#include <cstring>

#include "graph-core/json_element.h"

namespace quarry {
namespace {

// Length of the well-formed UTF-8 sequence starting at text[i] (RFC 3629:
// no overlong forms, no surrogates, nothing above U+10FFFF), or 0. Never
// more lenient than nlohmann's decoder, so a string it accepts is one the
// tree's dump writes unchanged.
size_t Utf8SequenceLength(std::string_view text, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // Bounds of the second byte.
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;   // Overlong below U+0800.
    if (lead == 0xED) high = 0x9F;  // Surrogates.
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;   // Overlong below U+10000.
    if (lead == 0xF4) high = 0x8F;  // Above U+10FFFF.
  } else {
    return 0;
  }
  if (i + length > text.size() || byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (size_t k = 2; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  }
  return length;
}

// Bytes that a JSON string holds as they are: printable ASCII but the quote
// and the backslash. Anything else needs an escape or UTF-8 checking.
struct PlainBytes {
  bool plain[256] = {};
  constexpr PlainBytes() {
    for (int c = 0x20; c < 0x80; ++c) plain[c] = c != '"' && c != '\\';
  }
};
constexpr PlainBytes kPlain;

// A small buffer in front of the output string: an element's JSON is many
// short pieces, and std::string::append per piece (a call and a capacity
// check each) cost more than the bytes. Pieces gather here and reach the
// string in one append when the buffer fills or the writer is done.
class JsonBuffer {
 public:
  explicit JsonBuffer(std::string* out) : out_(out) {}
  ~JsonBuffer() { Flush(); }
  JsonBuffer(const JsonBuffer&) = delete;
  JsonBuffer& operator=(const JsonBuffer&) = delete;

  void Put(char c) {
    if (used_ == sizeof(bytes_)) Flush();
    bytes_[used_++] = c;
  }
  void Put(std::string_view text) {
    if (text.size() > sizeof(bytes_) - used_) {
      Flush();
      if (text.size() > sizeof(bytes_)) {
        out_->append(text);
        return;
      }
    }
    std::memcpy(bytes_ + used_, text.data(), text.size());
    used_ += text.size();
  }
  // The output with everything put so far in it, for writers that append
  // to the string themselves.
  std::string* Flushed() {
    Flush();
    return out_;
  }

 private:
  void Flush() {
    out_->append(bytes_, used_);
    used_ = 0;
  }

  std::string* out_;
  size_t used_ = 0;
  char bytes_[512];
};

// The escape nlohmann writes for an ASCII byte that needs one.
void PutEscape(unsigned char c, JsonBuffer* out) {
  switch (c) {
    case '"':
      return out->Put("\\\"");
    case '\\':
      return out->Put("\\\\");
    case '\b':
      return out->Put("\\b");
    case '\f':
      return out->Put("\\f");
    case '\n':
      return out->Put("\\n");
    case '\r':
      return out->Put("\\r");
    case '\t':
      return out->Put("\\t");
    default: {
      static constexpr char kHex[] = "0123456789abcdef";
      const char escaped[6] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 0xf]};
      out->Put(std::string_view(escaped, sizeof(escaped)));
    }
  }
}

// True when every non-ASCII sequence in `text` is well-formed UTF-8.
bool IsValidUtf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
    } else {
      const size_t length = Utf8SequenceLength(text, i);
      if (length == 0) return false;
      i += length;
    }
  }
  return true;
}

void PutString(std::string_view text, JsonBuffer* out) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  size_t plain = 0;
  while (plain < text.size() && kPlain.plain[byte(plain)]) ++plain;
  if (plain == text.size()) {  // The common case: nothing to escape.
    out->Put('"');
    out->Put(text);
    out->Put('"');
    return;
  }
  if (!IsValidUtf8(text.substr(plain))) {  // The tree's replacement rules apply.
    AppendJson(Json(std::string(text)), out->Flushed());
    return;
  }
  out->Put('"');
  out->Put(text.substr(0, plain));
  size_t pending = plain;  // Start of the bytes not yet put.
  for (size_t i = plain; i < text.size(); ++i) {
    const unsigned char c = byte(i);
    if (c < 0x20 || c == '"' || c == '\\') {
      out->Put(text.substr(pending, i - pending));
      PutEscape(c, out);
      pending = i + 1;
    }
  }
  out->Put(text.substr(pending));
  out->Put('"');
}

void PutInteger(int64_t value, JsonBuffer* out) {
  char digits[24];
  const auto [end, ec] = std::to_chars(digits, digits + sizeof(digits), value);
  out->Put(std::string_view(digits, static_cast<size_t>(end - digits)));
}

// "name": — a key of an object being written.
void PutKey(std::string_view name, JsonBuffer* out) {
  PutString(name, out);
  out->Put(':');
}

void PutValue(const Value& value, JsonBuffer* out) {
  switch (value.type()) {
    case ValueType::kNull:
      return out->Put("null");
    case ValueType::kBool:
      return out->Put(value.AsBool() ? "true" : "false");
    case ValueType::kInt32:
      return PutInteger(value.AsInt32(), out);
    case ValueType::kString:
      return PutString(value.AsString(), out);
    case ValueType::kInt64:  // {"java.lang.Long":n}
      out->Put(R"({"java.lang.Long":)");
      PutInteger(value.AsInt64(), out);
      return out->Put('}');
    case ValueType::kDate:  // {"java.util.Date":ms}
      out->Put(R"({"java.util.Date":)");
      PutInteger(value.AsInt64(), out);
      return out->Put('}');
    default:
      return AppendJson(ValueToJson(value), out->Flushed());
  }
}

void PutProperties(const Properties& properties, JsonBuffer* out) {
  out->Put('{');
  bool first = true;
  for (const auto& [name, value] : properties) {
    if (!first) out->Put(',');
    first = false;
    PutKey(name, out);
    PutValue(value, out);
  }
  out->Put('}');
}

}  // namespace

void AppendJson(const Json& json, std::string* out) {
  out->append(json.dump(-1, ' ', false, Json::error_handler_t::replace));
}

void AppendJsonString(std::string_view text, std::string* out) {
  JsonBuffer buffer(out);
  PutString(text, &buffer);
}

void AppendValueJson(const Value& value, std::string* out) {
  JsonBuffer buffer(out);
  PutValue(value, &buffer);
}

void AppendElementJson(const Element& element, std::string* out) {
  JsonBuffer buffer(out);
  // The class names need no escaping: written as they are, with their keys.
  buffer.Put(element.is_entity() ? R"({"class":"uk.gov.gchq.gaffer.data.element.Entity","group":)"
                                 : R"({"class":"uk.gov.gchq.gaffer.data.element.Edge","group":)");
  PutString(element.group(), &buffer);
  if (element.is_entity()) {
    buffer.Put(R"(,"vertex":)");
    PutValue(element.vertex(), &buffer);
  } else {
    buffer.Put(R"(,"source":)");
    PutValue(element.source(), &buffer);
    buffer.Put(R"(,"destination":)");
    PutValue(element.destination(), &buffer);
    buffer.Put(element.directed() ? R"(,"directed":true)" : R"(,"directed":false)");
    if (element.matched_vertex()) {
      buffer.Put(R"(,"matchedVertex":)");
      PutString(ToString(*element.matched_vertex()), &buffer);
    }
  }
  buffer.Put(R"(,"properties":)");
  PutProperties(element.properties(), &buffer);
  buffer.Put('}');
}

void AppendElementIdJson(const ElementId& id, std::string* out) {
  JsonBuffer buffer(out);
  if (const auto* entity = std::get_if<EntitySeed>(&id)) {
    buffer.Put(R"({"class":"uk.gov.gchq.gaffer.operation.data.EntitySeed","vertex":)");
    PutValue(entity->vertex, &buffer);
    buffer.Put('}');
    return;
  }
  const auto& edge = std::get<EdgeSeed>(id);
  buffer.Put(R"({"class":"uk.gov.gchq.gaffer.operation.data.EdgeSeed","source":)");
  PutValue(edge.source, &buffer);
  buffer.Put(R"(,"destination":)");
  PutValue(edge.destination, &buffer);
  buffer.Put(R"(,"directedType":)");
  PutString(ToString(edge.directed_type), &buffer);
  if (edge.matched_vertex) {
    buffer.Put(R"(,"matchedVertex":)");
    PutString(ToString(*edge.matched_vertex), &buffer);
  }
  buffer.Put('}');
}

}  // namespace quarry
