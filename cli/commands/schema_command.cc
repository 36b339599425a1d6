// `quarry schema GRAPH --schema FILE...`: replaces a graph's schema through
// the store's migration rules (store/schema_migration.h). The proposed
// schema is compared with the stored one first, so every refused change is
// listed on a line of its own and nothing is changed; an accepted schema is
// stored by reopening the graph with it (Graph::Open applies the same rules).
#include <memory>

#include "cli/commands/commands.h"
#include "cli/commands/graph_open.h"
#include "schema/schema.h"
#include "store/graph.h"
#include "store/schema_migration.h"

namespace quarry::cli {

constexpr std::string_view kCommand = "quarry schema";

Status RunSchema(const SchemaArgs& args, std::FILE* out) {
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<const Schema> proposed,
                          Schema::FromFiles(args.schema_files));
  std::shared_ptr<const Schema> stored;
  {
    QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Graph> graph,
                            OpenGraphForCommand(args.graph_dir, kCommand));
    stored = graph->schema();
  }
  ReleaseHolderRecord(args.graph_dir);
  std::vector<std::string> refused = RefusedSchemaChanges(*stored, *proposed);
  if (!refused.empty()) {
    std::string message =
        std::to_string(refused.size()) + " schema change(s) refused; the graph keeps its schema:";
    for (const std::string& change : refused) message += "\n  - " + change;
    return FailedPreconditionError(std::move(message));
  }
  if (stored->json() == proposed->json()) {
    std::fprintf(out, "schema of %s unchanged\n", args.graph_dir.c_str());
    return Status::OK();
  }
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Graph> graph,
                          OpenGraphForCommand(args.graph_dir, kCommand, proposed));
  graph.reset();
  ReleaseHolderRecord(args.graph_dir);
  std::fprintf(
      out, "schema of %s updated: %zu entity groups (was %zu), %zu edge groups (was %zu)\n",
      args.graph_dir.c_str(), proposed->entity_groups().size(), stored->entity_groups().size(),
      proposed->edge_groups().size(), stored->edge_groups().size());
  return Status::OK();
}

}  // namespace quarry::cli
