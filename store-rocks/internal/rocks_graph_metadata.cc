// RocksGraph: the callers' durable key/values (Graph::PutMetadata), kept in
// instance 0's metadata column family under kUserMetadataPrefix
// (store-rocks/metadata_format.h).
#include <rocksdb/db.h>

#include "keypackages/key_range.h"
#include "store-rocks/internal/rocks_graph.h"
#include "store-rocks/metadata_format.h"

namespace quarry::internal {
namespace {

std::string StoredKey(std::string_view key) {
  std::string out(kUserMetadataPrefix);
  out.append(key);
  return out;
}

rocksdb::Slice AsSlice(std::string_view s) { return rocksdb::Slice(s.data(), s.size()); }

Status CheckKey(std::string_view key) {
  if (key.empty()) return InvalidArgumentError("metadata key must not be empty");
  return Status::OK();
}

// Synced whatever the graph's durability: these entries are few and an
// acknowledged job or result must survive power loss.
rocksdb::WriteOptions SyncedWrite(const RocksInstance& db) {
  rocksdb::WriteOptions options = db.write_options();
  options.sync = true;
  options.disableWAL = false;
  return options;
}

}  // namespace

Status RocksGraph::PutMetadata(std::string_view key, std::string_view value) {
  QUARRY_RETURN_IF_ERROR(CheckKey(key));
  RocksInstance& db = *dbs_[0];
  return FromRocks(
      db.db()->Put(SyncedWrite(db), db.metadata(), AsSlice(StoredKey(key)), AsSlice(value)),
      "writing metadata key '" + std::string(key) + "'");
}

Result<std::optional<std::string>> RocksGraph::GetMetadata(std::string_view key) const {
  QUARRY_RETURN_IF_ERROR(CheckKey(key));
  const RocksInstance& db = *dbs_[0];
  std::string value;
  rocksdb::Status s =
      db.db()->Get(rocksdb::ReadOptions(), db.metadata(), AsSlice(StoredKey(key)), &value);
  if (s.IsNotFound()) return std::optional<std::string>();
  QUARRY_RETURN_IF_ERROR(FromRocks(s, "reading metadata key '" + std::string(key) + "'"));
  return std::optional<std::string>(std::move(value));
}

Status RocksGraph::DeleteMetadata(std::string_view key) {
  QUARRY_RETURN_IF_ERROR(CheckKey(key));
  RocksInstance& db = *dbs_[0];
  return FromRocks(db.db()->Delete(SyncedWrite(db), db.metadata(), AsSlice(StoredKey(key))),
                   "deleting metadata key '" + std::string(key) + "'");
}

Result<std::vector<std::pair<std::string, std::string>>> RocksGraph::ListMetadata(
    std::string_view prefix) const {
  const RocksInstance& db = *dbs_[0];
  const std::string start = StoredKey(prefix);
  const std::string end = PrefixSuccessor(start);  // Never empty: the prefix ends in '/'.
  rocksdb::Slice upper(end);
  rocksdb::ReadOptions read;
  read.iterate_upper_bound = &upper;
  std::unique_ptr<rocksdb::Iterator> it(db.db()->NewIterator(read, db.metadata()));
  std::vector<std::pair<std::string, std::string>> out;
  for (it->Seek(start); it->Valid(); it->Next()) {
    rocksdb::Slice k = it->key();
    k.remove_prefix(kUserMetadataPrefix.size());
    out.emplace_back(k.ToString(), it->value().ToString());
  }
  QUARRY_RETURN_IF_ERROR(FromRocks(it->status(), "listing metadata"));
  return out;
}

}  // namespace quarry::internal
