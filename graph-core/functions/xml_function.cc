// koryphe's DeserialiseXml: an XML document -> the Map that org.json's
// XML.toJSONObject(xml).toMap() builds, read into Values as DeserialiseJson
// reads JSON (objects Maps, arrays Lists).
//
// org.json's rules, as gaffer-doc's examples show them: the root element is
// the one key; an element holding only text becomes that text; one with
// attributes or children becomes a Map of them, its text under "content";
// an empty element is ""; a repeated child name collects a List. Text and
// attribute values are typed as org.json's stringToValue types them: true /
// false (any case) Booleans, null null, integers Integer or Long (leading
// zeros stay text), decimals Double; CDATA stays text. Text is trimmed;
// entities (&amp; &lt; &gt; &quot; &apos; and &#N; / &#xN;) are decoded;
// comments, processing instructions and DOCTYPE are skipped.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "graph-core/functions/internal/koryphe_function.h"

namespace quarry::functions_internal {
namespace {

constexpr std::string_view kDeserialiseXml = "uk.gov.gchq.koryphe.impl.function.DeserialiseXml";
constexpr int kMaxXmlDepth = 200;

// org.json's JSONObject.accumulate.
void Accumulate(Json* object, const std::string& key, Json value) {
  auto it = object->find(key);
  if (it == object->end()) {
    (*object)[key] = value.is_array() ? Json::array({std::move(value)}) : std::move(value);
  } else if (it->is_array()) {
    it->push_back(std::move(value));
  } else {
    *it = Json::array({std::move(*it), std::move(value)});
  }
}

bool IEquals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != b[i]) return false;
  }
  return true;
}

// org.json's XML.stringToValue.
Json TypedText(const std::string& s) {
  if (IEquals(s, "true")) return true;
  if (IEquals(s, "false")) return false;
  if (IEquals(s, "null")) return nullptr;
  if (s.empty() || !(std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '-')) return s;
  const size_t digits = s[0] == '-' ? 1 : 0;
  if (s.size() > digits + 1 && s[digits] == '0' &&
      std::isdigit(static_cast<unsigned char>(s[digits + 1]))) {
    return s;  // leading zeros: not a number to org.json
  }
  const bool decimal = s.find_first_of(".eE") != std::string::npos;
  char* end = nullptr;
  if (decimal) {
    const double d = std::strtod(s.c_str(), &end);
    return end == s.c_str() + s.size() ? Json(d) : Json(s);
  }
  errno = 0;
  const long long n = std::strtoll(s.c_str(), &end, 10);
  if (end != s.c_str() + s.size() || errno == ERANGE) return s;
  return Json(static_cast<int64_t>(n));
}

class XmlReader {
 public:
  explicit XmlReader(std::string_view text) : s_(text) {}

  Result<Json> Document() {
    Json root = Json::object();
    while (true) {
      SkipSpace();
      if (pos_ >= s_.size()) return root;
      if (s_[pos_] != '<') return Error("text outside the root element");
      QUARRY_ASSIGN_OR_RETURN(bool element, SkipMisc());
      if (element) QUARRY_RETURN_IF_ERROR(Element(&root, 0));
    }
  }

 private:
  Status Error(const std::string& what) const {
    return InvalidArgumentError(std::string(kDeserialiseXml) + ": not XML: " + what +
                                " at offset " + std::to_string(pos_));
  }
  void SkipSpace() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  bool At(std::string_view token) const { return s_.substr(pos_, token.size()) == token; }
  Status SkipPast(std::string_view token) {
    const size_t end = s_.find(token, pos_);
    if (end == std::string_view::npos) return Error("unterminated markup");
    pos_ = end + token.size();
    return Status::OK();
  }

  // At '<': skips a comment, processing instruction or DOCTYPE and returns
  // false; returns true at an element's start tag.
  Result<bool> SkipMisc() {
    if (At("<!--"))
      return SkipPast("-->").ok() ? Result<bool>(false) : Error("unterminated comment");
    if (At("<?")) return SkipPast("?>").ok() ? Result<bool>(false) : Error("unterminated <?");
    if (At("<!")) return SkipPast(">").ok() ? Result<bool>(false) : Error("unterminated <!");
    return true;
  }

  Result<std::string> Name() {
    const size_t start = pos_;
    while (pos_ < s_.size() && !std::isspace(static_cast<unsigned char>(s_[pos_])) &&
           s_[pos_] != '>' && s_[pos_] != '/' && s_[pos_] != '=' && s_[pos_] != '<') {
      ++pos_;
    }
    if (pos_ == start) return Error("a name expected");
    return std::string(s_.substr(start, pos_ - start));
  }

