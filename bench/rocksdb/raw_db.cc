#include "bench/rocksdb/raw_db.h"

#include <rocksdb/cache.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/table.h>

#include <cstring>
#include <vector>

#include "keypackages/key_format.h"
#include "store-rocks/prefix_extractor.h"

namespace quarry::bench {
namespace {

// Shares one filter (and its state) between compactions.
class AgeOffFilterFactory : public rocksdb::CompactionFilterFactory {
 public:
  explicit AgeOffFilterFactory(std::shared_ptr<AgeOffState> state) : state_(std::move(state)) {}
  const char* Name() const override { return "bench.age_off_factory"; }
  std::unique_ptr<rocksdb::CompactionFilter> CreateCompactionFilter(
      const rocksdb::CompactionFilter::Context& /*context*/) override {
    return std::make_unique<AgeOffFilter>(state_);
  }

 private:
  std::shared_ptr<AgeOffState> state_;
};

// As store-rocks' GroupOptions for default StoreProperties, but for the
// memtable insert hint: Quarry sorts each write's cells, which the hint
// exploits; this reference writes each event as it comes, where the hint
// cost 3.3% more instructions (bench/RESULTS.md, session 25), so it keeps
// its faster setting.
rocksdb::ColumnFamilyOptions GroupOptions(const std::shared_ptr<rocksdb::Cache>& cache) {
  rocksdb::ColumnFamilyOptions cf;
  cf.write_buffer_size = 16ull << 20;
  cf.compression = rocksdb::kLZ4Compression;
  cf.merge_operator = std::make_shared<UInt64AddOperator>();
  rocksdb::BlockBasedTableOptions table;
  table.block_cache = cache;
  table.cache_index_and_filter_blocks = true;
  table.pin_l0_filter_and_index_blocks_in_cache = true;
  table.index_type = rocksdb::BlockBasedTableOptions::kTwoLevelIndexSearch;
  table.partition_filters = true;
  table.metadata_block_size = 4096;
  table.pin_top_level_index_and_filter = true;
  table.cache_index_and_filter_blocks_with_high_priority = true;
  cf.prefix_extractor = NewRowPrefixTransform();
  table.filter_policy.reset(rocksdb::NewBloomFilterPolicy(10));
  table.whole_key_filtering = false;
  cf.memtable_prefix_bloom_size_ratio = 0.02;
  cf.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
  return cf;
}

}  // namespace

std::string EncodeCount(uint64_t count) {
  std::string out(8, '\0');
  std::memcpy(out.data(), &count, 8);
  return out;
}

uint64_t DecodeCount(const rocksdb::Slice& value) {
  uint64_t count = 0;
  if (value.size() == 8) std::memcpy(&count, value.data(), 8);
  return count;
}

bool UInt64AddOperator::Merge(const rocksdb::Slice& /*key*/, const rocksdb::Slice* existing_value,
                              const rocksdb::Slice& value, std::string* new_value,
                              rocksdb::Logger* /*logger*/) const {
  uint64_t sum = DecodeCount(value) + (existing_value ? DecodeCount(*existing_value) : 0);
  *new_value = EncodeCount(sum);
  return true;
}

rocksdb::CompactionFilter::Decision AgeOffFilter::FilterV2(int /*level*/, const rocksdb::Slice& key,
                                                           ValueType value_type,
                                                           const rocksdb::Slice& /*existing_value*/,
                                                           std::string* /*new_value*/,
                                                           std::string* /*skip_until*/) const {
  if (!state_->active.load(std::memory_order_acquire)) return Decision::kKeep;
  if (value_type != ValueType::kValue && value_type != ValueType::kMergeOperand) {
    return Decision::kKeep;
  }
  Result<KeyParts> parts = SplitKey(std::string_view(key.data(), key.size()));
  if (!parts.ok() || !state_->drop_qualifiers.contains(parts->column_qualifier)) {
    return Decision::kKeep;
  }
  state_->dropped.fetch_add(1, std::memory_order_relaxed);
  return Decision::kRemove;
}

Status FromRocksStatus(const rocksdb::Status& s, const std::string& context) {
  if (s.ok()) return Status::OK();
  return IOError(context + ": " + s.ToString());
}

Result<std::unique_ptr<RawDb>> RawDb::Create(const std::string& path, uint64_t cache_bytes) {
  return OpenOrCreate(path, cache_bytes, /*create=*/true);
}

Result<std::unique_ptr<RawDb>> RawDb::Open(const std::string& path, uint64_t cache_bytes) {
  return OpenOrCreate(path, cache_bytes, /*create=*/false);
}

Result<std::unique_ptr<RawDb>> RawDb::OpenOrCreate(const std::string& path, uint64_t cache_bytes,
                                                   bool create) {
  auto cache = rocksdb::NewLRUCache(cache_bytes);
  rocksdb::DBOptions options;
  options.create_if_missing = create;
  options.error_if_exists = create;
  options.create_missing_column_families = create;
  options.max_background_jobs = 2;
  options.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  options.keep_log_file_num = 3;

  std::unique_ptr<RawDb> raw(new RawDb());
  raw->age_off_ = std::make_shared<AgeOffState>();
  rocksdb::ColumnFamilyOptions edge_options = GroupOptions(cache);
  edge_options.compaction_filter_factory = std::make_shared<AgeOffFilterFactory>(raw->age_off_);
  std::vector<rocksdb::ColumnFamilyDescriptor> descriptors = {
      {rocksdb::kDefaultColumnFamilyName, rocksdb::ColumnFamilyOptions()},
      {"g:Event", edge_options},
      {"g:Vertex", GroupOptions(cache)}};
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* db = nullptr;
  QUARRY_RETURN_IF_ERROR(FromRocksStatus(
      rocksdb::DB::Open(options, path, descriptors, &handles, &db), "opening RocksDB at " + path));
  raw->db_.reset(db);
  raw->default_ = handles[0];
  raw->edges_ = handles[1];
  raw->entities_ = handles[2];
  raw->write_options_.disableWAL = false;  // Quarry's "log": WAL written, not synced.
  raw->write_options_.sync = false;
  return raw;
}

RawDb::~RawDb() {
  if (!db_) return;
  for (auto* h : {edges_, entities_, default_}) {
    if (h != nullptr) db_->DestroyColumnFamilyHandle(h).PermitUncheckedError();
  }
  db_->Close().PermitUncheckedError();
}

}  // namespace quarry::bench
