#include "store-rocks/rocks_instance.h"

#include <rocksdb/cache.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/slice_transform.h>
#include <rocksdb/sst_file_reader.h>
#include <rocksdb/table.h>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "store-rocks/block_cache_tickers.h"
#include "store-rocks/hot_key_options.h"  // hotkeys (issue 18)

namespace quarry {
namespace {

constexpr std::string_view kGroupPrefix = "g:";

// WAL kept before the column families pinning the oldest file are flushed,
// in write buffers (quarry.write.buffer.size).
constexpr uint64_t kWalBuffersKept = 4;

rocksdb::CompressionType Compression(const std::string& name) {
  if (name == "none") return rocksdb::kNoCompression;
  if (name == "snappy") return rocksdb::kSnappyCompression;
  if (name == "zstd") return rocksdb::kZSTD;
  return rocksdb::kLZ4Compression;
}

// `insert_hints`: false for a secondary instance, which replays the
// primary's WAL (range deletes included) into memtables of its own.
rocksdb::ColumnFamilyOptions GroupOptions(const RocksProperties& p,
                                          const std::shared_ptr<rocksdb::Cache>& cache,
                                          const GroupPlugins& plugins, bool insert_hints) {
  rocksdb::ColumnFamilyOptions cf;
  cf.write_buffer_size = p.write_buffer_bytes;
  cf.compression = Compression(p.compression);
  cf.merge_operator = plugins.merge_operator;
  // Every write's cells arrive sorted (store-rocks/internal/write_order.h).
  // With an insert hint (one, for the empty prefix every key has), each
  // insert starts from the previous one's place in the skip list and climbs
  // only as far as it must; without one, RocksDB searched from the top for
  // every cell: 43% of an ingesting thread's instructions, and ingest rose
  // by a fifth with the hint (bench/RESULTS.md, session 25). RocksDB 7.8
  // shares the hint with range tombstones: see RocksGraph::
  // FlushForRangeDeletes, the one writer of range deletes.
  if (insert_hints) {
    cf.memtable_insert_with_hint_prefix_extractor.reset(rocksdb::NewFixedPrefixTransform(0));
  }
  // hotkeys (issue 18): bound the merge operands a read meets per key: on
  // from open only when set explicitly, else turned on by a hot scan
  // (store-rocks/hot_key_options.h).
  if (plugins.merge_operator) {
    cf.max_successive_merges = static_cast<size_t>(MaxSuccessiveMerges(p.generic));
  }
  cf.compaction_filter_factory = plugins.compaction_filter_factory;
  rocksdb::BlockBasedTableOptions table;
  table.block_cache = cache;
  table.cache_index_and_filter_blocks = true;
  table.pin_l0_filter_and_index_blocks_in_cache = true;
  // Partitioned index and filters: a compacted SST file's whole index and
  // filter are megabytes, and with a block cache smaller than the data they
  // were evicted and read back (checksummed, decompressed) for nearly every
  // point lookup. Partitions are 4 KiB and only the small top level is
  // pinned, so a lookup reads the one partition it needs
  // (bench/RESULTS.md, "Partitioned index and filters").
  table.index_type = rocksdb::BlockBasedTableOptions::kTwoLevelIndexSearch;
  table.partition_filters = true;
  table.metadata_block_size = 4096;
  table.pin_top_level_index_and_filter = true;
  table.cache_index_and_filter_blocks_with_high_priority = true;
  if (p.pin_index) {  // quarry.cache.pin.index: every partition, loaded at open.
    table.metadata_cache_options.partition_pinning = rocksdb::PinningTier::kAll;
    table.metadata_cache_options.unpartitioned_pinning = rocksdb::PinningTier::kAll;
  }
  if (plugins.prefix_extractor && p.bloom_bits_per_key > 0) {
    cf.prefix_extractor = plugins.prefix_extractor;
    table.filter_policy.reset(rocksdb::NewBloomFilterPolicy(p.bloom_bits_per_key));
    table.whole_key_filtering = false;
    cf.memtable_prefix_bloom_size_ratio = 0.02;
  }
  cf.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
  return cf;
}

// branch service (issue 19): the two tickers of the metrics' block cache
// hit rate (store-rocks/engine_stats.h), counted by BlockCacheTickers rather
// than RocksDB's own statistics, whose other tickers cost every seek.
rocksdb::DBOptions DatabaseOptions(const RocksProperties& p, bool create) {
  rocksdb::DBOptions db;
  db.statistics = std::make_shared<BlockCacheTickers>();
  db.create_if_missing = create;
  db.create_missing_column_families = true;
  db.max_background_jobs = p.background_jobs;
  // A read that drops the last reference to an old version of the database
  // would otherwise delete the obsolete SST and WAL files itself: an unlink
  // that, on a filesystem mounted with discard, waits milliseconds for the
  // device (seen in traces of reads under hot-key ingest, issue 18). Flush
  // threads delete them instead.
  db.avoid_unnecessary_blocking_io = true;
  db.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  db.keep_log_file_num = 3;
  // A column family written once and rarely after (the metadata, a cold
  // group) keeps every WAL file since its write until it is flushed. By
  // default RocksDB forces that flush only past 4x the write buffers of all
  // column families (1.5 GiB for a two-group graph), all replayed by the next
  // open: 7 s for `quarry info` after a 10M-event ingest. Past this bound the
  // column families holding the oldest WAL are flushed, so it can be deleted.
  db.max_total_wal_size = kWalBuffersKept * p.write_buffer_bytes;
  SetIntegrityOptions(&db);
  return db;
}

}  // namespace

// RocksDB's info log, kept off the data's filesystem: its LOG file there
// shares the graph's fate when the disk fills, and Debian's RocksDB (built
// with assertions) aborts the process when it logs the flush error after a
// failed LOG write (issue 15, GraphDiskFullTest). Fatal messages go to
// stderr; the rest (errors come back as Status anyway) is dropped.
class FatalToStderrLogger : public rocksdb::Logger {
 public:
  FatalToStderrLogger() : rocksdb::Logger(rocksdb::InfoLogLevel::FATAL_LEVEL) {}
  using rocksdb::Logger::Logv;
  void Logv(const char* format, va_list ap) override {
    Logv(rocksdb::InfoLogLevel::INFO_LEVEL, format, ap);
  }
  void Logv(const rocksdb::InfoLogLevel level, const char* format, va_list ap) override {
    // Errors reach the caller as a Status; only a fatal one is printed
    // (an ERROR-level line for a probe of a missing directory would be
    // noise on every `quarry create`).
    if (level != rocksdb::InfoLogLevel::FATAL_LEVEL) return;
    char line[1024];
    std::vsnprintf(line, sizeof(line), format, ap);
    std::fprintf(stderr, "rocksdb: %s\n", line);
  }
};

// The MANIFEST named by CURRENT, and the WAL files, of the database at
// `path`, for a Corruption whose message names no file: a read-only open
// that skips damaged WAL records tells the two apart.
std::string CorruptLogFiles(const std::string& path) {
  rocksdb::DBOptions options;
  options.info_log = std::make_shared<FatalToStderrLogger>();
  options.wal_recovery_mode = rocksdb::WALRecoveryMode::kSkipAnyCorruptedRecords;
  std::vector<rocksdb::ColumnFamilyDescriptor> cfs = {
      {rocksdb::kDefaultColumnFamilyName, rocksdb::ColumnFamilyOptions()}};
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* raw = nullptr;
  rocksdb::Status s = rocksdb::DB::OpenForReadOnly(options, path, cfs, &handles, &raw);
  if (s.ok()) {
    for (auto* h : handles) raw->DestroyColumnFamilyHandle(h).PermitUncheckedError();
    delete raw;
    std::vector<std::string> wals;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(path, ec)) {
      if (entry.path().extension() == ".log" && entry.file_size(ec) > 0) {
        wals.push_back(entry.path().filename().string());
      }
    }
    std::sort(wals.begin(), wals.end());
    std::string names;
    for (const std::string& name : wals) names += (names.empty() ? "" : ", ") + name;
    return "a damaged WAL record in " + names;
  }
  std::ifstream current(std::filesystem::path(path) / "CURRENT");
  std::string manifest;
  std::getline(current, manifest);
  return "the MANIFEST " + (manifest.empty() ? std::string("(CURRENT unreadable)") : manifest);
}

