// RocksGraph: the instances of its data directories, and checkpoints of
// them all.
#include <rocksdb/utilities/checkpoint.h>

#include <filesystem>

#include "store-rocks/internal/data_dirs.h"
#include "store-rocks/internal/rocks_graph.h"
#include "store-rocks/metadata_format.h"

namespace quarry::internal {
namespace {

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

Status RocksGraph::OpenInstances(const std::vector<std::string>& dirs,
                                 const std::map<std::string, GroupPlugins>& plugins, bool create) {
  std::vector<std::string> paths = dirs;
  if (paths.empty()) paths.push_back(dir_);
  for (size_t i = 0; i < paths.size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(auto db, RocksInstance::Open(paths[i], properties_, plugins, create));
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
  StoreProperties copy = properties_;
  copy.data_dirs = dirs;
  return PutClosedMetadata(dir, {{std::string(kMetaDataDirs), EncodeSplitPoints(dirs)},
                                 {std::string(kMetaStoreProperties), copy.ToPropertiesText()}});
}

}  // namespace quarry::internal
