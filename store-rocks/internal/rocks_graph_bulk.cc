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
// Non-aggregated groups get fresh insert ids, so nothing is replaced.
//
// Cost: each group's cells are packed into large blocks, equal keys found
// by hashing and only the distinct keys sorted; stored values are found by
// one iterator per instance walking the sorted keys (a few Next() before a
// Seek(); nothing is looked up past the last stored key, so an empty column
// family costs one seek); a key with a single cell and no stored value is
// written as encoded, without a fold; a group's cells are freed once its
// files are written.
//
// REQUIRES (documented in graph.h): no concurrent writes to the same keys
// while a bulk import runs — a write landing between the read of a stored
// value and the ingestion would be replaced.
#include <rocksdb/sst_file_writer.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <span>

#include "iterators/aggregate.h"
#include "store-rocks/internal/rocks_graph.h"

namespace quarry::internal {
namespace {

rocksdb::Slice S(std::string_view s) { return rocksdb::Slice(s.data(), s.size()); }
std::string_view View(const rocksdb::Slice& s) { return std::string_view(s.data(), s.size()); }

}  // namespace

// One group's encoded cells in request order, packed in large blocks (no
// allocation per cell, no copying as they grow).
struct BulkCells {
  static constexpr size_t kBlockBytes = size_t{4} << 20;
  struct Ref {
    const char* data;  // Key bytes, then value bytes.
    uint32_t key_size;
    uint32_t value_size;
  };
  std::vector<std::unique_ptr<char[]>> blocks;
  std::vector<std::unique_ptr<char[]>> big_cells;  // One each.
  size_t block_used = kBlockBytes;                 // Of blocks.back().
  std::vector<Ref> refs;

  void Add(const KeyValue& kv) {
    const size_t n = kv.key.size() + kv.value.size();
    char* dst;
    if (n > kBlockBytes / 4) {
      big_cells.push_back(std::make_unique<char[]>(n));
      dst = big_cells.back().get();
    } else {
      if (block_used + n > kBlockBytes) {
        blocks.push_back(std::make_unique<char[]>(kBlockBytes));
        block_used = 0;
      }
      dst = blocks.back().get() + block_used;
      block_used += n;
    }
    std::memcpy(dst, kv.key.data(), kv.key.size());
    std::memcpy(dst + kv.key.size(), kv.value.data(), kv.value.size());
    refs.push_back(
        {dst, static_cast<uint32_t>(kv.key.size()), static_cast<uint32_t>(kv.value.size())});
  }
  // Asks the CPU to load cells order[from, from + n) (or fewer).
  void Prefetch(const std::vector<uint32_t>& order, size_t from, size_t n) const {
    for (size_t j = from; j < order.size() && j < from + n; ++j) {
      const Ref& r = refs[order[j]];
      __builtin_prefetch(r.data);
      __builtin_prefetch(r.data + r.key_size + r.value_size - 1);
    }
  }
  std::string_view key(size_t i) const { return std::string_view(refs[i].data, refs[i].key_size); }
  std::string_view value(size_t i) const {
    return std::string_view(refs[i].data + refs[i].key_size, refs[i].value_size);
  }
  // Cell indices in key order, equal keys in request order; run_ends[r]
  // is the end (in `order`) of the r-th distinct key's cells.
  struct Sorted {
    std::vector<uint32_t> order;
    std::vector<uint32_t> run_ends;
  };
  // Groups equal keys by hash first, then sorts the distinct keys only.
  Sorted Sort() const {
    constexpr uint32_t kNone = UINT32_MAX;
    std::vector<uint32_t> heads, tails, next(refs.size(), kNone);
    {
      // Open addressing: slot -> distinct key (its first cell in heads).
      size_t capacity = 16;
      while (capacity < refs.size() * 2) capacity <<= 1;
      std::vector<uint32_t> slots(capacity, kNone), hashes;
      for (uint32_t i = 0; i < refs.size(); ++i) {
        const std::string_view k = key(i);
        const size_t h = std::hash<std::string_view>()(k);
        for (size_t pos = h & (capacity - 1);; pos = (pos + 1) & (capacity - 1)) {
          const uint32_t u = slots[pos];
          if (u == kNone) {
            slots[pos] = static_cast<uint32_t>(heads.size());
            heads.push_back(i);
            tails.push_back(i);
            hashes.push_back(static_cast<uint32_t>(h));
            break;
          }
          if (hashes[u] == static_cast<uint32_t>(h) && key(heads[u]) == k) {
            next[tails[u]] = i;
            tails[u] = i;
            break;
          }
        }
      }
    }
    tails = {};
    SortByKey(&heads);
    Sorted out;
    out.order.reserve(refs.size());
    out.run_ends.reserve(heads.size());
    for (uint32_t head : heads) {
      for (uint32_t j = head; j != kNone; j = next[j]) out.order.push_back(j);
      out.run_ends.push_back(static_cast<uint32_t>(out.order.size()));
    }
    return out;
  }

