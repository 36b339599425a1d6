// The parse tree of a JavaRegex pattern and the code point helpers shared by
// the parser (java_regex_parser.cc) and the compiler/VM (java_regex.cc).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "graph-core/predicates/internal/java_regex.h"
#include "graph-core/status.h"

namespace quarry::internal {

inline constexpr uint32_t kMaxCodePoint = 0x10FFFF;
inline constexpr uint32_t kReplacementChar = 0xFFFD;

struct RegexNode {
  enum class Kind : uint8_t { kEmpty, kClass, kAssert, kConcat, kAlt, kRepeat };
  Kind kind = Kind::kEmpty;
  CodePointRanges ranges;            // kClass
  JavaRegex::Assertion assertion{};  // kAssert
  std::vector<RegexNode> children;   // kConcat, kAlt, kRepeat (one child)
  int min = 0, max = -1;             // kRepeat; max -1 is unbounded
  bool lazy = false;                 // kRepeat: prefers fewer repetitions (X*?)
};

// Parses `pattern`. InvalidArgument (without the pattern text: the caller
// adds it) for syntax errors and unsupported constructs.
Result<RegexNode> ParseJavaRegex(std::string_view pattern);

// Decodes the code point at s[pos]; returns its length in bytes (1 with
// U+FFFD for an invalid sequence). REQUIRES: pos < s.size().
int DecodeUtf8(std::string_view s, size_t pos, uint32_t* cp);

// Sorts and merges overlapping or adjacent ranges.
void NormalizeRanges(CodePointRanges* ranges);
// The complement within [0, kMaxCodePoint]. REQUIRES: normalized input.
CodePointRanges ComplementRanges(const CodePointRanges& ranges);
// True if `cp` is in the normalized `ranges`.
bool RangesContain(const CodePointRanges& ranges, uint32_t cp);

// Line terminators as Java's '.' and '$' see them.
inline bool IsLineTerminator(uint32_t c) {
  return c == '\n' || c == '\r' || c == 0x85 || c == 0x2028 || c == 0x2029;
}
inline bool IsAsciiWordChar(uint32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

}  // namespace quarry::internal
