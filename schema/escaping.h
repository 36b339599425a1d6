// Byte escaping so that 0x00 can delimit the parts of a key (Gaffer's
// ByteArrayEscapeUtils, gaffer-compat.md §3.2).
//
// Persisted format: every byte passes through unchanged except
//   0x00 -> 0x01 0x01
//   0x01 -> 0x01 0x02
// so escaped bytes never contain 0x00. Example: 00 01 02 41 -> 01 01 01 02 02 41.
//
// Order: escaping preserves bytewise order, and a delimited sequence
// escape(a) 00 escape(b) ... sorts as the tuple (a, b, ...), because the
// delimiter 00 sorts below every byte an escaped part can contain.
//
// Thread safety: stateless functions.
#pragma once

#include <string>
#include <string_view>

#include "graph-core/status.h"

namespace quarry {

// The delimiter between escaped parts and the escape byte.
inline constexpr char kEscapeDelimiter = '\x00';
inline constexpr char kEscapeByte = '\x01';

// Appends the escaped form of `raw` to `*dst`.
void Escape(std::string_view raw, std::string* dst);

// Convenience: the escaped form of `raw`.
std::string Escaped(std::string_view raw);

// Appends the unescaped form of `escaped` to `*dst`. DataLoss if `escaped`
// is not an escaped string: it contains 0x00, or 0x01 is followed by
// anything but 0x01/0x02 or ends the input. On error `*dst` is as it was.
Status Unescape(std::string_view escaped, std::string* dst);

// Writes the unescaped form of `escaped` to `out` and returns its length
// (at most escaped.size()). REQUIRES: `out` has room for escaped.size()
// bytes. Errors as Unescape; then what `out` holds is unspecified. For
// callers that unescape a piece of every cell into storage they reuse.
Result<size_t> UnescapeTo(std::string_view escaped, char* out);

// Convenience: the unescaped form of `escaped`, or DataLoss as above.
Result<std::string> Unescaped(std::string_view escaped);

}  // namespace quarry