 private:
  // Sorts cells with distinct keys by key, as 16-byte entries holding the
  // 8 key bytes after the prefix all of them share, so most comparisons
  // touch no key.
  void SortByKey(std::vector<uint32_t>* cells) const {
    struct Entry {
      uint64_t head;  // Key bytes [skip, skip + 8), big-endian, zero-padded.
      uint32_t index;
    };
    const std::vector<uint32_t>& c = *cells;
    size_t skip = c.empty() ? 0 : key(c[0]).size();
    for (size_t i = 1; i < c.size() && skip > 0; ++i) {
      std::string_view a = key(c[0]), b = key(c[i]);
      size_t n = std::min({skip, a.size(), b.size()}), j = 0;
      while (j < n && a[j] == b[j]) ++j;
      skip = j;
    }
    std::vector<Entry> entries(c.size());
    for (size_t i = 0; i < c.size(); ++i) {
      std::string_view k = key(c[i]).substr(std::min(skip, key(c[i]).size()));
      uint64_t head = 0;
      for (size_t j = 0; j < 8; ++j) {
        head = (head << 8) | (j < k.size() ? static_cast<unsigned char>(k[j]) : 0);
      }
      entries[i] = {head, c[i]};
    }
    const size_t tail = skip + 8;
    auto rest = [&](uint32_t i) {
      std::string_view k = key(i);
      return k.substr(std::min(tail, k.size()));
    };
    std::sort(entries.begin(), entries.end(), [&](const Entry& a, const Entry& b) {
      if (a.head != b.head) return a.head < b.head;
      int r = rest(a.index).compare(rest(b.index));
      if (r != 0) return r < 0;
      // Both end within the head: the shorter one's padding made them tie.
      return refs[a.index].key_size < refs[b.index].key_size;
    });
    for (size_t i = 0; i < c.size(); ++i) (*cells)[i] = entries[i].index;
  }
};

// The SST files of one import: a writer per (group, shard), opened on the
// shard's first key, and the ingestion arguments per instance.
class BulkFiles {
 public:
  BulkFiles(const std::vector<std::unique_ptr<RocksInstance>>& dbs, std::string staging)
      : dbs_(dbs), staging_(std::move(staging)), args_(dbs.size()) {}

  // Starts a group's files. REQUIRES: the previous group finished.
  void StartGroup(const GroupState& group) {
    group_ = &group;
    shard_ = SIZE_MAX;
    per_instance_.assign(dbs_.size(), SIZE_MAX);
  }
  // Adds a key (sorted within the group) of `shard`.
  Status Add(size_t shard, size_t instance, std::string_view key, std::string_view value) {
    if (shard != shard_) {
      QUARRY_RETURN_IF_ERROR(Open(shard, instance));
    }
    return FromRocks(writer_->Put(S(key), S(value)), "writing " + path_);
  }
  Status FinishGroup() {
    if (writer_ == nullptr) return Status::OK();
    Status s = FromRocks(writer_->Finish(), "finishing " + path_);
    writer_.reset();
    return s;
  }
  std::vector<std::vector<rocksdb::IngestExternalFileArg>>& args() { return args_; }

