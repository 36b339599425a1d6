#include "store-rocks/internal/key_format_migration.h"

#include <rocksdb/write_batch.h>

#include <memory>

#include "keypackages/key_format.h"
#include "keypackages/key_range.h"

namespace quarry::internal {
namespace {

constexpr size_t kVersion1SuffixBytes = 1 + kInsertIdBytes;  // 00 then the id.
constexpr size_t kKeysPerBatch = 4096;

rocksdb::Slice S(std::string_view s) { return rocksdb::Slice(s.data(), s.size()); }

}  // namespace

bool IsKeyFormat1InsertKey(std::string_view stored) {
  return stored.size() > kVersion1SuffixBytes &&
         stored[stored.size() - kVersion1SuffixBytes] == kKeyDelimiter;
}

std::string KeyFormat2InsertKey(std::string_view stored) {
  const size_t cut = stored.size() - kVersion1SuffixBytes;
  uint64_t id = 0;
  for (char c : stored.substr(cut + 1)) id = (id << 8) | static_cast<uint8_t>(c);
  std::string key(stored.substr(0, cut));
  AppendInsertId(id, &key);
  return key;
}

Status RewriteKeyFormat1Keys(RocksInstance* db, rocksdb::ColumnFamilyHandle* cf,
                             uint64_t* rewritten) {
  rocksdb::WriteOptions synced = db->write_options();
  synced.sync = true;
  synced.disableWAL = false;
  rocksdb::ReadOptions read;
  read.fill_cache = false;
  read.total_order_seek = true;
  // An iterator reads one implicit snapshot: it never meets the keys the
  // batches below add.
  std::unique_ptr<rocksdb::Iterator> it(db->db()->NewIterator(read, cf));
  rocksdb::WriteBatch batch;
  const std::string where = "rewriting key format 1 keys of column family " + cf->GetName();
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    std::string_view stored(it->key().data(), it->key().size());
    if (HasInsertId(stored)) continue;  // Rewritten before a crash.
    if (!IsKeyFormat1InsertKey(stored)) {
      return DataLossError(where + ": key " + HexBytes(stored) +
                           " has neither a version 1 nor a version 2 insert id");
    }
    QUARRY_RETURN_IF_ERROR(
        FromRocks(batch.Put(cf, S(KeyFormat2InsertKey(stored)), it->value()), where));
    QUARRY_RETURN_IF_ERROR(FromRocks(batch.Delete(cf, it->key()), where));
    ++*rewritten;
    if (batch.Count() >= 2 * kKeysPerBatch) {
      QUARRY_RETURN_IF_ERROR(FromRocks(db->db()->Write(synced, &batch), where));
      batch.Clear();
    }
  }
  QUARRY_RETURN_IF_ERROR(FromRocks(it->status(), where));
  if (batch.Count() == 0) return Status::OK();
  return FromRocks(db->db()->Write(synced, &batch), where);
}

}  // namespace quarry::internal
