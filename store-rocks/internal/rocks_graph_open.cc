// RocksGraph: Create, Open, metadata and per-group plug-ins.

#include <filesystem>

#include "graph-core/clock.h"
#include "iterators/validate.h"
#include "keypackages/key_range.h"
#include "store-rocks/internal/data_dirs.h"
#include "store-rocks/internal/key_format_migration.h"
#include "store-rocks/internal/rocks_graph.h"
#include "store-rocks/metadata_format.h"
#include "store-rocks/prefix_extractor.h"
#include "store/schema_migration.h"

namespace quarry::internal {
namespace {

bool GraphFilesExist(const std::string& dir) {
  std::error_code ec;
  return std::filesystem::exists(std::filesystem::path(dir) / "CURRENT", ec);
}

// The metadata of a closed graph, read from a read-only RocksDB open of the
// metadata column family only (no merge operator needed, nothing written).
Result<std::map<std::string, std::string>> ReadMetadata(const std::string& dir) {
  rocksdb::DBOptions db_options;
  db_options.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  SetIntegrityOptions(&db_options);
  std::vector<rocksdb::ColumnFamilyDescriptor> cfs = {
      {rocksdb::kDefaultColumnFamilyName, rocksdb::ColumnFamilyOptions()}};
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* raw = nullptr;
  QUARRY_RETURN_IF_ERROR(
      FromRocksOpen(rocksdb::DB::OpenForReadOnly(db_options, dir, cfs, &handles, &raw), dir,
                    "opening the metadata of " + dir));
  std::unique_ptr<rocksdb::DB> db(raw);
  std::map<std::string, std::string> meta;
  std::unique_ptr<rocksdb::Iterator> it(db->NewIterator(rocksdb::ReadOptions(), handles[0]));
  // The callers' entries (Graph::PutMetadata) may be many: skip them.
  const std::string user_end = PrefixSuccessor(kUserMetadataPrefix);
  for (it->SeekToFirst(); it->Valid();) {
    if (it->key().starts_with(
            rocksdb::Slice(kUserMetadataPrefix.data(), kUserMetadataPrefix.size()))) {
      it->Seek(user_end);
      continue;
    }
    meta[it->key().ToString()] = it->value().ToString();
    it->Next();
  }
  Status s = FromRocks(it->status(), "reading the metadata of " + dir);
  it.reset();
  for (auto* h : handles) db->DestroyColumnFamilyHandle(h).PermitUncheckedError();
  db->Close().PermitUncheckedError();
  QUARRY_RETURN_IF_ERROR(s);
  return meta;
}

Status CheckFormat(const std::map<std::string, std::string>& meta, std::string_view key,
                   uint64_t expected) {
  auto it = meta.find(std::string(key));
  if (it == meta.end()) return DataLossError("graph metadata lacks " + std::string(key));
  QUARRY_ASSIGN_OR_RETURN(uint64_t stored, ParseMetaNumber(key, it->second));
  if (stored != expected) {
    return FailedPreconditionError("graph metadata " + std::string(key) + " is version " +
                                   std::to_string(stored) + "; this build reads version " +
                                   std::to_string(expected));
  }
  return Status::OK();
}

// The stored key format version: this build's or version 1, which Open
// rewrites (keypackages/key_format.h). Version 1 graphs also record the
// version of their non-aggregated suffix, which must be 1.
Result<uint64_t> KeyFormat(const std::map<std::string, std::string>& meta) {
  auto it = meta.find(std::string(kMetaKeyFormat));
  if (it == meta.end()) return DataLossError("graph metadata lacks quarry.key_format");
  QUARRY_ASSIGN_OR_RETURN(uint64_t stored, ParseMetaNumber(kMetaKeyFormat, it->second));
  if (stored < kOldestReadableKeyFormatVersion || stored > kKeyFormatVersion) {
    return FailedPreconditionError("graph metadata quarry.key_format is version " +
                                   std::to_string(stored) + "; this build reads versions " +
                                   std::to_string(kOldestReadableKeyFormatVersion) + " to " +
                                   std::to_string(kKeyFormatVersion));
  }
  if (stored == 1) QUARRY_RETURN_IF_ERROR(CheckFormat(meta, kMetaDistinctFormat, 1));
  return stored;
}

// Rewrites a key format 1 graph's keys to the current format, then records
// it (store-rocks/internal/key_format_migration.h).
Status UpgradeKeyFormat(const std::vector<std::unique_ptr<RocksInstance>>& dbs,
                        const std::map<std::string, GroupState, std::less<>>& groups) {
  uint64_t rewritten = 0;
  for (size_t i = 0; i < dbs.size(); ++i) {
    for (const auto& [name, group] : groups) {
      if (!group.insert_ids) continue;
      QUARRY_RETURN_IF_ERROR(RewriteKeyFormat1Keys(dbs[i].get(), group.cfs[i], &rewritten));
    }
  }
  QUARRY_RETURN_IF_ERROR(dbs[0]->PutMeta(kMetaKeyFormat, std::to_string(kKeyFormatVersion)));
  return FromRocks(
      dbs[0]->db()->Delete(rocksdb::WriteOptions(), dbs[0]->metadata(),
                           rocksdb::Slice(kMetaDistinctFormat.data(), kMetaDistinctFormat.size())),
      "removing quarry.distinct_format");
}

// True if the properties name a key-package rather than carry the default.
bool NamesKeyPackage(const StoreProperties& p) {
  return p.raw.count("gaffer.store.accumulo.keypackage.class") ||
         p.raw.count("quarry.keypackage") || p.key_package != StoreProperties().key_package;
}

Result<RocksProperties> EffectiveProperties(const std::map<std::string, std::string>& meta,
                                            const std::string& stored_package,
                                            const StoreProperties* given) {
  if (given == nullptr) {
    auto it = meta.find(std::string(kMetaStoreProperties));
    if (it == meta.end()) return DataLossError("graph metadata lacks quarry.store_properties");
    return RocksProperties::Parse(it->second, "stored store properties");
  }
  StoreProperties p = *given;
  if (NamesKeyPackage(p)) {
    QUARRY_ASSIGN_OR_RETURN(std::string_view wanted, CanonicalKeyPackageName(p.key_package));
    if (wanted != stored_package) {
      return FailedPreconditionError("key-package mismatch: the graph was created with '" +
                                     stored_package + "', the store properties name '" +
                                     std::string(wanted) + "'");
    }
  }
  p.key_package = stored_package;
  return RocksProperties::From(p);
}

// quarry.created_time, or for a graph created before it was recorded the
// time of this open (what Gaffer's Store reports: its own creation).
Result<int64_t> CreatedTime(const std::map<std::string, std::string>& meta) {
  auto it = meta.find(std::string(kMetaCreatedTime));
  if (it == meta.end()) return NowMillis();
  QUARRY_ASSIGN_OR_RETURN(uint64_t ms, ParseMetaNumber(kMetaCreatedTime, it->second));
  return static_cast<int64_t>(ms);
}

}  // namespace

Result<std::unique_ptr<RocksGraph>> RocksGraph::Assemble(const std::string& dir,
                                                         std::shared_ptr<const Schema> schema,
                                                         const RocksProperties& properties,
                                                         const std::vector<std::string>& dirs,
                                                         bool create, uint32_t value_format,
                                                         const std::string& secondary_root) {
  QUARRY_ASSIGN_OR_RETURN(std::string_view name,
                          CanonicalKeyPackageName(properties.generic.key_package));
  QUARRY_ASSIGN_OR_RETURN(auto package, MakeKeyPackage(name, schema, value_format));
  std::unique_ptr<RocksGraph> g(new RocksGraph());
  g->dir_ = dir;
  g->secondary_root_ = secondary_root;
  g->schema_ = schema;
  g->package_ = std::shared_ptr<const KeyPackage>(std::move(package));
  g->properties_ = properties;
  g->properties_.generic.key_package = std::string(name);
  g->properties_.data_dirs = dirs;
  QUARRY_ASSIGN_OR_RETURN(g->no_view_template_,
                          ScanTemplate::Create(*schema, View(), properties.validator_enabled));
  int threads = properties.EffectiveScanThreads();
  // The consumer's thread counts as one: threads - 1 TBB workers read shards.
  if (threads > 1) g->arena_ = std::make_unique<tbb::task_arena>(threads, 1);
  std::map<std::string, GroupPlugins> plugins;
  auto prefix = NewRowPrefixTransform();
  for (const auto* defs : {&schema->entity_groups(), &schema->edge_groups()}) {
    for (const SchemaElementDefinition* def : *defs) {
      GroupState state;
      state.def = def;
      state.insert_ids = g->package_->LayoutFor(def->group())->keys_carry_insert_id();
      state.counters = std::make_shared<ValidationCounters>();
      GroupPlugins& p = plugins[def->group()];
      p.prefix_extractor = prefix;
      if (def->aggregate()) {
        state.merge_operator = std::make_shared<AggregatingMergeOperator>(
            g->package_, g->package_->LayoutFor(def->group()));
        p.merge_operator = state.merge_operator;
      }
      // A group without validators needs no filter: nothing to decode.
      if (properties.validator_enabled && HasValidators(*def)) {
        p.compaction_filter_factory = std::make_shared<ValidationCompactionFilterFactory>(
            g->package_, def, state.insert_ids, state.counters);
      }
      g->groups_.emplace(def->group(), std::move(state));
    }
  }
  QUARRY_RETURN_IF_ERROR(g->OpenInstances(dirs, plugins, create));
  g->shards_ = ShardMap({}, g->dbs_.size());
  QUARRY_ASSIGN_OR_RETURN(g->ids_, DistinctIdAllocator::Open(g->dbs_[0].get()));
  if (properties.write_coalesce && secondary_root.empty()) {  // hotkeys2 (issue 18)
    RocksGraph* raw = g.get();
    g->coalescer_ = std::make_unique<WriteCoalescer<Cell>>(
        [raw](std::vector<Cell>* cells) { return raw->WriteCells(cells); },
        WriteCoalescerOptions{.writer_priority = properties.write_priority});
  }
  return g;
}

Status RocksGraph::WriteInitialMetadata() {
  rocksdb::WriteBatch batch;
  auto put = [&](std::string_view k, const std::string& v) {
    return FromRocks(batch.Put(dbs_[0]->metadata(), rocksdb::Slice(k.data(), k.size()), v),
                     "building metadata");
  };
  QUARRY_RETURN_IF_ERROR(put(kMetaFormat, std::to_string(kMetadataFormatVersion)));
  QUARRY_RETURN_IF_ERROR(put(kMetaKeyPackage, properties_.generic.key_package));
  QUARRY_RETURN_IF_ERROR(put(kMetaKeyFormat, std::to_string(kKeyFormatVersion)));
  QUARRY_RETURN_IF_ERROR(put(kMetaValueFormat, std::to_string(package_->value_format())));
  QUARRY_RETURN_IF_ERROR(put(kMetaStoreProperties, properties_.ToPropertiesText()));
  QUARRY_RETURN_IF_ERROR(put(kMetaSplitPoints, EncodeSplitPoints(split_points_)));
  if (!properties_.data_dirs.empty()) {
    QUARRY_RETURN_IF_ERROR(put(kMetaDataDirs, EncodeSplitPoints(properties_.data_dirs)));
  }
  QUARRY_RETURN_IF_ERROR(put(kMetaCreatedTime, std::to_string(created_time_ms_)));
  QUARRY_RETURN_IF_ERROR(put(kMetaSchema, schema_->json().dump()));  // Marks the graph whole.
  rocksdb::WriteOptions options;
  options.sync = true;
  return FromRocks(dbs_[0]->db()->Write(options, &batch), "writing the metadata of " + dir_);
}

Result<std::unique_ptr<Graph>> RocksGraph::Create(const std::string& dir,
                                                  std::shared_ptr<const Schema> schema,
                                                  const StoreProperties& given) {
  if (schema == nullptr) return InvalidArgumentError("Graph::Create needs a schema");
  if (GraphFilesExist(dir)) return AlreadyExistsError("a graph already exists in " + dir);
  QUARRY_ASSIGN_OR_RETURN(RocksProperties properties, RocksProperties::From(given));
  QUARRY_ASSIGN_OR_RETURN(std::vector<std::string> dirs,
                          ResolveDataDirs(dir, properties.data_dirs));
  for (size_t i = 1; i < dirs.size(); ++i) {
    if (GraphFilesExist(dirs[i])) {
      return AlreadyExistsError("quarry.data.dirs: a database already exists in " + dirs[i]);
    }
  }
  QUARRY_ASSIGN_OR_RETURN(
      auto g, Assemble(dir, std::move(schema), properties, dirs, true, kValueFormatVersion));
  g->created_time_ms_ = NowMillis();
  QUARRY_RETURN_IF_ERROR(g->WriteInitialMetadata());
  return std::unique_ptr<Graph>(std::move(g));
}

Result<std::unique_ptr<Graph>> RocksGraph::Open(const std::string& dir,
                                                std::shared_ptr<const Schema> schema,
                                                const StoreProperties* properties,
                                                const std::string& secondary_root) {
  if (!GraphFilesExist(dir)) return NotFoundError("no graph in " + dir);
  QUARRY_ASSIGN_OR_RETURN(auto meta, ReadMetadata(dir));
  // branch service (issue 19): a read-only view changes nothing, so it
  // leaves an interrupted delete or re-homing to the primary.
  const bool read_only = !secondary_root.empty();
  if (read_only && (schema != nullptr || properties != nullptr)) {
    return InvalidArgumentError("a read-only open takes no schema or store properties");
  }
  if (read_only) {
    meta.erase(std::string(kMetaDeletePending));
    meta.erase(std::string(kMetaRehomePending));
  }
  auto stored_json = meta.find(std::string(kMetaSchema));
  auto stored_package = meta.find(std::string(kMetaKeyPackage));
  if (stored_json == meta.end() || stored_package == meta.end()) {
    return NotFoundError("no graph in " + dir + " (metadata incomplete)");
  }
  QUARRY_RETURN_IF_ERROR(CheckFormat(meta, kMetaFormat, kMetadataFormatVersion));
  QUARRY_ASSIGN_OR_RETURN(uint64_t key_format, KeyFormat(meta));
  QUARRY_ASSIGN_OR_RETURN(uint32_t value_format, StoredValueFormat(meta));
  QUARRY_ASSIGN_OR_RETURN(RocksProperties props,
                          EffectiveProperties(meta, stored_package->second, properties));
  Result<std::shared_ptr<const Schema>> stored =
      Schema::FromJsonStrings({stored_json->second}, {"stored schema"});
  if (!stored.ok()) return DataLossError("stored schema: " + stored.status().message());
  bool new_schema = schema != nullptr;
  if (new_schema) QUARRY_RETURN_IF_ERROR(CheckSchemaMigration(**stored, *schema));
  QUARRY_ASSIGN_OR_RETURN(std::vector<std::string> dirs, StoredDataDirs(meta, dir));
  if (properties != nullptr) {
    QUARRY_ASSIGN_OR_RETURN(auto given, ResolveDataDirs(dir, props.data_dirs));
    QUARRY_RETURN_IF_ERROR(CheckSameDataDirs(dirs, given, props.data_dirs));
  }
  // A graph keeps the value format it was created with (value_format.h).
  const uint32_t write_format = ValueFormatToWrite(value_format);
  QUARRY_ASSIGN_OR_RETURN(auto g, Assemble(dir, new_schema ? schema : *stored, props, dirs, false,
                                           write_format, secondary_root));
  QUARRY_RETURN_IF_ERROR(g->FinishPendingDelete(meta));
  QUARRY_RETURN_IF_ERROR(g->LoadShards(meta));
  QUARRY_ASSIGN_OR_RETURN(g->created_time_ms_, CreatedTime(meta));
  if (key_format != kKeyFormatVersion)
    QUARRY_RETURN_IF_ERROR(UpgradeKeyFormat(g->dbs_, g->groups_));
  if (new_schema) QUARRY_RETURN_IF_ERROR(g->dbs_[0]->PutMeta(kMetaSchema, schema->json().dump()));
  if (write_format != value_format && !read_only) {  // Values of it may be written from now.
    QUARRY_RETURN_IF_ERROR(g->dbs_[0]->PutMeta(kMetaValueFormat, std::to_string(write_format)));
  }
  if (properties != nullptr) {
    QUARRY_RETURN_IF_ERROR(
        g->dbs_[0]->PutMeta(kMetaStoreProperties, g->properties_.ToPropertiesText()));
  }
  return std::unique_ptr<Graph>(std::move(g));
}

RocksGraph::~RocksGraph() {
  // Kept stacks and iterators read their instance: drop them all before the
  // first instance closes.
  stack_cache_.Clear();
  for (const auto& db : dbs_) {
    if (db != nullptr) db->iterator_pool()->Clear();
  }
}

const GroupState* RocksGraph::group(std::string_view name) const {
  auto it = groups_.find(name);
  return it == groups_.end() ? nullptr : &it->second;
}

}  // namespace quarry::internal
