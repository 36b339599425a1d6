// Hadoop WritableUtils variable-length longs ("VLong"), as Gaffer's
// CompactRawSerialisationUtils writes them (gaffer-compat.md §3.2). Used by
// the CompactRaw serialisers and for the length prefixes of groupBy and
// value properties (gaffer-compat.md §4.2-4.3).
//
// Persisted format:
//   * v in [-112, 127]: one byte, v itself (two's complement).
//   * otherwise: a marker byte, then the magnitude big-endian in the fewest
//     bytes (1..8). For v >= 0 the magnitude is v and the marker is
//     -112 - nbytes (0x8f..0x88); for v < 0 the magnitude is ~v (one's
//     complement) and the marker is -120 - nbytes (0x87..0x80).
// Vectors: 0 -> 00, -112 -> 90, -113 -> 87 70, 128 -> 8f 80, 256 -> 8e 01 00,
// -1000 -> 86 03 e7, INT64_MAX -> 88 7f ff ff ff ff ff ff ff,
// INT64_MIN -> 80 7f ff ff ff ff ff ff ff.
//
// Decoding accepts non-minimal magnitudes, as Hadoop does.
//
// Thread safety: stateless functions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "graph-core/status.h"

namespace quarry {

// Appends the VLong encoding of `v` to `*dst`.
void AppendVLong(int64_t v, std::string* dst);

// The number of bytes AppendVLong writes for `v` (1..9).
int VLongSize(int64_t v);

// The total encoded size (1..9) announced by a VLong's first byte.
int DecodeVLongSize(uint8_t first_byte);

// Reads one VLong from `bytes` starting at `*pos` and advances `*pos` past
// it. DataLoss if the encoding is truncated (or `*pos` is at the end).
Result<int64_t> ReadVLong(std::string_view bytes, size_t* pos);

// Appends VLong(size) followed by `value`: Gaffer's length-value layout.
void AppendLengthPrefixed(std::string_view value, std::string* dst);

// Reads a length-value pair written by AppendLengthPrefixed starting at
// `*pos` and advances `*pos` past it. The view borrows from `bytes`.
// DataLoss if the length is truncated, negative or runs past the end.
Result<std::string_view> ReadLengthPrefixed(std::string_view bytes, size_t* pos);

}  // namespace quarry
