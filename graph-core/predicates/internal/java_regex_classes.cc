#include "graph-core/predicates/internal/java_regex_classes.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "graph-core/internal/unicode_chars.h"

namespace quarry::internal {
namespace {

// Java's Unicode category and property classes: \p{Lu}, \p{IsLu},
// \p{javaUpperCase}, \p{IsUppercase}, and the same for Ll and L.
std::string_view UnicodeCategoryName(std::string_view name) {
  if (name == "Lu" || name == "javaUpperCase" || name == "Uppercase") return "Lu";
  if (name == "Ll" || name == "javaLowerCase" || name == "Lowercase") return "Ll";
  if (name == "L" || name == "javaLetter" || name == "Letter" || name == "Alphabetic") return "L";
  return {};
}

struct PosixClass {
  std::string_view name;
  CodePointRanges ranges;
};

const std::vector<PosixClass>& PosixClasses() {
  static const auto* classes = new std::vector<PosixClass>{
      {"Lower", {{'a', 'z'}}},
      {"Upper", {{'A', 'Z'}}},
      {"ASCII", {{0, 0x7F}}},
      {"Alpha", {{'A', 'Z'}, {'a', 'z'}}},
      {"Digit", {{'0', '9'}}},
      {"Alnum", {{'0', '9'}, {'A', 'Z'}, {'a', 'z'}}},
      {"Punct", {{'!', '/'}, {':', '@'}, {'[', '`'}, {'{', '~'}}},
      {"Graph", {{'!', '~'}}},
      {"Print", {{' ', '~'}}},
      {"Blank", {{' ', ' '}, {'\t', '\t'}}},
      {"Cntrl", {{0, 0x1F}, {0x7F, 0x7F}}},
      {"XDigit", {{'0', '9'}, {'A', 'F'}, {'a', 'f'}}},
      {"Space", {{'\t', '\r'}, {' ', ' '}}},
  };
  return *classes;
}

}  // namespace

void AddAsciiCaseFold(CodePointRanges* ranges) {
  CodePointRanges extra;
  for (const auto& [lo, hi] : *ranges) {
    for (uint32_t base : {uint32_t{'A'}, uint32_t{'a'}}) {
      uint32_t from = std::max(lo, base), to = std::min(hi, base + 25);
      if (from <= to) extra.push_back({from ^ 0x20, to ^ 0x20});
    }
  }
  ranges->insert(ranges->end(), extra.begin(), extra.end());
  NormalizeRanges(ranges);
}

void AddUnicodeCaseFold(CodePointRanges* ranges) {
  constexpr uint64_t kMaxFoldedSpan = 0x30000;
  uint64_t span = 0;
  for (const auto& [lo, hi] : *ranges) span += hi - lo + 1;
  if (span > kMaxFoldedSpan) return;
  CodePointRanges extra;
  for (const auto& [lo, hi] : *ranges) {
    for (uint32_t cp = lo; cp <= hi; ++cp) {
      for (uint32_t other : {UnicodeToUpper(cp), UnicodeToLower(cp)}) {
        if (other != cp) extra.push_back({other, other});
      }
    }
  }
  ranges->insert(ranges->end(), extra.begin(), extra.end());
  NormalizeRanges(ranges);
}

CodePointRanges NamedClassRanges(std::string_view name) {
  for (const PosixClass& pc : PosixClasses()) {
    if (pc.name == name) return pc.ranges;
  }
  if (std::string_view category = UnicodeCategoryName(name); !category.empty()) {
    return UnicodeCategory(category);
  }
  return {};
}

}  // namespace quarry::internal
