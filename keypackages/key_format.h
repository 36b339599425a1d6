// The persisted byte format of Quarry's RocksDB keys (key format version 1),
// shared by the ByteEntity and Classic key-packages.
//
// One RocksDB key holds one Accumulo key without its timestamp:
//
//   key = row_section 00 esc(group) 00 esc(column_qualifier) 00 esc(visibility)
//
// where esc() is Gaffer's ByteArrayEscapeUtils escaping (00 -> 01 01,
// 01 -> 01 02, other bytes unchanged; schema/escaping.h), so 00 only ever
// delimits. The column qualifier is Gaffer's: for each groupBy property in
// the group's groupBy order, VLong(length) then the serialised bytes
// (length 0 for null). The visibility is the visibility property serialised
// by its type's serialiser, or empty. The timestamp lives in the value
// (keypackages/value_format.h), so one aggregation group is one RocksDB key.
//
// Row sections. Let V, S, D, X, Y be escaped serialised vertices (never 00).
//
//   ByteEntity (row_section == Gaffer's row, gaffer-compat.md §4.1):
//     entity                   V 00 01
//     edge, X first            X 00 f 00 Y 00 f    f = ByteEntityFlag
//   Classic:
//     entity                   V 00 00             (Gaffer's row is V)
//     edge, X first            X 00 Y 00 f         f = ClassicFlag (== Gaffer's row)
//
// An Edge S->D is stored under both rows (S first, flag "source first"; D
// first, flag "destination first"); an undirected edge under both with the
// undirected flag; a self-loop (S == D) only under the S-first row; an Entity
// under one row.
//
// Order. Bytewise order of keys equals Accumulo's order of (row, family,
// qualifier, visibility): esc() preserves order and `esc(a) 00` sorts before
// any longer `esc(a) x`. Rows would break this where one row is a proper
// prefix of another; that only happens in Classic, where the entity row V is
// a prefix of V's edge rows `V 00 ...`. The Classic entity row section
// therefore ends `00 00`, so its key continues `V 00 00 00`, below every edge
// key of V (`V 00 Y...` with Y >= 01, or `V 00 00 f` with f >= 01), as Gaffer
// sorts entity row V before its edge rows.
//
// Parsing. The last three 00 bytes of a key delimit group, qualifier and
// visibility (none of them holds a raw 00); the row section is what precedes.
// The first 00 of every key ends the first vertex, so `V 00` (RowPrefix) is a
// prefix of every key stored under vertex V and is what prefix bloom filters
// hash: every range a key-package builds for one vertex starts with it.
//
// Thread safety: free functions over immutable bytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "graph-core/status.h"

namespace quarry {

// Persisted in the graph's metadata with the key-package name.
inline constexpr uint32_t kKeyFormatVersion = 1;

inline constexpr char kKeyDelimiter = '\x00';
inline constexpr char kKeyDelimiterPlusOne = '\x01';

// ByteEntity row flags (Gaffer's ByteEntityPositions).
// Persisted: never renumber.
enum class ByteEntityFlag : uint8_t {
  kEntity = 1,
  kDirectedSourceFirst = 2,
  kDirectedDestinationFirst = 3,
  kUndirected = 4,
};

// Classic edge row flags (Gaffer's ClassicBytePositions). Entities carry none.
// Persisted: never renumber.
enum class ClassicFlag : uint8_t {
  kUndirected = 1,
  kDirectedSourceFirst = 2,
  kDirectedDestinationFirst = 3,
};

// The four pieces of a key, each still escaped. Views into the key passed to
// SplitKey; valid while its bytes are.
struct KeyParts {
  std::string_view row_section;
  std::string_view group;
  std::string_view column_qualifier;
  std::string_view visibility;
};

// Splits `key` at its last three 00 bytes. DataLoss if it has fewer than four
// 00 bytes (a row section always holds at least one).
Result<KeyParts> SplitKey(std::string_view key);

// The bytes of `key` up to and including its first 00: `V 00`, the first
// vertex and its delimiter. Empty if the key holds no 00 (not a valid key;
// see InRowPrefixDomain). The view borrows from `key`.
std::string_view RowPrefix(std::string_view key);

// The name a RocksDB SliceTransform wrapping RowPrefix should report (RocksDB
// persists it in table properties). Persisted: change it if RowPrefix changes.
inline constexpr std::string_view kRowPrefixExtractorName = "quarry.RowPrefix.1";

// True if RowPrefix(key) is defined: the key contains a 00 byte. For a RocksDB
// prefix extractor: InDomain(key) == InRowPrefixDomain(key), and
// Transform(key) == RowPrefix(key), which is a prefix of the key.
bool InRowPrefixDomain(std::string_view key);

// The length of `row_section 00 esc(group) 00`: keys with equal bytes up to
// here hold the same row and group (the unit of query-time aggregation).
// DataLoss as SplitKey.
Result<size_t> RowAndGroupLength(std::string_view key);

}  // namespace quarry
