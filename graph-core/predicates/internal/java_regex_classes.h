// The code-point sets behind JavaRegex's case folding and named classes
// (java_regex.h): (?i) folding, ASCII or, with (?u), Unicode; and the
// \p{..} names the parser accepts.
//
// Thread safety: stateless functions (UnicodeCategory builds its tables once).
#pragma once

#include <string_view>

#include "graph-core/predicates/internal/java_regex_ast.h"

namespace quarry::internal {

// Adds the other ASCII case of every letter in `ranges`.
void AddAsciiCaseFold(CodePointRanges* ranges);

// Adds the Unicode upper and lower case of every code point in `ranges`; a
// class wider than 0x30000 code points (a negated class, mostly) already
// holds nearly every case variant and is left as it is.
void AddUnicodeCaseFold(CodePointRanges* ranges);

// The code points of \p{name} (an "Is" prefix already removed): Java's POSIX
// classes (ASCII, as without UNICODE_CHARACTER_CLASS) and the Unicode
// categories Lu, Ll and L with their Java aliases. Empty if unknown.
CodePointRanges NamedClassRanges(std::string_view name);

}  // namespace quarry::internal