void SetIntegrityOptions(rocksdb::DBOptions* options) {
  options->info_log = std::make_shared<FatalToStderrLogger>();
  options->paranoid_checks = true;
  options->wal_recovery_mode = rocksdb::WALRecoveryMode::kTolerateCorruptedTailRecords;
}

std::vector<std::string> DamagedSstFiles(const std::string& path) {
  std::vector<std::string> damaged;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(path, ec)) {
    if (entry.path().extension() != ".sst") continue;
    rocksdb::SstFileReader reader{rocksdb::Options()};
    rocksdb::Status s = reader.Open(entry.path().string());
    if (s.ok()) s = reader.VerifyChecksum();
    if (!s.ok()) damaged.push_back(entry.path().filename().string());
  }
  std::sort(damaged.begin(), damaged.end());
  return damaged;
}

Status FromRocksOpen(const rocksdb::Status& s, const std::string& path, std::string_view context) {
  Status status = FromRocks(s, context);
  if (!s.IsCorruption()) return status;
  std::vector<std::string> damaged = DamagedSstFiles(path);
  if (damaged.empty()) {
    const std::string& m = status.message();
    bool named = m.find(".sst") != std::string::npos || m.find("MANIFEST") != std::string::npos ||
                 m.find(".log") != std::string::npos;
    if (named) return status;
    return DataLossError(m + " (in " + CorruptLogFiles(path) + ")");
  }
  std::string names;
  for (const std::string& name : damaged) names += (names.empty() ? "" : ", ") + name;
  return DataLossError(status.message() + " (damaged SST files: " + names + ")");
}

