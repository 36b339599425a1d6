#include "cls/batch_format.h"

#include <random>

#include "keypackages/key_range.h"
#include "schema/escaping.h"

namespace quarry::cls {
namespace {

void AppendU32(uint32_t v, std::string* dst) {
  for (int shift = 24; shift >= 0; shift -= 8) dst->push_back(static_cast<char>(v >> shift));
}

void AppendU64(uint64_t v, std::string* dst) {
  for (int shift = 56; shift >= 0; shift -= 8) dst->push_back(static_cast<char>(v >> shift));
}

// Reads from the front of *in; false if too short.
bool ReadU32(std::string_view* in, uint32_t* v) {
  if (in->size() < 4) return false;
  *v = 0;
  for (int i = 0; i < 4; ++i) *v = (*v << 8) | static_cast<uint8_t>((*in)[i]);
  in->remove_prefix(4);
  return true;
}

bool ReadBytes(std::string_view* in, std::string* out) {
  uint32_t length = 0;
  if (!ReadU32(in, &length) || in->size() < length) return false;
  out->assign(in->data(), length);
  in->remove_prefix(length);
  return true;
}

Status EntryError(size_t index, const std::string& what) {
  return InvalidArgumentError("batch entry " + std::to_string(index) + ": " + what);
}

Status DecodeEntry(size_t index, std::string_view* in, BatchEntry* entry) {
  if (in->empty()) return EntryError(index, "truncated before its kind");
  uint8_t kind = static_cast<uint8_t>(in->front());
  in->remove_prefix(1);
  if (kind != static_cast<uint8_t>(BatchEntryKind::kAggregate) &&
      kind != static_cast<uint8_t>(BatchEntryKind::kPut)) {
    return EntryError(index, "unknown kind " + std::to_string(kind));
  }
  entry->kind = static_cast<BatchEntryKind>(kind);
  if (!ReadBytes(in, &entry->key)) return EntryError(index, "truncated key");
  if (entry->key.empty() || entry->key.size() > kMaxKeyBytes) {
    return EntryError(index, "key length " + std::to_string(entry->key.size()) + " outside 1.." +
                                 std::to_string(kMaxKeyBytes));
  }
  if (!ReadBytes(in, &entry->value)) return EntryError(index, "truncated value");
  return Status::OK();
}

}  // namespace

std::string NewBatchId(int64_t now_ms) {
  thread_local std::mt19937_64 random{std::random_device{}()};
  std::string id;
  AppendU64(static_cast<uint64_t>(now_ms), &id);
  AppendU64(random(), &id);
  return id;
}

size_t EncodedEntryBytes(size_t key_bytes, size_t value_bytes) {
  return 1 + 4 + key_bytes + 4 + value_bytes;
}

size_t EncodedBatchHeaderBytes() { return kBatchMagic.size() + kBatchIdBytes + 4; }

Status EncodeBatch(const Batch& batch, std::string* dst) {
  if (batch.id.size() != kBatchIdBytes) {
    return InvalidArgumentError("batch id must be " + std::to_string(kBatchIdBytes) + " bytes");
  }
  if (batch.entries.empty() || batch.entries.size() > kMaxBatchEntries) {
    return InvalidArgumentError("batch of " + std::to_string(batch.entries.size()) +
                                " entries: must hold 1.." + std::to_string(kMaxBatchEntries));
  }
  size_t start = dst->size();
  dst->append(kBatchMagic);
  dst->append(batch.id);
  AppendU32(static_cast<uint32_t>(batch.entries.size()), dst);
  for (size_t i = 0; i < batch.entries.size(); ++i) {
    const BatchEntry& e = batch.entries[i];
    if (e.key.empty() || e.key.size() > kMaxKeyBytes) {
      dst->resize(start);
      return EntryError(i, "key length outside 1.." + std::to_string(kMaxKeyBytes));
    }
    dst->push_back(static_cast<char>(e.kind));
    AppendU32(static_cast<uint32_t>(e.key.size()), dst);
    dst->append(e.key);
    AppendU32(static_cast<uint32_t>(e.value.size()), dst);
    dst->append(e.value);
  }
  if (dst->size() - start > kMaxBatchBytes) {
    dst->resize(start);
    return InvalidArgumentError("batch larger than " + std::to_string(kMaxBatchBytes) + " bytes");
  }
  return Status::OK();
}

Result<Batch> DecodeBatch(std::string_view in) {
  if (in.size() > kMaxBatchBytes) {
    return InvalidArgumentError("batch larger than " + std::to_string(kMaxBatchBytes) + " bytes");
  }
  if (in.substr(0, kBatchMagic.size()) != kBatchMagic) {
    return InvalidArgumentError("not a Quarry batch (bad magic or version)");
  }
  in.remove_prefix(kBatchMagic.size());
  if (in.size() < kBatchIdBytes) return InvalidArgumentError("batch truncated in its id");
  Batch batch;
  batch.id.assign(in.data(), kBatchIdBytes);
  in.remove_prefix(kBatchIdBytes);
  uint32_t count = 0;
  if (!ReadU32(&in, &count)) return InvalidArgumentError("batch truncated before its count");
  if (count == 0 || count > kMaxBatchEntries) {
    return InvalidArgumentError("batch of " + std::to_string(count) + " entries: must hold 1.." +
                                std::to_string(kMaxBatchEntries));
  }
  batch.entries.resize(count);
  for (size_t i = 0; i < count; ++i) {
    QUARRY_RETURN_IF_ERROR(DecodeEntry(i, &in, &batch.entries[i]));
  }
  if (!in.empty()) {
    return InvalidArgumentError(std::to_string(in.size()) + " trailing bytes after the batch");
  }
  return batch;
}

std::string TabletKeyPrefix(std::string_view group) {
  std::string prefix;
  Escape(group, &prefix);
  prefix.push_back('\0');
  return prefix;
}

void AppendTabletKey(std::string_view group, std::string_view stored_key, std::string* dst) {
  Escape(group, dst);
  dst->push_back('\0');
  dst->append(stored_key);
}

Result<TabletKeyParts> SplitTabletKey(std::string_view key) {
  size_t end = key.find('\0');
  if (end == 0) return InvalidArgumentError("a reserved key, not a data key");
  if (end == std::string_view::npos) {
    return InvalidArgumentError("tablet key without a group delimiter: " + HexBytes(key));
  }
  return TabletKeyParts{key.substr(0, end), key.substr(end + 1)};
}

std::string BatchRecordKey(std::string_view batch_id) {
  std::string key(kBatchKeyPrefix);
  key.append(batch_id);
  return key;
}

}  // namespace quarry::cls
