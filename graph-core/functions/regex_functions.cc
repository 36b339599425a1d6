// koryphe's regular-expression String functions: StringRegexReplace
// {"regex", "replacement"} (String.replaceAll) and StringRegexSplit
// {"regex"} (Pattern.split, trailing empty strings removed).
//
// Patterns use java.util.regex syntax through Quarry's JavaRegex engine
// (graph-core/predicates/internal/java_regex.h), which has no back-references
// or lookaround; such patterns are refused when the function is parsed. It
// does not report capture groups either, so a replacement may use $0 (the
// whole match) and \-escapes but not $1...$9 or ${name}: those are refused
// at parse time too, naming the field.
#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/json_fields.h"
#include "graph-core/predicates/internal/java_regex.h"

namespace quarry::functions_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kStringRegexReplace =
    "uk.gov.gchq.koryphe.impl.function.StringRegexReplace";
constexpr std::string_view kStringRegexSplit = "uk.gov.gchq.koryphe.impl.function.StringRegexSplit";

using internal::JavaRegex;
using Span = std::pair<size_t, size_t>;

// Every match Matcher.find() reports in turn: after an empty match the next
// search starts one code point further on.
std::vector<Span> AllMatches(const JavaRegex& regex, std::string_view input) {
  std::vector<Span> out;
  size_t from = 0;
  while (from <= input.size()) {
    std::optional<Span> m = regex.Find(input, from);
    if (!m) break;
    out.push_back(*m);
    from = m->second;
    if (m->first == m->second) {
      if (from == input.size()) break;
      ++from;
      while (from < input.size() && (static_cast<uint8_t>(input[from]) & 0xC0) == 0x80) ++from;
    }
  }
  return out;
}

// A replacement as pieces: literal text, with kWholeMatch marking $0.
struct Replacement {
  static constexpr size_t kWholeMatch = static_cast<size_t>(-1);
  std::vector<std::pair<size_t, std::string>> pieces;  // (kWholeMatch or 0, text)

  std::string Expand(std::string_view match) const {
    std::string out;
    for (const auto& [kind, text] : pieces) out += kind == kWholeMatch ? std::string(match) : text;
    return out;
  }
};

// Java's Matcher.appendReplacement rules: \x is x, $0 is the match.
Result<Replacement> ParseReplacement(const std::string& text, std::string_view path) {
  std::string field = jf::Join(path, "replacement");
  Replacement out;
  std::string literal;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\\') {
      if (++i == text.size()) {
        return InvalidArgumentError(field + ": character to be escaped is missing");
      }
      literal += text[i];
    } else if (c == '$') {
      if (i + 1 == text.size() || !(text[i + 1] >= '0' && text[i + 1] <= '9')) {
        return InvalidArgumentError(field + ": illegal group reference (only $0 is supported)");
      }
      if (text[i + 1] != '0') {
        return InvalidArgumentError(field + ": capture group references such as $" +
                                    std::string(1, text[i + 1]) +
                                    " are not supported; only $0 (the whole match) is");
      }
      out.pieces.emplace_back(0, std::move(literal));
      literal.clear();
      out.pieces.emplace_back(Replacement::kWholeMatch, "");
      ++i;
    } else {
      literal += c;
    }
  }
  out.pieces.emplace_back(0, std::move(literal));
  return out;
}

// The "regex" field compiled; nullopt when absent (Java fails on apply).
Result<std::optional<JavaRegex>> CompileField(const Json& json, std::string_view path,
                                              Json* fields) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> regex,
                          jf::OptionalString(json, "regex", path));
  if (!regex) return std::optional<JavaRegex>();
  Result<JavaRegex> compiled = JavaRegex::Compile(*regex);
  if (!compiled.ok()) {
    return InvalidArgumentError(jf::Join(path, "regex") + ": " + compiled.status().message());
  }
  (*fields)["regex"] = *regex;
  return std::optional<JavaRegex>(std::move(compiled).value());
}

Status NotSet(std::string_view class_name, std::string_view field) {
  return InvalidArgumentError(std::string(class_name) + ": no " + std::string(field) + " is set");
}

Result<std::unique_ptr<Function>> ParseRegexReplace(const Json& json, std::string_view path) {
  Json fields = Json::object();
  QUARRY_ASSIGN_OR_RETURN(std::optional<JavaRegex> regex, CompileField(json, path, &fields));
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> text,
                          jf::OptionalString(json, "replacement", path));
  std::optional<Replacement> replacement;
  if (text) {
    QUARRY_ASSIGN_OR_RETURN(replacement, ParseReplacement(*text, path));
    fields["replacement"] = *text;
  }
  return MakeFunction(
      kStringRegexReplace, 1,
      [regex = std::move(regex), replacement](ValueRefs args) -> Result<Value> {
        if (args[0]->is_null()) return Value();
        if (!regex) return NotSet(kStringRegexReplace, "regex");
        if (!replacement) return NotSet(kStringRegexReplace, "replacement");
        QUARRY_ASSIGN_OR_RETURN(const std::string* input,
                                RequireString(kStringRegexReplace, *args[0]));
        std::string out;
        size_t copied = 0;
        for (const auto& [start, end] : AllMatches(*regex, *input)) {
          out.append(*input, copied, start - copied);
          out += replacement->Expand(std::string_view(*input).substr(start, end - start));
          copied = end;
        }
        out.append(*input, copied);
        return Value::String(std::move(out));
      },
      std::move(fields));
}

// Pattern.split(input) with limit 0.
ValueList Split(const JavaRegex& regex, const std::string& input) {
  ValueList parts;
  size_t index = 0;
  for (const auto& [start, end] : AllMatches(regex, input)) {
    // A zero-width match at the very start gives no leading empty string.
    if (start == 0 && end == 0) continue;
    parts.push_back(Value::String(input.substr(index, start - index)));
    index = end;
  }
  if (index == 0 && parts.empty()) return {Value::String(input)};
  parts.push_back(Value::String(input.substr(index)));
  while (!parts.empty() && parts.back().AsString().empty()) parts.pop_back();
  return parts;
}

Result<std::unique_ptr<Function>> ParseRegexSplit(const Json& json, std::string_view path) {
  Json fields = Json::object();
  QUARRY_ASSIGN_OR_RETURN(std::optional<JavaRegex> regex, CompileField(json, path, &fields));
  return MakeFunction(
      kStringRegexSplit, 1,
      [regex = std::move(regex)](ValueRefs args) -> Result<Value> {
        if (args[0]->is_null()) return Value();
        if (!regex) return NotSet(kStringRegexSplit, "regex");
        QUARRY_ASSIGN_OR_RETURN(const std::string* input,
                                RequireString(kStringRegexSplit, *args[0]));
        return Value::List(Split(*regex, *input));
      },
      std::move(fields));
}

}  // namespace

void AddRegexFunctions(std::vector<FunctionClass>* out) {
  out->push_back({kStringRegexReplace, ParseRegexReplace});
  out->push_back({kStringRegexSplit, ParseRegexSplit});
}

}  // namespace quarry::functions_internal