Status FromRocks(const rocksdb::Status& s, std::string_view context) {
  if (s.ok()) return Status::OK();
  std::string message = std::string(context) + ": " + s.ToString();
  if (s.IsCorruption()) return DataLossError(std::move(message));
  if (s.IsNotFound()) return NotFoundError(std::move(message));
  if (s.IsInvalidArgument()) return InvalidArgumentError(std::move(message));
  if (s.IsBusy() || s.IsTryAgain() || s.IsTimedOut()) return UnavailableError(std::move(message));
  if (s.IsNotSupported()) return UnimplementedError(std::move(message));
  return IOError(std::move(message));
}

std::string RocksInstance::ColumnFamilyName(std::string_view group) {
  return std::string(kGroupPrefix) + std::string(group);
}

Result<std::unique_ptr<RocksInstance>> RocksInstance::Open(
    const std::string& path, const RocksProperties& properties,
    const std::map<std::string, GroupPlugins>& groups, bool create,
    const std::string& secondary_path) {
  auto cache = rocksdb::NewLRUCache(properties.block_cache_bytes);
  rocksdb::DBOptions db_options = DatabaseOptions(properties, create);
  auto iterator_pool = std::make_shared<RocksIteratorPool>();
  db_options.listeners.push_back(NewPoolClearingListener(iterator_pool));

  std::vector<std::string> existing;
  rocksdb::DB::ListColumnFamilies(db_options, path, &existing).PermitUncheckedError();

  std::vector<rocksdb::ColumnFamilyDescriptor> descriptors;
  std::vector<std::string> group_of;  // group name per descriptor; "" for others
  descriptors.emplace_back(rocksdb::kDefaultColumnFamilyName, rocksdb::ColumnFamilyOptions());
  group_of.emplace_back();
  for (const auto& [group, plugins] : groups) {
    descriptors.emplace_back(ColumnFamilyName(group),
                             GroupOptions(properties, cache, plugins, secondary_path.empty()));
    group_of.push_back(group);
  }
  for (const std::string& name : existing) {
    if (name == rocksdb::kDefaultColumnFamilyName) continue;
    bool known = name.rfind(kGroupPrefix, 0) == 0 && groups.count(name.substr(kGroupPrefix.size()));
    if (!known) {
      descriptors.emplace_back(name, rocksdb::ColumnFamilyOptions());
      group_of.emplace_back();
    }
  }

  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* raw = nullptr;
  if (secondary_path.empty()) {
    QUARRY_RETURN_IF_ERROR(
        FromRocksOpen(rocksdb::DB::Open(db_options, path, descriptors, &handles, &raw), path,
                      "opening RocksDB at " + path));
  } else {  // branch service (issue 19): a secondary keeps every file open.
    db_options.max_open_files = -1;
    std::error_code ec;
    std::filesystem::create_directories(secondary_path, ec);  // Open reports a failure.
    QUARRY_RETURN_IF_ERROR(FromRocks(
        rocksdb::DB::OpenAsSecondary(db_options, path, secondary_path, descriptors, &handles, &raw),
        "opening RocksDB at " + path + " read-only (secondary)"));
  }
  std::unique_ptr<RocksInstance> out(new RocksInstance());
  out->path_ = path;
  out->db_.reset(raw);
  out->iterator_pool_ = std::move(iterator_pool);
  for (size_t i = 0; i < handles.size(); ++i) {
    if (!group_of[i].empty()) {
      out->handles_[group_of[i]] = handles[i];
    } else {
      out->other_handles_.push_back(handles[i]);
    }
  }
  // hotkeys (issue 18)
  RegisterAdaptiveFolding(raw, AdaptiveMaxSuccessiveMerges(properties.generic),
                          WatchesShadowedVersions(properties.generic));
  out->write_options_.disableWAL = properties.durability == Durability::kNone;
  out->write_options_.sync = properties.durability == Durability::kSync;
  return out;
}

