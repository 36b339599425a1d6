#include "graph-core/json_writer.h"

#include <charconv>
#include <cstdio>

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

// The escape nlohmann writes for an ASCII byte that needs one.
void AppendEscape(unsigned char c, std::string* out) {
  switch (c) {
    case '"':
      out->append("\\\"");
      return;
    case '\\':
      out->append("\\\\");
      return;
    case '\b':
      out->append("\\b");
      return;
    case '\f':
      out->append("\\f");
      return;
    case '\n':
      out->append("\\n");
      return;
    case '\r':
      out->append("\\r");
      return;
    case '\t':
      out->append("\\t");
      return;
    default: {
      char escaped[8];
      const int n = std::snprintf(escaped, sizeof(escaped), "\\u%04x", c);
      out->append(escaped, static_cast<size_t>(n));
    }
  }
}

template <typename Integer>
void AppendInteger(Integer value, std::string* out) {
  char digits[24];
  const auto [end, ec] = std::to_chars(digits, digits + sizeof(digits), value);
  out->append(digits, static_cast<size_t>(end - digits));
}

// "name": — a key of an object being written.
void AppendKey(std::string_view name, std::string* out) {
  AppendJsonString(name, out);
  out->push_back(':');
}

void AppendProperties(const Properties& properties, std::string* out) {
  out->push_back('{');
  bool first = true;
  for (const auto& [name, value] : properties) {
    if (!first) out->push_back(',');
    first = false;
    AppendKey(name, out);
    AppendValueJson(value, out);
  }
  out->push_back('}');
}

}  // namespace

void AppendJson(const Json& json, std::string* out) {
  out->append(json.dump(-1, ' ', false, Json::error_handler_t::replace));
}

void AppendJsonString(std::string_view text, std::string* out) {
  const size_t start = out->size();
  out->push_back('"');
  size_t pending = 0;  // Start of the bytes not yet copied.
  for (size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      const size_t length = Utf8SequenceLength(text, i);
      if (length == 0) {  // Invalid UTF-8: the tree's replacement rules apply.
        out->resize(start);
        return AppendJson(Json(std::string(text)), out);
      }
      i += length;
    } else if (c < 0x20 || c == '"' || c == '\\') {
      out->append(text.substr(pending, i - pending));
      AppendEscape(c, out);
      pending = ++i;
    } else {
      ++i;
    }
  }
  out->append(text.substr(pending));
  out->push_back('"');
}

void AppendValueJson(const Value& value, std::string* out) {
  switch (value.type()) {
    case ValueType::kNull:
      out->append("null");
      return;
    case ValueType::kBool:
      out->append(value.AsBool() ? "true" : "false");
      return;
    case ValueType::kInt32:
      return AppendInteger(value.AsInt32(), out);
    case ValueType::kString:
      return AppendJsonString(value.AsString(), out);
    case ValueType::kInt64:
    case ValueType::kDate:  // {"java.lang.Long": n}, {"java.util.Date": ms}
      out->push_back('{');
      AppendKey(JavaClassName(value.type()), out);
      AppendInteger(value.AsInt64(), out);
      out->push_back('}');
      return;
    default:
      return AppendJson(ValueToJson(value), out);
  }
}

void AppendElementJson(const Element& element, std::string* out) {
  out->append("{\"class\":");
  AppendJsonString(element.is_entity() ? kEntityClass : kEdgeClass, out);
  out->append(",\"group\":");
  AppendJsonString(element.group(), out);
  if (element.is_entity()) {
    out->append(",\"vertex\":");
    AppendValueJson(element.vertex(), out);
  } else {
    out->append(",\"source\":");
    AppendValueJson(element.source(), out);
    out->append(",\"destination\":");
    AppendValueJson(element.destination(), out);
    out->append(element.directed() ? ",\"directed\":true" : ",\"directed\":false");
    if (element.matched_vertex()) {
      out->append(",\"matchedVertex\":");
      AppendJsonString(ToString(*element.matched_vertex()), out);
    }
  }
  out->append(",\"properties\":");
  AppendProperties(element.properties(), out);
  out->push_back('}');
}

void AppendElementIdJson(const ElementId& id, std::string* out) {
  if (const auto* entity = std::get_if<EntitySeed>(&id)) {
    out->append("{\"class\":");
    AppendJsonString(kEntitySeedClass, out);
    out->append(",\"vertex\":");
    AppendValueJson(entity->vertex, out);
    out->push_back('}');
    return;
  }
  const auto& edge = std::get<EdgeSeed>(id);
  out->append("{\"class\":");
  AppendJsonString(kEdgeSeedClass, out);
  out->append(",\"source\":");
  AppendValueJson(edge.source, out);
  out->append(",\"destination\":");
  AppendValueJson(edge.destination, out);
  out->append(",\"directedType\":");
  AppendJsonString(ToString(edge.directed_type), out);
  if (edge.matched_vertex) {
    out->append(",\"matchedVertex\":");
    AppendJsonString(ToString(*edge.matched_vertex), out);
  }
  out->push_back('}');
}

}  // namespace quarry
