// RawBulkImport: the reference for Quarry's BulkImport — the same chunks,
// sorted and aggregated per key (folding in any stored count, as BulkImport
// folds stored values), one SST file per column family written with
// SstFileWriter and ingested with IngestExternalFiles.
#include <rocksdb/sst_file_writer.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string_view>

#include "bench/common/report.h"
#include "bench/rocksdb/raw_scenarios.h"

namespace quarry::bench {
namespace {

rocksdb::Slice S(std::string_view s) { return rocksdb::Slice(s.data(), s.size()); }

// The counts already stored, looked up in increasing key order by one
// iterator walking forward (a few Next() calls before a Seek()), as Quarry's
// bulk import reads stored values. A Get per key, as this reference did
// before, reads every ingested file whose range overlaps the key: with a
// 64 MiB cache at full size that thrashed the cache.
class StoredCounts {
 public:
  StoredCounts(const RawDb& db, rocksdb::ColumnFamilyHandle* cf) {
    rocksdb::ReadOptions read;
    read.total_order_seek = true;  // Keys of many row prefixes, in order.
    it_.reset(db.db()->NewIterator(read, cf));
  }

  // The count stored under `key` (0 if none). REQUIRES: keys increase.
  Result<uint64_t> Find(std::string_view key) {
    if (!started_) {
      it_->Seek(S(key));
      started_ = true;
    }
    for (int i = 0; i < kSteps && it_->Valid() && it_->key().ToStringView() < key; ++i) {
      it_->Next();
    }
    if (it_->Valid() && it_->key().ToStringView() < key) it_->Seek(S(key));
    if (!it_->Valid()) {
      QUARRY_RETURN_IF_ERROR(FromRocksStatus(it_->status(), "reading a stored count"));
      return 0;  // Past the last stored key.
    }
    return it_->key().ToStringView() == key ? DecodeCount(it_->value()) : 0;
  }

 private:
  static constexpr int kSteps = 4;
  std::unique_ptr<rocksdb::Iterator> it_;
  bool started_ = false;
};

// Sorts `keys`, folds repeats (and stored counts) and writes them to `path`.
Status WriteSst(const RawDb& db, rocksdb::ColumnFamilyHandle* cf, std::vector<std::string>* keys,
                const std::string& path) {
  std::sort(keys->begin(), keys->end());
  rocksdb::SstFileWriter writer(rocksdb::EnvOptions(), db.db()->GetOptions(cf), cf);
  QUARRY_RETURN_IF_ERROR(FromRocksStatus(writer.Open(path), "opening " + path));
  StoredCounts stored(db, cf);
  for (size_t i = 0; i < keys->size();) {
    size_t end = i + 1;
    while (end < keys->size() && (*keys)[end] == (*keys)[i]) ++end;
    QUARRY_ASSIGN_OR_RETURN(uint64_t count, stored.Find((*keys)[i]));
    count += end - i;
    QUARRY_RETURN_IF_ERROR(
        FromRocksStatus(writer.Put(S((*keys)[i]), S(EncodeCount(count))), "writing " + path));
    i = end;
  }
  return FromRocksStatus(writer.Finish(), "finishing " + path);
}

// One chunk: SST files for both column families, ingested together.
Status ImportChunk(const RawDb& db, const std::string& staging, std::vector<std::string>* edges,
                   std::vector<std::string>* entities) {
  std::vector<rocksdb::IngestExternalFileArg> args(2);
  const std::string edge_path = staging + "/Event.sst", entity_path = staging + "/Vertex.sst";
  QUARRY_RETURN_IF_ERROR(WriteSst(db, db.edges(), edges, edge_path));
  QUARRY_RETURN_IF_ERROR(WriteSst(db, db.entities(), entities, entity_path));
  args[0].column_family = db.edges();
  args[0].external_files = {edge_path};
  args[1].column_family = db.entities();
  args[1].external_files = {entity_path};
  for (auto& arg : args) arg.options.move_files = true;
  return FromRocksStatus(db.db()->IngestExternalFiles(args), "ingesting SST files");
}

}  // namespace

Status RawBulkImport(const BenchArgs& args, const RawKeys& keys, const std::string& dir) {
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<RawDb> db, RawDb::Create(dir, args.cache_bytes()));
  const std::string staging = dir + "-staging";
  std::filesystem::create_directories(staging);
  EventStream stream(args.spec);
  std::vector<std::string> edges, entities;
  EventKeys k;
  EdgeEvent e;
  double seconds = 0;
  bool more = true;
  while (more) {
    edges.clear();
    entities.clear();
    for (size_t i = 0; i < kRawBulkChunkEvents && (more = stream.Next(&e)); ++i) {
      keys.KeysOf(e, &k);
      edges.push_back(k.source_first);
      if (!k.destination_first.empty()) edges.push_back(k.destination_first);
      entities.push_back(k.entity);
    }
    if (entities.empty()) break;
    Stopwatch watch;
    QUARRY_RETURN_IF_ERROR(ImportChunk(*db, staging, &edges, &entities));
    seconds += watch.Seconds();
  }
  edges = {};
  entities = {};
  QUARRY_ASSIGN_OR_RETURN(int64_t n, RawCountElements(*db));
  PrintResult({"bulk-import", kRocksSystem, "events/s", stream.position() / seconds, true, n});
  return Status::OK();
}

}  // namespace quarry::bench
