// The persisted byte format of Quarry's RocksDB keys (key format version 2),
// shared by the ByteEntity and Classic key-packages.
//
// One RocksDB key holds one Accumulo key without its timestamp:
//
//   key = row_section 00 esc(group) 00 esc(column_qualifier) 00 esc(visibility)
//         [ 00 01 03 id ]
//
// where esc() is Gaffer's ByteArrayEscapeUtils escaping (00 -> 01 01,
// 01 -> 01 02, other bytes unchanged; schema/escaping.h), so 00 only ever
// delimits. The column qualifier is Gaffer's: for each groupBy property in
// the group's groupBy order, VLong(length) then the serialised bytes
// (length 0 for null). The visibility is the visibility property serialised
// by its type's serialiser, or empty. The timestamp lives in the value
// (keypackages/value_format.h), so one aggregation group is one RocksDB key.
//
// Insert ids. A group with "aggregate": false keeps every insert (Gaffer
// gives each a random Accumulo timestamp, gaffer-compat.md §4.2, §9.10), so
// its keys end with the optional trailing insert id: the tag `00 01 03`
// then `id`, an 8-byte big-endian unsigned integer unique within the graph
// (the store allocates them increasing in write order). Whether a group's
// keys carry it is the group's PropertyLayout::keys_carry_insert_id()
// (value_format.h): all of a group's stored keys do, or none. The tag makes
// the id self-describing: every 00 of a key without an id is followed by an
// escaped piece (which never starts 01 03: escaping only writes 01 01 and
// 01 02), a row flag then 00, or (Classic entities) 00; so no key without an
// id contains `00 01 03`, and a key carries an id exactly when its 11th-,
// 10th- and 9th-last bytes are 00 01 03. SplitKey therefore needs no schema.
// The id makes equal elements distinct keys, so a non-aggregated column
// family, like any other, holds strictly increasing keys; the inserts of one
// element are adjacent, oldest first (`K 00 ...` sorts below every longer
// key `K x...`, x >= 01, that is not one of K's inserts).
//
// Version 1 (written before the id joined the key format) stored a
// non-aggregated insert as `key 00 id`, without the 01 03 tag; the store
// rewrites such keys to version 2 when it opens a version 1 graph
// (store-rocks/internal/key_format_migration.h). A version 1 key's 9th-last
// byte is 00, a version 2 id key's is 03, so the two never look alike.
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
// Parsing. Once an insert id is taken off the end, the last three 00 bytes
// of a key delimit group, qualifier and visibility (none of them holds a raw
// 00); the row section is what precedes.
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

// Persisted in the graph's metadata with the key-package name. Graphs of
// kOldestReadableKeyFormatVersion open too (see "Version 1" above).
inline constexpr uint32_t kKeyFormatVersion = 2;
inline constexpr uint32_t kOldestReadableKeyFormatVersion = 1;

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

// The insert id's tag (00 then 01 03) and the bytes it adds to a key.
inline constexpr std::string_view kInsertIdTag{"\x00\x01\x03", 3};
inline constexpr size_t kInsertIdBytes = 8;
inline constexpr size_t kInsertIdSuffixBytes = 3 + kInsertIdBytes;

// The pieces of a key, each still escaped. Views into the key passed to
// SplitKey; valid while its bytes are.
struct KeyParts {
  std::string_view row_section;
  std::string_view group;
  std::string_view column_qualifier;
  std::string_view visibility;
  bool has_insert_id = false;
  uint64_t insert_id = 0;  // 0 unless has_insert_id.
};

// Splits `key`: its insert id if it carries one (see "Insert ids"), then the
// last three 00 bytes of what precedes it. DataLoss if that has fewer than
// four 00 bytes (a row section always holds at least one).
Result<KeyParts> SplitKey(std::string_view key);

// True if `key` ends with an insert id (kInsertIdTag then 8 bytes).
bool HasInsertId(std::string_view key);

// `key` without its insert id, if it has one (a prefix of `key`): the key of
// the element, equal for every insert of it.
std::string_view WithoutInsertId(std::string_view key);

// Appends the insert id suffix: kInsertIdTag then `id` big-endian. REQUIRES:
// `*key` is a key without an insert id of a group whose keys carry one.
void AppendInsertId(uint64_t id, std::string* key);

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
// here hold the same row and group (the unit of query-time aggregation;
// every insert of a non-aggregated group is an element of its own, and
// query-time aggregation never applies to such groups).
// DataLoss as SplitKey.
Result<size_t> RowAndGroupLength(std::string_view key);

}  // namespace quarry
