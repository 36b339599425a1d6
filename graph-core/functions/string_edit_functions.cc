// koryphe's String functions without regular expressions: StringSplit
// {"delimiter"}, StringJoin {"delimiter"}, StringReplace {"searchString",
// "replacement"}, StringTrim, StringPrepend {"prefix"}, StringAppend
// {"suffix"}, StringTruncate {"length", "ellipses"} and ReverseString.
//
// Each maps null to null (StringJoin too) and refuses a non-String input,
// where Java throws ClassCastException. Lengths and positions count UTF-16
// units as Java does.
#include <string>
#include <vector>

#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/json_fields.h"

namespace quarry::functions_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kStringSplit = "uk.gov.gchq.koryphe.impl.function.StringSplit";
constexpr std::string_view kStringJoin = "uk.gov.gchq.koryphe.impl.function.StringJoin";
constexpr std::string_view kStringReplace = "uk.gov.gchq.koryphe.impl.function.StringReplace";
constexpr std::string_view kStringTrim = "uk.gov.gchq.koryphe.impl.function.StringTrim";
constexpr std::string_view kStringPrepend = "uk.gov.gchq.koryphe.impl.function.StringPrepend";
constexpr std::string_view kStringAppend = "uk.gov.gchq.koryphe.impl.function.StringAppend";
constexpr std::string_view kStringTruncate = "uk.gov.gchq.koryphe.impl.function.StringTruncate";
constexpr std::string_view kReverseString = "uk.gov.gchq.koryphe.impl.function.ReverseString";

// The UTF-8 sequences of `s`, one per code point (invalid bytes alone).
std::vector<std::string_view> CodePoints(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    auto c = static_cast<unsigned char>(s[i]);
    size_t n = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    n = std::min(n, s.size() - i);
    out.push_back(s.substr(i, n));
    i += n;
  }
  return out;
}

// Character.isWhitespace for ASCII and the common Unicode spaces (not the
// no-break ones, as Java).
bool IsJavaWhitespace(std::string_view cp) {
  if (cp.size() == 1) {
    char c = cp[0];
    return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1C && c <= 0x1F);
  }
  static const std::string_view kSpaces[] = {"\u1680", "\u2000", "\u2001", "\u2002", "\u2003",
                                             "\u2004", "\u2005", "\u2006", "\u2008", "\u2009",
                                             "\u200A", "\u2028", "\u2029", "\u205F", "\u3000"};
  for (std::string_view space : kSpaces) {
    if (cp == space) return true;
  }
  return false;
}

// StringUtils.split(input, delimiter): every character of the delimiter
// separates (whitespace when there is none); empty tokens are dropped.
Result<std::unique_ptr<Function>> ParseStringSplit(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> delimiter,
                          jf::OptionalString(json, "delimiter", path));
  Json fields = Json::object();
  if (delimiter) fields["delimiter"] = *delimiter;
  std::vector<std::string> separators;
  if (delimiter) {
    for (std::string_view cp : CodePoints(*delimiter)) separators.emplace_back(cp);
  }
  auto is_separator = [separators, whitespace = !delimiter](std::string_view cp) {
    if (whitespace) return IsJavaWhitespace(cp);
    for (const std::string& s : separators) {
      if (cp == s) return true;
    }
    return false;
  };
  return MakeFunction(
      kStringSplit, 1,
      [is_separator](ValueRefs args) -> Result<Value> {
        if (args[0]->is_null()) return Value();
        QUARRY_ASSIGN_OR_RETURN(const std::string* input, RequireString(kStringSplit, *args[0]));
        ValueList tokens;
        std::string token;
        for (std::string_view cp : CodePoints(*input)) {
          if (!is_separator(cp)) {
            token += cp;
          } else if (!token.empty()) {
            tokens.push_back(Value::String(std::move(token)));
            token.clear();
          }
        }
        if (!token.empty()) tokens.push_back(Value::String(std::move(token)));
        return Value::List(std::move(tokens));
      },
      std::move(fields));
}

// StringUtils.join of the items' toString(); null items read as "".
Result<std::unique_ptr<Function>> ParseStringJoin(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> delimiter,
                          jf::OptionalString(json, "delimiter", path));
  Json fields = Json::object();
  if (delimiter) fields["delimiter"] = *delimiter;
  return MakeFunction(
      kStringJoin, 1,
      [separator = delimiter.value_or("")](ValueRefs args) -> Result<Value> {
        const Value& v = *args[0];
        if (v.is_null()) return Value();
        if (!IsIterable(v)) return CannotApply(kStringJoin, "join", v);
        std::string out;
        for (size_t i = 0; i < v.AsItems().size(); ++i) {
          const Value& item = v.AsItems()[i];
          if (i > 0) out += separator;
          if (item.type() == ValueType::kBytes) {
            out += item.AsString();
          } else if (!item.is_null()) {
            out += item.ToJavaString();
          }
        }
        return Value::String(std::move(out));
      },
      std::move(fields));
}

