// RadosGraph: Compact (the age-off sweeper), PreviewValidation and split
// points.
//
// The sweeper is this store's compaction filter (store-rocks/
// compaction_filter.h): it reads every cell of every group that has
// validators, judges it with the same ValidateStoredCell, and removes the
// invalid ones. Scans already hide them (the scan stack validates), so the
// sweeper only reclaims space and keeps omaps small. A cell is removed with
// a guarded delete: one OSD op that compares the stored value with the value
// judged (omap_cmp) and removes the key only if they are equal, so a key
// re-aggregated by a writer since the sweeper read it is kept (and judged
// again by the next sweep). Cells are removed in groups of kGuardBatch keys
// per op (internal/guarded_remove.h). A cell that cannot be decoded is kept and counted, never
// removed.
#include <cerrno>

#include "iterators/validate.h"
#include "store-rados/internal/guarded_remove.h"
#include "store-rados/internal/rados_graph.h"
#include "store-rados/rados_kv_iterator.h"

namespace quarry::internal {
namespace {

constexpr size_t kGuardBatch = 256;

}  // namespace

Status RadosGraph::SweepTablet(uint32_t tablet, const RadosGroup& group) {
  const std::string oid = tablets_.TabletObject(tablet);
  RadosKvIterator it(io(), oid, group.prefix);
  std::vector<GuardedCell> invalid;
  auto flush = [&]() -> Status {
    if (invalid.empty()) return Status::OK();
    Result<uint64_t> removed = GuardedRemove(io(), oid, invalid);
    NoteWrite();
    QUARRY_RETURN_IF_ERROR(removed.status());
    group.counters->deleted.fetch_add(*removed, std::memory_order_relaxed);
    invalid.clear();
    return Status::OK();
  };
  for (it.Seek(KeyRange::All()); it.Valid(); it.Next()) {
    Result<bool> valid = ValidateStoredCell(*package_, it.key(), it.value());
    if (!valid.ok()) {
      group.counters->errors.fetch_add(1, std::memory_order_relaxed);
      continue;
    }
    if (*valid) continue;
    invalid.push_back({group.prefix + std::string(it.key()), std::string(it.value())});
    if (invalid.size() == kGuardBatch) QUARRY_RETURN_IF_ERROR(flush());
  }
  QUARRY_RETURN_IF_ERROR(it.status());
  return flush();
}

Status RadosGraph::Compact() {
  QUARRY_RETURN_IF_ERROR(CheckWritable("Compact"));
  for (const auto& [name, group] : groups_) {
    if (!HasValidators(*group.def)) continue;
    for (uint32_t t = 0; t < tablets_.tablets(); ++t) {
      QUARRY_RETURN_IF_ERROR(SweepTablet(t, group).WithContext("sweeping group '" + name + "'"));
    }
  }
  return Status::OK();
}

// As store-rocks: per group, the stored cells the proposed schema's
// validators (without IsA) would remove.
Result<std::map<std::string, uint64_t>> RadosGraph::PreviewValidation(
    std::shared_ptr<const Schema> proposed) const {
  if (proposed == nullptr) return InvalidArgumentError("PreviewValidation needs a schema");
  std::map<std::string, uint64_t> counts;
  for (const auto& [name, group] : groups_) {
    const SchemaElementDefinition* def = proposed->Group(name);
    if (def == nullptr || def->kind() != group.def->kind()) {
      return InvalidArgumentError("proposed schema lacks the " +
                                  std::string(group.def->is_entity() ? "entity" : "edge") +
                                  " group '" + name + "'");
    }
    uint64_t& invalid = counts[name];
    if (!HasValidators(*def)) continue;
    for (uint32_t t = 0; t < tablets_.tablets(); ++t) {
      RadosKvIterator it(io(), tablets_.TabletObject(t), group.prefix);
      for (it.Seek(KeyRange::All()); it.Valid(); it.Next()) {
        QUARRY_ASSIGN_OR_RETURN(Element e, package_->Decode(it.key(), it.value()));
        QUARRY_ASSIGN_OR_RETURN(bool valid, ValidateElement(*def, e));
        if (!valid) ++invalid;
      }
      QUARRY_RETURN_IF_ERROR(it.status());
    }
  }
  return counts;
}

namespace {

Status FixedTablets(std::string_view what, uint32_t tablets) {
  return UnimplementedError(std::string(what) +
                            ": the rados store's shards are its tablets (quarry.rados.tablets = " +
                            std::to_string(tablets) +
                            ", fixed at create); rows hash to tablets, so split points do not "
                            "apply (RADOS places and rebalances the tablet objects itself)");
}

}  // namespace

Status RadosGraph::SetSplitPoints(std::vector<std::string>) {
  return FixedTablets("SetSplitPoints", tablets_.tablets());
}

Result<std::vector<std::string>> RadosGraph::SplitPointsFromSample(std::span<const Element>,
                                                                   int) const {
  return FixedTablets("SplitPointsFromSample", tablets_.tablets());
}

Status RadosGraph::MergeShards(const std::string&, const std::string&) {
  return FixedTablets("MergeShards", tablets_.tablets());
}

}  // namespace quarry::internal