 private:
  Status Open(size_t shard, size_t instance) {
    QUARRY_RETURN_IF_ERROR(FinishGroup());
    shard_ = shard;
    path_ = (std::filesystem::path(staging_) /
             (group_->def->group() + "." + std::to_string(shard) + ".sst"))
                .string();
    rocksdb::ColumnFamilyHandle* cf = group_->cfs[instance];
    writer_ = std::make_unique<rocksdb::SstFileWriter>(rocksdb::EnvOptions(),
                                                       dbs_[instance]->db()->GetOptions(cf), cf);
    QUARRY_RETURN_IF_ERROR(FromRocks(writer_->Open(path_), "opening " + path_));
    if (per_instance_[instance] == SIZE_MAX) {
      rocksdb::IngestExternalFileArg arg;
      arg.column_family = cf;
      arg.options.move_files = true;
      per_instance_[instance] = args_[instance].size();
      args_[instance].push_back(std::move(arg));
    }
    args_[instance][per_instance_[instance]].external_files.push_back(path_);
    return Status::OK();
  }

  const std::vector<std::unique_ptr<RocksInstance>>& dbs_;
  std::string staging_;
  std::vector<std::vector<rocksdb::IngestExternalFileArg>> args_;
  const GroupState* group_ = nullptr;
  size_t shard_ = SIZE_MAX;
  std::vector<size_t> per_instance_;  // Index of the group's arg in args_[instance].
  std::unique_ptr<rocksdb::SstFileWriter> writer_;
  std::string path_;
};

namespace {

// The stored values of one group, looked up in increasing key order per
// instance: one iterator per instance, moved forward only.
class StoredValues {
 public:
  static constexpr int kSteps = 4;  // Next() calls tried before a Seek().

  StoredValues(const std::vector<std::unique_ptr<RocksInstance>>& dbs, const GroupState& group)
      : dbs_(dbs), group_(group), its_(dbs.size()) {}

  // Finds `key` in `instance`; *value is valid until the next call.
  // REQUIRES: keys increase from call to call for one instance.
  Result<bool> Find(size_t instance, std::string_view key, std::string_view* value) {
    std::unique_ptr<rocksdb::Iterator>& it = its_[instance];
    if (it == nullptr) {
      rocksdb::ReadOptions read;
      read.total_order_seek = true;  // Keys of any row, not one prefix.
      read.fill_cache = false;
      it.reset(dbs_[instance]->db()->NewIterator(read, group_.cfs[instance]));
      it->Seek(S(key));
    } else if (it->Valid() && View(it->key()) < key) {
      // Stored keys a request repeats are often close: step before seeking.
      for (int step = 0; step < kSteps && it->Valid() && View(it->key()) < key; ++step) it->Next();
      if (it->Valid() && View(it->key()) < key) it->Seek(S(key));
    }
    if (!it->Valid()) {
      QUARRY_RETURN_IF_ERROR(FromRocks(it->status(), "reading stored values for bulk import"));
      return false;  // Past the last stored key: so is every later key.
    }
    if (View(it->key()) != key) return false;
    *value = View(it->value());
    return true;
  }

