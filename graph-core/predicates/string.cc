// String predicates: Regex, MultiRegex and StringContains.
//
// Patterns are Java regexes compiled once at parse time by JavaRegex (see
// internal/java_regex.h for the supported syntax); a pattern it cannot run is
// InvalidArgument at parse time. Matching is a full match (Java's
// Matcher.matches()), never a substring search, and needs a String input.
#include <algorithm>
#include <vector>

#include "graph-core/internal/json_value_util.h"
#include "graph-core/internal/unicode_chars.h"
#include "graph-core/predicates/internal/java_regex.h"
#include "graph-core/predicates/internal/predicate_util.h"

namespace quarry::internal {
namespace {

constexpr std::string_view kRegex = "uk.gov.gchq.koryphe.impl.predicate.Regex";
constexpr std::string_view kMultiRegex = "uk.gov.gchq.koryphe.impl.predicate.MultiRegex";
constexpr std::string_view kStringContains = "uk.gov.gchq.koryphe.impl.predicate.StringContains";
constexpr std::string_view kPatternClass = "java.util.regex.Pattern";

struct CompiledPattern {
  std::string source;  // As given, for ToJson.
  JavaRegex regex;
};

Result<CompiledPattern> CompilePattern(const std::string& source, std::string_view path) {
  Result<JavaRegex> regex = JavaRegex::Compile(source);
  if (!regex.ok()) return JsonError(path, regex.status().message());
  return CompiledPattern{source, std::move(regex).value()};
}

// A pattern is {"java.util.regex.Pattern": "<regex>"}, {"Pattern": ...} or a bare string.
Result<CompiledPattern> ReadPattern(const Json& json, std::string_view path) {
  const Json* text = &json;
  if (json.is_object() && json.size() == 1) {
    const std::string& name = json.begin().key();
    if (name == kPatternClass || name == "Pattern") text = &json.begin().value();
  }
  if (!text->is_string()) {
    return JsonError(path, "expected {\"java.util.regex.Pattern\": \"<regex>\"} or a string, got " +
                               std::string(JsonTypeName(json)));
  }
  return CompilePattern(text->get<std::string>(), path);
}

Json PatternToJson(const CompiledPattern& p) {
  Json out = Json::object();
  out[std::string(kPatternClass)] = p.source;
  return out;
}

bool FullMatch(const CompiledPattern& p, const Value& input) {
  return input.type() == ValueType::kString && p.regex.FullMatch(input.AsString());
}

// Regex (one pattern) and MultiRegex (any of several).
class RegexPredicate : public Predicate {
 public:
  RegexPredicate(bool multi, std::vector<CompiledPattern> patterns)
      : multi_(multi), patterns_(std::move(patterns)) {}
  bool Test(ValueRefs args) const override {
    const Value& input = ArgAt(args, 0);
    for (const CompiledPattern& p : patterns_) {
      if (FullMatch(p, input)) return true;
    }
    return false;
  }
  Json ToJson() const override {
    Json out = ClassJson(multi_ ? kMultiRegex : kRegex);
    if (!multi_) {
      out["value"] = PatternToJson(patterns_[0]);
      return out;
    }
    Json list = Json::array();
    for (const CompiledPattern& p : patterns_) list.push_back(PatternToJson(p));
    out["value"] = std::move(list);
    return out;
  }

 private:
  bool multi_;
  std::vector<CompiledPattern> patterns_;
};

Result<PredicatePtr> ParseRegex(const Json& json, std::string_view path) {
  const Json* value = json_fields::Find(json, "value");
  if (value == nullptr) return MissingField(path, "value");
  std::vector<CompiledPattern> patterns;
  QUARRY_ASSIGN_OR_RETURN(CompiledPattern p, ReadPattern(*value, json_fields::Join(path, "value")));
  patterns.push_back(std::move(p));
  return PredicatePtr(std::make_unique<RegexPredicate>(false, std::move(patterns)));
}

Result<PredicatePtr> ParseMultiRegex(const Json& json, std::string_view path) {
  const Json* value = json_fields::Find(json, "value");
  if (value == nullptr) return MissingField(path, "value");
  std::string value_path = json_fields::Join(path, "value");
  if (!value->is_array()) {
    return JsonError(value_path,
                     "expected an array of patterns, got " + std::string(JsonTypeName(*value)));
  }
  std::vector<CompiledPattern> patterns;
  for (size_t i = 0; i < value->size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(CompiledPattern p,
                            ReadPattern((*value)[i], json_fields::Index(value_path, i)));
    patterns.push_back(std::move(p));
  }
  return PredicatePtr(std::make_unique<RegexPredicate>(true, std::move(patterns)));
}

// Substring test. ignoreCase is commons-lang's containsIgnoreCase, which
// compares with String.regionMatches(true, ...): Unicode case, each
// character folded to toLowerCase(toUpperCase(c)).
class StringContains : public Predicate {
 public:
  StringContains(std::string value, bool ignore_case)
      : value_(std::move(value)), ignore_case_(ignore_case) {
    if (ignore_case_) folded_ = internal::FoldedCodePoints(value_);
  }
  bool Test(ValueRefs args) const override {
    const Value& input = ArgAt(args, 0);
    if (input.type() != ValueType::kString) return false;
    if (!ignore_case_) return input.AsString().find(value_) != std::string::npos;
    // A filter runs per element: the folded input reuses one buffer per thread.
    thread_local std::vector<uint32_t> haystack;
    internal::FoldCodePoints(input.AsString(), &haystack);
    return std::search(haystack.begin(), haystack.end(), folded_.begin(), folded_.end()) !=
           haystack.end();
  }
  Json ToJson() const override {
    Json out = ClassJson(kStringContains);
    out["value"] = value_;
    out["ignoreCase"] = ignore_case_;
    return out;
  }

 private:
  std::string value_;
  bool ignore_case_;
  std::vector<uint32_t> folded_;  // value_'s folded code points, with ignoreCase.
};

Result<PredicatePtr> ParseStringContains(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> value,
                          ReadOptionalString(json, "value", path));
  if (!value) return MissingField(path, "value");
  QUARRY_ASSIGN_OR_RETURN(std::optional<bool> ignore_case,
                          ReadOptionalBool(json, "ignoreCase", path));
  return PredicatePtr(
      std::make_unique<StringContains>(std::move(*value), ignore_case.value_or(false)));
}

}  // namespace

void AddStringPredicates(std::vector<PredicateClass>* out) {
  out->push_back({kRegex, ParseRegex, "java.lang.String"});
  out->push_back({kMultiRegex, ParseMultiRegex, "java.lang.String"});
  out->push_back({kStringContains, ParseStringContains, "java.lang.String"});
}

}  // namespace quarry::internal
