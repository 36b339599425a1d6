// Data directories: resolving and checking them, and RocksGraph's
// instances and checkpoints over them.
#include "store-rocks/internal/data_dirs.h"

#include <rocksdb/db.h>
#include <rocksdb/utilities/checkpoint.h>

#include <filesystem>
#include <memory>
#include <set>

#include "store-rocks/internal/rocks_graph.h"
#include "store-rocks/metadata_format.h"
#include "store-rocks/rocks_instance.h"

namespace quarry::internal {
namespace {

std::string Normalise(const std::string& dir) {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::weakly_canonical(std::filesystem::absolute(dir), ec);
  if (ec) p = std::filesystem::absolute(dir).lexically_normal();
  std::string s = p.string();
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}

// Checks (or, with `create`, writes) instance `index`'s quarry.instance mark,
// so that a directory list given in another order is noticed.
Status MarkInstance(RocksInstance& db, size_t index, bool create) {
  std::string want = std::to_string(index);
  if (create) return db.PutMeta(kMetaInstance, want);
  Result<std::string> got = db.GetMeta(kMetaInstance);
  if (got.ok() && *got == want) return Status::OK();
  return FailedPreconditionError("data directory " + db.path() + " is not instance " + want +
                                 " of this graph" +
                                 (got.ok() ? " (it is instance " + *got + ")" : ""));
}

Status CheckpointInstance(rocksdb::DB* db, const std::string& dir) {
  rocksdb::Checkpoint* raw = nullptr;
  QUARRY_RETURN_IF_ERROR(FromRocks(rocksdb::Checkpoint::Create(db, &raw), "checkpoint"));
  std::unique_ptr<rocksdb::Checkpoint> checkpoint(raw);
  return FromRocks(checkpoint->CreateCheckpoint(dir), "creating checkpoint " + dir);
}

}  // namespace

Result<std::vector<std::string>> ResolveDataDirs(const std::string& graph_dir,
                                                 const std::vector<std::string>& given) {
  std::vector<std::string> dirs;
  std::set<std::string> seen;
  for (const std::string& d : given) {
    dirs.push_back(Normalise(d));
    if (!seen.insert(dirs.back()).second) {
      return InvalidArgumentError("quarry.data.dirs: directory '" + d + "' is listed twice");
    }
  }
  if (dirs.empty()) return dirs;
  if (dirs[0] != Normalise(graph_dir)) {
    return InvalidArgumentError("quarry.data.dirs: the first directory must be the graph dir '" +
                                graph_dir + "', got '" + given[0] + "'");
  }
  if (dirs.size() == 1) dirs.clear();
  return dirs;
}

Result<std::vector<std::string>> StoredDataDirs(const std::map<std::string, std::string>& meta,
                                                const std::string& graph_dir) {
  auto it = meta.find(std::string(kMetaDataDirs));
  if (it == meta.end()) return std::vector<std::string>();
  QUARRY_ASSIGN_OR_RETURN(std::vector<std::string> dirs, DecodeSplitPoints(it->second));
  if (dirs.size() < 2) return DataLossError("graph metadata quarry.data_dirs lists < 2 dirs");
  dirs[0] = Normalise(graph_dir);
  return dirs;
}

Status CheckSameDataDirs(const std::vector<std::string>& stored,
                         const std::vector<std::string>& given,
                         const std::vector<std::string>& given_raw) {
  if (given_raw.empty() || given == stored) return Status::OK();
  return FailedPreconditionError(
      "quarry.data.dirs: the graph was created with data directories [" + JoinDirs(stored) +
      "] (none listed: the graph dir only); the store properties name [" + JoinDirs(given) +
      "]. Data directories cannot change after Create");
}

Status PutClosedMetadata(const std::string& path,
                         const std::map<std::string, std::string>& entries) {
  rocksdb::DBOptions db_options;
  db_options.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  // Merge operands replayed from the WAL cannot be flushed without the merge
  // operator: leave them in the WAL for the next real open.
  db_options.avoid_flush_during_recovery = true;
  db_options.avoid_flush_during_shutdown = true;
  std::vector<std::string> names;
  QUARRY_RETURN_IF_ERROR(FromRocks(rocksdb::DB::ListColumnFamilies(db_options, path, &names),
                                   "listing the column families of " + path));
  std::vector<rocksdb::ColumnFamilyDescriptor> cfs;
  rocksdb::ColumnFamilyOptions cf_options;
  cf_options.disable_auto_compactions = true;  // No merge operator here.
  for (const std::string& n : names) cfs.emplace_back(n, cf_options);
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* raw = nullptr;
  QUARRY_RETURN_IF_ERROR(
      FromRocks(rocksdb::DB::Open(db_options, path, cfs, &handles, &raw), "opening " + path));
  std::unique_ptr<rocksdb::DB> db(raw);
  rocksdb::WriteOptions options;
  options.sync = true;
  Status s;
  for (const auto& [k, v] : entries) {
    if (s.ok()) s = FromRocks(db->Put(options, db->DefaultColumnFamily(), k, v), "writing " + k);
  }
  for (auto* h : handles) db->DestroyColumnFamilyHandle(h).PermitUncheckedError();
  rocksdb::Status closed = db->Close();
  if (s.ok()) s = FromRocks(closed, "closing " + path);
  return s;
}

std::string JoinDirs(const std::vector<std::string>& dirs) {
  std::string out;
  for (const std::string& d : dirs) out += (out.empty() ? "" : ", ") + d;
  return out;
}

// RocksGraph: the instances of its data directories, and checkpoints of
// them all.

Status RocksGraph::OpenInstances(const std::vector<std::string>& dirs,
                                 const std::map<std::string, GroupPlugins>& plugins, bool create) {
  std::vector<std::string> paths = dirs;
  if (paths.empty()) paths.push_back(dir_);
  for (size_t i = 0; i < paths.size(); ++i) {
    // branch service (issue 19): a read-only secondary keeps its files apart.
    const std::string secondary =
        secondary_root_.empty() ? "" : secondary_root_ + "/instance-" + std::to_string(i);
    QUARRY_ASSIGN_OR_RETURN(auto db,
                            RocksInstance::Open(paths[i], properties_, plugins, create, secondary));
    if (i > 0) QUARRY_RETURN_IF_ERROR(MarkInstance(*db, i, create));
    dbs_.push_back(std::move(db));
  }
  for (auto& [name, state] : groups_) {
    for (const auto& db : dbs_) state.cfs.push_back(db->Group(name));
    state.cf = state.cfs[0];
  }
  return Status::OK();
}

// Instance 0 is checkpointed into `dir`, instance i into `dir`/data-<i>;
// the copy's metadata then names those directories, so the checkpoint opens
// as a graph of its own (Graph::Open(dir)).
Status RocksGraph::Checkpoint(const std::string& dir) const {
  std::error_code ec;
  if (std::filesystem::exists(dir, ec)) {
    return AlreadyExistsError("checkpoint target exists: " + dir);
  }
  // Exclusive: no write or key move between the instances' checkpoints, so
  // the copy is one consistent cut of the graph.
  std::unique_lock<std::shared_mutex> lock(shard_mu_);
  QUARRY_RETURN_IF_ERROR(CheckpointInstance(dbs_[0]->db(), dir));
  if (dbs_.size() == 1) return Status::OK();
  std::vector<std::string> dirs = {dir};
  for (size_t i = 1; i < dbs_.size(); ++i) {
    dirs.push_back((std::filesystem::path(dir) / ("data-" + std::to_string(i))).string());
    QUARRY_RETURN_IF_ERROR(CheckpointInstance(dbs_[i]->db(), dirs.back()));
  }
  QUARRY_ASSIGN_OR_RETURN(dirs, ResolveDataDirs(dir, dirs));
  RocksProperties copy = properties_;
  copy.data_dirs = dirs;
  return PutClosedMetadata(dir, {{std::string(kMetaDataDirs), EncodeSplitPoints(dirs)},
                                 {std::string(kMetaStoreProperties), copy.ToPropertiesText()}});
}

}  // namespace quarry::internal