RocksInstance::~RocksInstance() {
  if (iterator_pool_) iterator_pool_->Clear();  // Kept iterators need the database open.
  if (!db_) return;
  for (auto& [group, handle] : handles_)
    db_->DestroyColumnFamilyHandle(handle).PermitUncheckedError();
  for (auto* handle : other_handles_) db_->DestroyColumnFamilyHandle(handle).PermitUncheckedError();
  db_->Close().PermitUncheckedError();
}

rocksdb::ColumnFamilyHandle* RocksInstance::Group(std::string_view group) const {
  auto it = handles_.find(group);
  return it == handles_.end() ? nullptr : it->second;
}

Result<std::string> RocksInstance::GetMeta(std::string_view key) const {
  std::string value;
  rocksdb::Status s =
      db_->Get(rocksdb::ReadOptions(), metadata(), rocksdb::Slice(key.data(), key.size()), &value);
  if (s.IsNotFound()) return NotFoundError("metadata key '" + std::string(key) + "' not found");
  QUARRY_RETURN_IF_ERROR(FromRocks(s, "reading metadata"));
  return value;
}

Status RocksInstance::PutMeta(std::string_view key, std::string_view value) {
  rocksdb::WriteOptions options = write_options_;
  options.sync = true;  // Metadata changes are rare and must survive power loss.
  options.disableWAL = false;
  return FromRocks(db_->Put(options, metadata(), rocksdb::Slice(key.data(), key.size()),
                            rocksdb::Slice(value.data(), value.size())),
                   "writing metadata");
}

}  // namespace quarry
