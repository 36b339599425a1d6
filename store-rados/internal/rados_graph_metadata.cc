// RadosGraph: the callers' metadata (omap user.<key> on the metadata
// object), Stats and Destroy.
#include <cerrno>

#include "cls/batch_format.h"
#include "store-rados/internal/rados_graph.h"
#include "store-rados/rados_kv_iterator.h"
#include "store-rados/rados_store.h"

namespace quarry::internal {
namespace {

constexpr char kUserPrefix[] = "user.";
constexpr size_t kPage = 1024;

}  // namespace

Status RadosGraph::PutMetadata(std::string_view key, std::string_view value) {
  QUARRY_RETURN_IF_ERROR(CheckWritable("PutMetadata"));
  if (key.empty()) return InvalidArgumentError("metadata key must not be empty");
  std::map<std::string, librados::bufferlist> entry;
  entry[kUserPrefix + std::string(key)].append(value.data(), value.size());
  return FromRados(io().omap_set(tablets_.MetaObject(), entry), "writing metadata");
}

Result<std::optional<std::string>> RadosGraph::GetMetadata(std::string_view key) const {
  if (key.empty()) return InvalidArgumentError("metadata key must not be empty");
  std::string omap_key = kUserPrefix + std::string(key);
  std::map<std::string, librados::bufferlist> values;
  QUARRY_RETURN_IF_ERROR(FromRados(
      io().omap_get_vals_by_keys(tablets_.MetaObject(), {omap_key}, &values), "reading metadata"));
  auto it = values.find(omap_key);
  if (it == values.end()) return std::optional<std::string>();
  return std::optional<std::string>(it->second.to_str());
}

Status RadosGraph::DeleteMetadata(std::string_view key) {
  QUARRY_RETURN_IF_ERROR(CheckWritable("DeleteMetadata"));
  if (key.empty()) return InvalidArgumentError("metadata key must not be empty");
  return FromRados(io().omap_rm_keys(tablets_.MetaObject(), {kUserPrefix + std::string(key)}),
                   "deleting metadata");
}

Result<std::vector<std::pair<std::string, std::string>>> RadosGraph::ListMetadata(
    std::string_view prefix) const {
  const std::string filter = kUserPrefix + std::string(prefix);
  std::vector<std::pair<std::string, std::string>> out;
  std::string after;
  for (bool more = true; more;) {
    std::map<std::string, librados::bufferlist> values;
    QUARRY_RETURN_IF_ERROR(
        FromRados(io().omap_get_vals2(tablets_.MetaObject(), after, filter, kPage, &values, &more),
                  "listing metadata"));
    for (auto& [key, value] : values) {
      out.emplace_back(key.substr(sizeof(kUserPrefix) - 1), value.to_str());
    }
    if (values.empty()) break;
    after = values.rbegin()->first;
  }
  return out;
}

// Exact key counts per group, from a listing of every tablet's keys (no
// values read): a full key scan, so the counts are kept for
// kKeyCountsMaxAge (metrics scrape Stats often) unless this process wrote
// since; other processes' writes show within that age.
Result<std::map<std::string, uint64_t>> RadosGraph::KeyCounts() const {
  std::lock_guard<std::mutex> lock(counts_mu_);
  const auto now = std::chrono::steady_clock::now();
  const uint64_t epoch = writes_epoch_.load();
  if (counts_valid_ && counts_epoch_ == epoch && now - counted_at_ < kKeyCountsMaxAge) {
    return key_counts_;
  }
  std::map<std::string, uint64_t> counts;
  for (const auto& [name, group] : groups_) counts[name] = 0;
  for (uint32_t t = 0; t < tablets_.tablets(); ++t) {
    std::string after(cls::kBatchKeyPrefix.data(), 1);
    after.append(4, '\xff');  // After every reserved key.
    for (bool more = true; more;) {
      std::set<std::string> keys;
      QUARRY_RETURN_IF_ERROR(
          FromRados(io().omap_get_keys2(tablets_.TabletObject(t), after, kPage, &keys, &more),
                    "listing " + tablets_.TabletObject(t)));
      for (const std::string& key : keys) {
        Result<cls::TabletKeyParts> parts = cls::SplitTabletKey(key);
        if (!parts.ok()) continue;
        for (auto& [name, group] : groups_) {
          if (key.starts_with(group.prefix)) ++counts[name];
        }
      }
      if (keys.empty()) break;
      after = *keys.rbegin();
    }
  }
  key_counts_ = counts;
  counted_at_ = now;
  counts_epoch_ = epoch;
  counts_valid_ = true;
  return counts;
}

Result<GraphStats> RadosGraph::Stats() const {
  GraphStats stats;
  stats.key_package = std::string(package_->Name());
  stats.path = "rados:" + rados_.pool + "/" + rados_.graph;
  stats.store = std::string(kRadosStoreName);
  stats.settings = {{"quarry.rados.conf", rados_.conf},
                    {"quarry.rados.pool", rados_.pool},
                    {"quarry.rados.graph", rados_.graph},
                    {"quarry.rados.tablets", std::to_string(tablets_.tablets())},
                    {"quarry.rados.client", rados_.client},
                    {"quarry.rados.op.timeout.s", std::to_string(rados_.op_timeout_s)}};
  for (const auto& [name, group] : groups_) {
    GroupStats& g = stats.groups[name];
    g.deleted_by_validation = group.counters->deleted.load(std::memory_order_relaxed);
    g.validation_errors = group.counters->errors.load(std::memory_order_relaxed);
  }
  QUARRY_ASSIGN_OR_RETURN(auto counts, KeyCounts());
  for (const auto& [name, keys] : counts) stats.groups[name].estimated_keys = keys;
  return stats;
}

}  // namespace quarry::internal

namespace quarry {

Status DestroyRadosGraph(const StoreProperties& properties) {
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Graph> graph, OpenRadosGraph(properties));
  auto& rados = dynamic_cast<internal::RadosGraph&>(*graph);
  const TabletMap& map = rados.tablets();
  for (uint32_t t = 0; t < map.tablets(); ++t) {
    int r = rados.io().remove(map.TabletObject(t));
    if (r < 0 && r != -ENOENT) return FromRados(r, "removing " + map.TabletObject(t));
  }
  return FromRados(rados.io().remove(map.MetaObject()), "removing " + map.MetaObject());
}

}  // namespace quarry
