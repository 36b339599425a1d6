// RocksGraph::BulkImport: sorted SST files, one per shard per group column
// family, written with rocksdb::SstFileWriter and ingested per instance
// (DB::IngestExternalFiles: atomic across the column families of one
// instance; instances one after the other). Accumulo's bulk import, with
// the shards as its tablets.
//
// Aggregation stays correct when keys already exist: for an aggregated group
// the cells of one key (in request order, oldest first) are folded with the
// value already stored under that key (read through the merge operator),
// and the ingested file carries the folded value, which replaces it.
// Non-aggregated groups get fresh distinct ids, so nothing is replaced.
//
// REQUIRES (documented in graph.h): no concurrent writes to the same keys
// while a bulk import runs — a write landing between the read of a stored
// value and the ingestion would be replaced.
#include <rocksdb/sst_file_writer.h>

#include <algorithm>
#include <filesystem>

#include "iterators/aggregate.h"
#include "store-rocks/distinct_key.h"
#include "store-rocks/internal/rocks_graph.h"

namespace quarry::internal {
namespace {

rocksdb::Slice S(const std::string& s) { return rocksdb::Slice(s); }

}  // namespace

Status RocksGraph::SortedCellsForGroup(const GroupState& group, const ShardMap& shards,
                                       std::vector<KeyValue> kvs, std::vector<KeyValue>* out) {
  if (group.distinct) {
    QUARRY_ASSIGN_OR_RETURN(uint64_t id, ids_->Reserve(kvs.size()));
    for (KeyValue& kv : kvs) AppendDistinctSuffix(id++, &kv.key);
    std::sort(kvs.begin(), kvs.end(),
              [](const KeyValue& a, const KeyValue& b) { return a.key < b.key; });
    *out = std::move(kvs);
    return Status::OK();
  }
  std::stable_sort(kvs.begin(), kvs.end(),
                   [](const KeyValue& a, const KeyValue& b) { return a.key < b.key; });
  const PropertyLayout& layout = *package_->LayoutFor(group.def->group());
  for (size_t i = 0; i < kvs.size();) {
    size_t end = i;
    while (end < kvs.size() && kvs[end].key == kvs[i].key) ++end;
    std::string stored;
    size_t db = shards.InstanceOf(kvs[i].key);
    rocksdb::Status s =
        dbs_[db]->db()->Get(rocksdb::ReadOptions(), group.cfs[db], S(kvs[i].key), &stored);
    if (!s.ok() && !s.IsNotFound()) return FromRocks(s, "reading a stored value for bulk import");
    std::vector<std::string_view> values;
    if (s.ok()) values.push_back(stored);
    for (size_t j = i; j < end; ++j) values.push_back(kvs[j].value);
    KeyValue merged{kvs[i].key, {}};
    QUARRY_RETURN_IF_ERROR(
        MergeStoredValues(layout, values, OperandOrder::kOldestFirst, &merged.value));
    out->push_back(std::move(merged));
    i = end;
  }
  return Status::OK();
}

Status RocksGraph::WriteSstFile(const GroupState& group, size_t instance,
                                std::span<const KeyValue> kvs, const std::string& path) const {
  rocksdb::ColumnFamilyHandle* cf = group.cfs[instance];
  rocksdb::Options options = dbs_[instance]->db()->GetOptions(cf);
  rocksdb::SstFileWriter writer(rocksdb::EnvOptions(), options, cf);
  QUARRY_RETURN_IF_ERROR(FromRocks(writer.Open(path), "opening " + path));
  for (const KeyValue& kv : kvs) {
    QUARRY_RETURN_IF_ERROR(FromRocks(writer.Put(S(kv.key), S(kv.value)), "writing " + path));
  }
  return FromRocks(writer.Finish(), "finishing " + path);
}

// Cuts the sorted `kvs` into runs of one shard each (a stored key lies in
// the shard of its key-package key) and writes a file per run.
Status RocksGraph::WriteShardFiles(
    const GroupState& group, const ShardMap& shards, const std::vector<KeyValue>& kvs,
    const std::string& staging,
    std::vector<std::vector<rocksdb::IngestExternalFileArg>>* args) const {
  std::vector<rocksdb::IngestExternalFileArg*> per_instance(dbs_.size(), nullptr);
  for (size_t i = 0; i < kvs.size();) {
    size_t shard = shards.ShardOf(kvs[i].key);
    size_t end = i + 1;
    while (end < kvs.size() && shards.ShardOf(kvs[end].key) == shard) ++end;
    size_t instance = shards.InstanceOfShard(shard);
    std::string path = (std::filesystem::path(staging) /
                        (group.def->group() + "." + std::to_string(shard) + ".sst"))
                           .string();
    QUARRY_RETURN_IF_ERROR(
        WriteSstFile(group, instance, std::span<const KeyValue>(kvs).subspan(i, end - i), path));
    if (per_instance[instance] == nullptr) {
      rocksdb::IngestExternalFileArg arg;
      arg.column_family = group.cfs[instance];
      arg.options.move_files = true;
      (*args)[instance].push_back(std::move(arg));
      per_instance[instance] = &(*args)[instance].back();
    }
    per_instance[instance]->external_files.push_back(path);
    i = end;
  }
  return Status::OK();
}

Status RocksGraph::BulkImport(std::span<const Element> elements, const AddElementsOptions& options,
                              AddElementsResult* result) {
  AddElementsResult local;
  if (result == nullptr) result = &local;
  *result = AddElementsResult();
  std::vector<Cell> cells;
  Status s = EncodeElements(elements, options, result, &cells);
  std::map<const GroupState*, std::vector<KeyValue>> by_group;
  for (Cell& c : cells) by_group[c.group].push_back(std::move(c.kv));
  std::shared_lock<std::shared_mutex> lock(shard_mu_);
  std::filesystem::path staging = std::filesystem::path(dir_) / "bulk-import";
  std::error_code ec;
  std::filesystem::remove_all(staging, ec);
  std::filesystem::create_directories(staging, ec);
  std::vector<std::vector<rocksdb::IngestExternalFileArg>> args(dbs_.size());
  for (auto& [group, kvs] : by_group) {
    if (!s.ok()) break;
    std::vector<KeyValue> sorted;
    s = SortedCellsForGroup(*group, shards_, std::move(kvs), &sorted);
    if (s.ok()) s = WriteShardFiles(*group, shards_, sorted, staging.string(), &args);
  }
  for (size_t i = 0; i < args.size() && s.ok(); ++i) {
    if (args[i].empty()) continue;
    s = FromRocks(dbs_[i]->db()->IngestExternalFiles(args[i]), "ingesting bulk import files");
  }
  std::filesystem::remove_all(staging, ec);
  if (!s.ok()) *result = AddElementsResult();
  return s;
}

}  // namespace quarry::internal
