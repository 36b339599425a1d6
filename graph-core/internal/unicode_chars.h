// Unicode letter case and categories as Java's Character methods give them
// (simple one-to-one mappings), for koryphe's case-insensitive predicates
// and the regex engine's (?iu) flag and \p{Lu} \p{Ll} \p{L} classes.
//
// Quarry carries no Unicode tables of its own: these read the C library's,
// through the "C.UTF-8" locale (glibc ships it built in). Where that locale
// cannot be opened they fall back to ASCII only, as before.
//
// Thread safety: all functions are safe to call concurrently.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace quarry::internal {

// Character.toUpperCase / toLowerCase of one code point.
uint32_t UnicodeToUpper(uint32_t cp);
uint32_t UnicodeToLower(uint32_t cp);

// The code point that every case variant of `cp` folds to, as Java's
// regionMatches(ignoreCase) compares: toLowerCase(toUpperCase(cp)).
uint32_t UnicodeFold(uint32_t cp);

// `utf8` decoded to code points, each folded (invalid bytes as U+FFFD).
std::vector<uint32_t> FoldedCodePoints(std::string_view utf8);
// The same into `*out` (cleared first), so a caller can reuse its storage.
void FoldCodePoints(std::string_view utf8, std::vector<uint32_t>* out);

// Sorted, disjoint, inclusive ranges of the code points in a general
// category: "Lu" (upper-case letters), "Ll" (lower-case), "L" (letters).
// Empty for other names. Built once per name.
const std::vector<std::pair<uint32_t, uint32_t>>& UnicodeCategory(std::string_view name);

}  // namespace quarry::internal