// StringUtils.replace: every occurrence, left to right; an empty search
// string or a missing replacement leaves the input as it is.
Result<std::unique_ptr<Function>> ParseStringReplace(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> search,
                          jf::OptionalString(json, "searchString", path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> replacement,
                          jf::OptionalString(json, "replacement", path));
  Json fields = Json::object();
  if (search) fields["searchString"] = *search;
  if (replacement) fields["replacement"] = *replacement;
  return MakeFunction(
      kStringReplace, 1,
      [search, replacement](ValueRefs args) -> Result<Value> {
        if (args[0]->is_null()) return Value();
        QUARRY_ASSIGN_OR_RETURN(const std::string* input, RequireString(kStringReplace, *args[0]));
        if (!search || search->empty() || !replacement) return *args[0];
        std::string out;
        size_t from = 0;
        for (size_t at; (at = input->find(*search, from)) != std::string::npos;) {
          out.append(*input, from, at - from);
          out += *replacement;
          from = at + search->size();
        }
        out.append(*input, from);
        return Value::String(std::move(out));
      },
      std::move(fields));
}

// String.trim(): strips characters <= ' ' from both ends.
Result<Value> Trim(ValueRefs args) {
  if (args[0]->is_null()) return Value();
  QUARRY_ASSIGN_OR_RETURN(const std::string* input, RequireString(kStringTrim, *args[0]));
  std::string_view s = *input;
  while (!s.empty() && static_cast<unsigned char>(s.front()) <= ' ') s.remove_prefix(1);
  while (!s.empty() && static_cast<unsigned char>(s.back()) <= ' ') s.remove_suffix(1);
  return Value::String(std::string(s));
}

// StringPrepend / StringAppend: the affix on the chosen side.
Result<std::unique_ptr<Function>> ParseAffix(const Json& json, std::string_view path,
                                             bool prepend) {
  std::string_view key = prepend ? "prefix" : "suffix";
  std::string_view name = prepend ? kStringPrepend : kStringAppend;
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> affix, jf::OptionalString(json, key, path));
  Json fields = Json::object();
  if (affix) fields[std::string(key)] = *affix;
  return MakeFunction(
      name, 1,
      [name, prepend, affix = affix.value_or("")](ValueRefs args) -> Result<Value> {
        if (args[0]->is_null()) return Value();
        QUARRY_ASSIGN_OR_RETURN(const std::string* input, RequireString(name, *args[0]));
        return Value::String(prepend ? affix + *input : *input + affix);
      },
      std::move(fields));
}

// The first `length` UTF-16 units, plus "..." when something was cut and
// ellipses is set. A surrogate pair straddling the cut is dropped whole
// (Java would keep its lone high surrogate).
Result<std::unique_ptr<Function>> ParseStringTruncate(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<int32_t> length, jf::OptionalInt32(json, "length", path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<bool> ellipses, jf::OptionalBool(json, "ellipses", path));
  if (length.value_or(0) < 0) {
    return InvalidArgumentError(jf::Join(path, "length") + ": must not be negative");
  }
  return MakeFunction(
      kStringTruncate, 1,
      [limit = length.value_or(0),
       dots = ellipses.value_or(false)](ValueRefs args) -> Result<Value> {
        if (args[0]->is_null()) return Value();
        QUARRY_ASSIGN_OR_RETURN(const std::string* input, RequireString(kStringTruncate, *args[0]));
        std::string out;
        int64_t units = 0;
        for (std::string_view cp : CodePoints(*input)) {
          units += cp.size() == 4 ? 2 : 1;
          if (units > limit) return Value::String(dots ? out + "..." : out);
          out += cp;
        }
        return Value::String(std::move(out));
      },
      Json{{"length", length.value_or(0)}, {"ellipses", ellipses.value_or(false)}});
}

// StringBuilder.reverse(): code points reversed (surrogate pairs kept).
Result<Value> Reverse(ValueRefs args) {
  if (args[0]->is_null()) return Value();
  QUARRY_ASSIGN_OR_RETURN(const std::string* input, RequireString(kReverseString, *args[0]));
  std::vector<std::string_view> cps = CodePoints(*input);
  std::string out;
  out.reserve(input->size());
  for (auto it = cps.rbegin(); it != cps.rend(); ++it) out += *it;
  return Value::String(std::move(out));
}

template <typename Body>
FunctionFactory Plain(std::string_view class_name, Body body) {
  return [class_name, body](const Json&, std::string_view) -> Result<std::unique_ptr<Function>> {
    return MakeFunction(class_name, 1, body);
  };
}

}  // namespace

void AddStringEditFunctions(std::vector<FunctionClass>* out) {
  out->push_back({kStringSplit, ParseStringSplit});
  out->push_back({kStringJoin, ParseStringJoin});
  out->push_back({kStringReplace, ParseStringReplace});
  out->push_back({kStringTrim, Plain(kStringTrim, Trim)});
  out->push_back({kStringPrepend, [](const Json& json, std::string_view path) {
                    return ParseAffix(json, path, true);
                  }});
  out->push_back({kStringAppend, [](const Json& json, std::string_view path) {
                    return ParseAffix(json, path, false);
                  }});
  out->push_back({kStringTruncate, ParseStringTruncate});
  out->push_back({kReverseString, Plain(kReverseString, Reverse)});
}

}  // namespace quarry::functions_internal