 private:
  const std::vector<std::unique_ptr<RocksInstance>>& dbs_;
  const GroupState& group_;
  std::vector<std::unique_ptr<rocksdb::Iterator>> its_;
};

// Writes the cells `run` of one key of a non-aggregated group, with ids in
// request order (first_id + cell index), as AddElements gives them.
Status AddInsertIdRun(const BulkCells& cells, std::span<const uint32_t> run, uint64_t first_id,
                      size_t shard, size_t instance, BulkFiles* files) {
  std::string key;
  for (uint32_t cell : run) {
    key.assign(cells.key(cell));
    AppendInsertId(first_id + cell, &key);
    QUARRY_RETURN_IF_ERROR(files->Add(shard, instance, key, cells.value(cell)));
  }
  return Status::OK();
}

constexpr size_t kPrefetchCells = 16;  // Of the next keys, while folding one.

}  // namespace

Status RocksGraph::ImportGroup(const GroupState& group, const ShardMap& shards, BulkCells* cells,
                               BulkFiles* files) {
  const BulkCells::Sorted sorted = cells->Sort();
  const std::vector<uint32_t>& order = sorted.order;
  uint64_t first_id = 0;
  if (group.insert_ids) {
    QUARRY_ASSIGN_OR_RETURN(first_id, ids_->Reserve(order.size()));
  }
  const PropertyLayout& layout = *package_->LayoutFor(group.def->group());
  StoredValues stored(dbs_, group);
  files->StartGroup(group);
  std::string merged;
  std::vector<std::string_view> values;
  size_t i = 0;
  for (const uint32_t end : sorted.run_ends) {
    cells->Prefetch(order, end, kPrefetchCells);  // Cells are in request order in memory.
    std::string_view key = cells->key(order[i]);
    const size_t shard = shards.ShardOf(key), instance = shards.InstanceOfShard(shard);
    if (group.insert_ids) {
      std::span<const uint32_t> run(order.data() + i, end - i);
      QUARRY_RETURN_IF_ERROR(AddInsertIdRun(*cells, run, first_id, shard, instance, files));
      i = end;
      continue;
    }
    std::string_view stored_value;
    QUARRY_ASSIGN_OR_RETURN(bool found, stored.Find(instance, key, &stored_value));
    if (!found && end - i == 1) {
      QUARRY_RETURN_IF_ERROR(files->Add(shard, instance, key, cells->value(order[i])));
      i = end;
      continue;
    }
    values.clear();
    if (found) values.push_back(stored_value);
    for (size_t j = i; j < end; ++j) values.push_back(cells->value(order[j]));
    merged.clear();
    QUARRY_RETURN_IF_ERROR(MergeStoredValues(layout, values, OperandOrder::kOldestFirst, &merged));
    QUARRY_RETURN_IF_ERROR(files->Add(shard, instance, key, merged));
    i = end;
  }
  return files->FinishGroup();
}

Status RocksGraph::BulkImport(std::span<const Element> elements, const AddElementsOptions& options,
                              AddElementsResult* result) {
  AddElementsResult local;
  if (result == nullptr) result = &local;
  *result = AddElementsResult();
  std::map<const GroupState*, BulkCells> by_group;
  BulkCells* last = nullptr;
  const GroupState* last_group = nullptr;
  Status s = EncodeElements(elements, options, result, [&](const GroupState& g, KeyValue& kv) {
    if (&g != last_group) {
      last_group = &g;
      last = &by_group[&g];
    }
    last->Add(kv);
  });
  std::shared_lock<std::shared_mutex> lock(shard_mu_);
  std::filesystem::path staging = std::filesystem::path(dir_) / "bulk-import";
  std::error_code ec;
  std::filesystem::remove_all(staging, ec);
  std::filesystem::create_directories(staging, ec);
  BulkFiles files(dbs_, staging.string());
  for (auto& [group, cells] : by_group) {
    if (!s.ok()) break;
    s = ImportGroup(*group, shards_, &cells, &files);
    cells = BulkCells();  // Free the group's cells before the next one.
  }
  auto& args = files.args();
  for (size_t i = 0; i < args.size() && s.ok(); ++i) {
    if (args[i].empty()) continue;
    s = FromRocks(dbs_[i]->db()->IngestExternalFiles(args[i]), "ingesting bulk import files");
  }
  std::filesystem::remove_all(staging, ec);
  if (!s.ok()) *result = AddElementsResult();
  return s;
}

}  // namespace quarry::internal
