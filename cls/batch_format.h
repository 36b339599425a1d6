// The persisted byte formats shared by Quarry's RADOS store (store-rados/)
// and its object class (libcls_quarry.so, cls/cls_quarry.cc): the ingest
// batch a client sends to one tablet object, and the layout of a tablet
// object's omap and xattrs. Batch format version 1, tablet format version 1.
//
// Batch (the input of the class method "apply"):
//
//   batch = "QRB1"                          magic and version
//           batch_id: 16 bytes              8-byte big-endian ms since the
//                                           epoch, then 8 bytes unique to the
//                                           client (random)
//           count: u32 big-endian           1..kMaxBatchEntries
//           count x entry
//   entry = kind: u8 (BatchEntryKind)
//           key_length: u32 big-endian, key bytes   (a tablet omap key, below)
//           value_length: u32 big-endian, value bytes (value_format.h)
//
// An aggregate entry is folded into the stored value of its key with the
// group's ingest aggregator (entries of one key in batch order, oldest
// first: iterators/aggregate.h kOldestFirst); a put entry stores a key of a
// non-aggregated group that must not exist yet (its distinct suffix makes
// it unique). The whole batch is one atomic write; its id is recorded so a
// resent batch is acknowledged without being applied again.
//
// Tablet object (one of a graph's power-of-two tablets):
//
//   xattr quarry.schema       the schema JSON the graph was created with
//   xattr quarry.key_package  the key-package name ("byteEntity"/"classic")
//   omap data key   = esc(group) 00 stored_key
//                     stored_key: the key-package key (key_format.h), with
//                     store-rocks/distinct_key.h's suffix in non-aggregated
//                     groups. The group prefix plays the part of store-rocks'
//                     column family per group: one group's keys are
//                     contiguous and in key-package order.
//   omap batch key  = 00 'b' batch_id     value empty: batch applied
// esc(group) is never empty and never starts with 00, so reserved keys
// (00 ...) never collide with data keys.
//
// Thread safety: free functions over immutable bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"

namespace quarry::cls {

inline constexpr std::string_view kBatchMagic = "QRB1";
inline constexpr size_t kBatchIdBytes = 16;
// Bounds that keep one class call far below the OSD op timeouts and the
// OSD's maximum write size.
inline constexpr size_t kMaxBatchEntries = 4096;
inline constexpr size_t kMaxBatchBytes = 4 << 20;
inline constexpr size_t kMaxKeyBytes = 64 << 10;

inline constexpr char kClassName[] = "quarry";
inline constexpr char kApplyMethod[] = "apply";
// "clear": removes every data key of the tablet object (the omap range
// [kDataKeysBegin, kDataKeysEnd)), keeping the batch records and xattrs,
// in one atomic OSD write (Graph::DeleteAllElements). Takes no input.
inline constexpr char kClearMethod[] = "clear";
// Data keys start with esc(group), a UTF-8 group name: never 00, never ff
// (no UTF-8 string contains the byte ff), so this range holds every data
// key and no reserved key.
inline constexpr std::string_view kDataKeysBegin{"\x01", 1};
inline constexpr std::string_view kDataKeysEnd{"\xff", 1};
inline constexpr char kSchemaXattr[] = "quarry.schema";
inline constexpr char kKeyPackageXattr[] = "quarry.key_package";
// The graph's value format (keypackages/value_format.h), decimal. Absent on
// tablets created before value format 3: those hold version 2 values.
inline constexpr char kValueFormatXattr[] = "quarry.value_format";
inline constexpr uint32_t kValueFormatOfUnmarkedTablets = 2;
inline constexpr std::string_view kBatchKeyPrefix{
    "\x00"
    "b",
    2};
// The class's reply (at most osd_max_write_op_reply_len bytes).
inline constexpr std::string_view kReplyApplied = "applied";
inline constexpr std::string_view kReplyDuplicate = "duplicate";

// Persisted: never renumber.
enum class BatchEntryKind : uint8_t {
  kAggregate = 1,
  kPut = 2,
};

struct BatchEntry {
  BatchEntryKind kind = BatchEntryKind::kAggregate;
  std::string key;    // Tablet omap data key.
  std::string value;  // Stored value (keypackages/value_format.h).
};

struct Batch {
  std::string id;  // kBatchIdBytes bytes.
  std::vector<BatchEntry> entries;
};

// A fresh batch id: `now_ms` then 8 random bytes.
std::string NewBatchId(int64_t now_ms);

// Appends the encoded batch. InvalidArgument naming the bound if the batch
// is empty, too large, has an id of the wrong size or a key too long.
Status EncodeBatch(const Batch& batch, std::string* dst);
// Decodes `bytes`. InvalidArgument naming what is wrong (magic, count,
// entry index, kind, lengths, trailing bytes); never reads out of bounds.
Result<Batch> DecodeBatch(std::string_view bytes);
// The encoded size of an entry with these lengths (for bounding batches).
size_t EncodedEntryBytes(size_t key_bytes, size_t value_bytes);
// The encoded size of a batch's fixed header.
size_t EncodedBatchHeaderBytes();

// esc(group) 00.
std::string TabletKeyPrefix(std::string_view group);
// Appends esc(group) 00 stored_key.
void AppendTabletKey(std::string_view group, std::string_view stored_key, std::string* dst);
// The parts of a data key. InvalidArgument if the key is reserved or lacks
// the group delimiter. Views borrow from `key`.
struct TabletKeyParts {
  std::string_view escaped_group;
  std::string_view stored_key;
};
Result<TabletKeyParts> SplitTabletKey(std::string_view key);
// 00 'b' batch_id.
std::string BatchRecordKey(std::string_view batch_id);

}  // namespace quarry::cls
