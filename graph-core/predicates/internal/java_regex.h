// JavaRegex: full-match regular expressions in java.util.regex syntax, run by
// a Pike VM (Thompson NFA simulation): time O(pattern x input), memory
// O(pattern), and no recursion over the input, so a long property value
// cannot exhaust a compaction thread's stack (std::regex recurses per input
// character and crashes on inputs of ~100k characters).
//
// Supported: literals and escapes (\t \n \r \f \a \e \0oct \xhh \x{h..}
// \uhhhh \cX \Q..\E), '.', classes [a-z] [^..] with escapes and predefined
// classes inside, \d \D \w \W \s \S, POSIX \p{Alpha}-style classes, the Unicode
// categories \p{Lu} \p{Ll} \p{L} (from the C library's tables), groups
// (..) (?:..) (?<name>..), alternation, quantifiers * + ? {n} {n,} {n,m}
// (greedy or lazy), anchors ^ $ \A \z \Z \b \B,
// and the flags (?i) (ASCII case folding, as Java's default; with (?u) or
// (?U) Unicode case folding from the C library's tables) and (?s), also
// scoped as (?i:..). Rejected with InvalidArgument: back-references,
// lookaround, possessive quantifiers, class unions/intersections and other
// constructs that need backtracking or Unicode tables.
//
// Matching works on UTF-8 code points; invalid UTF-8 bytes match as U+FFFD.
//
// Thread safety: immutable after Compile(); FullMatch() is const and
// reentrant.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "graph-core/status.h"

namespace quarry::internal {

// A set of code points: sorted, disjoint, inclusive ranges.
using CodePointRanges = std::vector<std::pair<uint32_t, uint32_t>>;

class JavaRegex {
 public:
  // InvalidArgument naming the pattern, the problem and its offset.
  static Result<JavaRegex> Compile(std::string_view pattern);

  // True if the whole of `input` matches (Java's Matcher.matches()).
  bool FullMatch(std::string_view input) const;

  // Matcher.find() from byte offset `from` (REQUIRES: a code point boundary
  // <= input.size()): the match with the leftmost start, chosen among those
  // by Java's priorities (earlier alternatives first, greedy quantifiers
  // longest, lazy ones shortest). Returns its [start, end) byte offsets, or
  // nullopt. Capture groups are not reported.
  std::optional<std::pair<size_t, size_t>> Find(std::string_view input, size_t from) const;

  // One instruction of the compiled program. Public for the compiler in
  // java_regex.cc; not part of the contract.
  enum class Op : uint8_t { kClass, kSplit, kJump, kAssert, kMatch };
  enum class Assertion : uint8_t {
    kLineStart,   // ^
    kLineEnd,     // $ and \Z: end, or before a final line terminator
    kInputStart,  // \A
    kInputEnd,    // \z
    kWordBoundary,
    kNotWordBoundary,
  };
  struct Inst {
    Op op;
    Assertion assertion = Assertion::kInputStart;
    int x = 0, y = 0;      // kSplit targets (x preferred), kJump target (x)
    int class_index = -1;  // kClass: index into classes_
  };

 private:
  friend class RegexCompiler;
  std::vector<Inst> program_;
  std::vector<CodePointRanges> classes_;
};

}  // namespace quarry::internal