  // Decodes the entities in s_[from, to).
  Result<std::string> Decoded(size_t from, size_t to) {
    std::string out;
    for (size_t i = from; i < to; ++i) {
      if (s_[i] != '&') {
        out.push_back(s_[i]);
        continue;
      }
      const size_t semi = s_.find(';', i);
      if (semi == std::string_view::npos || semi >= to) return Error("unterminated entity");
      const std::string_view name = s_.substr(i + 1, semi - i - 1);
      if (name == "amp")
        out.push_back('&');
      else if (name == "lt")
        out.push_back('<');
      else if (name == "gt")
        out.push_back('>');
      else if (name == "quot")
        out.push_back('"');
      else if (name == "apos")
        out.push_back('\'');
      else if (!name.empty() && name[0] == '#') {
        const bool hex = name.size() > 1 && (name[1] == 'x' || name[1] == 'X');
        const long code =
            std::strtol(std::string(name.substr(hex ? 2 : 1)).c_str(), nullptr, hex ? 16 : 10);
        AppendUtf8(static_cast<uint32_t>(code), &out);
      } else {
        out.append(s_.substr(i, semi - i + 1));  // unknown: kept as written
      }
      i = semi;
    }
    return out;
  }

  static void AppendUtf8(uint32_t c, std::string* out) {
    if (c < 0x80) {
      out->push_back(static_cast<char>(c));
    } else if (c < 0x800) {
      out->push_back(static_cast<char>(0xC0 | (c >> 6)));
      out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
      out->push_back(static_cast<char>(0xE0 | (c >> 12)));
      out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else {
      out->push_back(static_cast<char>(0xF0 | ((c >> 18) & 0x07)));
      out->push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
  }

  Status Attributes(Json* element, bool* self_closing) {
    while (true) {
      SkipSpace();
      if (pos_ >= s_.size()) return Error("unterminated start tag");
      if (At("/>")) {
        pos_ += 2;
        *self_closing = true;
        return Status::OK();
      }
      if (s_[pos_] == '>') {
        ++pos_;
        return Status::OK();
      }
      QUARRY_ASSIGN_OR_RETURN(std::string name, Name());
      SkipSpace();
      if (pos_ >= s_.size() || s_[pos_] != '=') return Error("'=' expected after " + name);
      ++pos_;
      SkipSpace();
      if (pos_ >= s_.size() || (s_[pos_] != '"' && s_[pos_] != '\''))
        return Error("quote expected");
      const size_t close = s_.find(s_[pos_], pos_ + 1);
      if (close == std::string_view::npos) return Error("unterminated attribute value");
      QUARRY_ASSIGN_OR_RETURN(std::string value, Decoded(pos_ + 1, close));
      pos_ = close + 1;
      Accumulate(element, name, TypedText(value));
    }
  }

  // Text up to the next '<', trimmed and typed, into "content".
  Status Content(Json* element) {
    const size_t next = std::min(s_.find('<', pos_), s_.size());
    QUARRY_ASSIGN_OR_RETURN(std::string text, Decoded(pos_, next));
    pos_ = next;
    const size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return Status::OK();
    text = text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
    Accumulate(element, "content", TypedText(text));
    return Status::OK();
  }

  // At '<' of a start tag: the element, accumulated into `parent`.
  Status Element(Json* parent, int depth) {
    if (depth > kMaxXmlDepth) return Error("elements nested too deeply");
    ++pos_;
    QUARRY_ASSIGN_OR_RETURN(std::string tag, Name());
    Json element = Json::object();
    bool self_closing = false;
    QUARRY_RETURN_IF_ERROR(Attributes(&element, &self_closing));
    while (!self_closing) {
      if (pos_ >= s_.size()) return Error("<" + tag + "> is not closed");
      if (s_[pos_] != '<') {
        QUARRY_RETURN_IF_ERROR(Content(&element));
      } else if (At("<![CDATA[")) {
        const size_t end = s_.find("]]>", pos_);
        if (end == std::string_view::npos) return Error("unterminated CDATA");
        Accumulate(&element, "content", std::string(s_.substr(pos_ + 9, end - pos_ - 9)));
        pos_ = end + 3;
      } else if (At("</")) {
        pos_ += 2;
        QUARRY_ASSIGN_OR_RETURN(std::string close, Name());
        if (close != tag) return Error("</" + close + "> closes <" + tag + ">");
        SkipSpace();
        if (pos_ >= s_.size() || s_[pos_] != '>') return Error("'>' expected");
        ++pos_;
        break;
      } else {
        QUARRY_ASSIGN_OR_RETURN(bool child, SkipMisc());
        if (child) QUARRY_RETURN_IF_ERROR(Element(&element, depth + 1));
      }
    }
    if (element.empty()) {
      Accumulate(parent, tag, "");
    } else if (element.size() == 1 && element.contains("content")) {
      Accumulate(parent, tag, element["content"]);
    } else {
      Accumulate(parent, tag, std::move(element));
    }
    return Status::OK();
  }

  std::string_view s_;
  size_t pos_ = 0;
};

Result<Value> DeserialiseXmlValue(ValueRefs args) {
  const Value& v = *args[0];
  if (v.is_null()) return Value();
  if (v.type() != ValueType::kString) return CannotApply(kDeserialiseXml, "parse", v);
  QUARRY_ASSIGN_OR_RETURN(Json json, XmlReader(v.AsString()).Document());
  return UntypedJsonValue(json, kDeserialiseXml, 0);
}

}  // namespace

void AddXmlFunction(std::vector<FunctionClass>* out) {
  out->push_back(
      {kDeserialiseXml, [](const Json&, std::string_view) -> Result<std::unique_ptr<Function>> {
         return MakeFunction(kDeserialiseXml, 1, DeserialiseXmlValue);
       }});
}

}  // namespace quarry::functions_internal
