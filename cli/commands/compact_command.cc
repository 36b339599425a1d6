// `quarry compact GRAPH_DIR` (branch rados2, issue 14): Graph::Compact — a
// full compaction applying age-off on the rocks store, the age-off sweeper
// on the rados store — then what validation removed, per group.
#include <chrono>
#include <memory>

#include "cli/commands/commands.h"
#include "cli/commands/graph_open.h"
#include "store/graph.h"

namespace quarry::cli {

Status RunCompact(const CompactArgs& args, std::FILE* out) {
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Graph> graph,
                          OpenGraphForCommand(args.graph_dir, "quarry compact"));
  const auto start = std::chrono::steady_clock::now();
  Status compacted = graph->Compact();
  ReleaseHolderRecord(args.graph_dir);
  QUARRY_RETURN_IF_ERROR(compacted);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  QUARRY_ASSIGN_OR_RETURN(GraphStats stats, graph->Stats());
  uint64_t removed = 0;
  for (const auto& [group, g] : stats.groups) {
    removed += g.deleted_by_validation;
    if (g.deleted_by_validation > 0) {
      std::fprintf(out, "%s: %llu invalid (aged-off) cells removed\n", group.c_str(),
                   static_cast<unsigned long long>(g.deleted_by_validation));
    }
  }
  std::fprintf(out, "compacted %s in %.1f s: %llu cells removed by validation\n",
               args.graph_dir.c_str(), seconds, static_cast<unsigned long long>(removed));
  return Status::OK();
}

}  // namespace quarry::cli
