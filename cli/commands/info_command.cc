#include <memory>
#include <optional>

#include "cli/commands/commands.h"
#include "cli/commands/graph_open.h"  // branch service
#include "schema/schema.h"
#include "store/graph.h"

namespace quarry::cli {
namespace {

void PrintGroup(const SchemaElementDefinition& group, const GraphStats& stats, std::FILE* out) {
  std::fprintf(out, "  %s %s", group.is_entity() ? "entity" : "edge  ", group.group().c_str());
  std::string properties;
  for (const PropertyDefinition& property : group.properties()) {
    if (!properties.empty()) properties += ", ";
    properties += property.name;
    if (property.type != nullptr) properties += ": " + property.type->class_name;
    if (group.IsGroupBy(property.name)) properties += " (groupBy)";
  }
  std::fprintf(out, " {%s}%s\n", properties.c_str(), group.aggregate() ? "" : " [no aggregation]");
  auto it = stats.groups.find(group.group());
  if (it != stats.groups.end()) {
    std::fprintf(out, "      ~%llu keys, ~%llu bytes, %llu deleted by validation\n",
                 static_cast<unsigned long long>(it->second.estimated_keys),
                 static_cast<unsigned long long>(it->second.live_bytes),
                 static_cast<unsigned long long>(it->second.deleted_by_validation));
  }
}

}  // namespace

Status RunInfo(const InfoArgs& args, std::FILE* out) {
  // branch service (issue 19): beside the process holding the graph (or
  // with --read-only), a read-only view; the scratch directory outlives it.
  std::optional<ScratchDir> scratch;
  Result<std::unique_ptr<Graph>> opened =
      args.read_only ? Result<std::unique_ptr<Graph>>(UnavailableError("read-only asked"))
                     : OpenGraphForCommand(args.graph_dir, "quarry info");
  if (!opened.ok() && (args.read_only || IsGraphInUse(opened.status()))) {
    QUARRY_ASSIGN_OR_RETURN(scratch, ScratchDir::Create());
    opened = OpenGraphReadOnlyForCommand(args.graph_dir, "quarry info", *scratch, stderr);
  }
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Graph> graph, std::move(opened));
  QUARRY_ASSIGN_OR_RETURN(GraphStats stats, graph->Stats());
  std::shared_ptr<const Schema> schema = graph->schema();
  std::fprintf(out, "graph:        %s\n", stats.path.c_str());
  std::fprintf(out, "key-package:  %s\n", stats.key_package.c_str());
  // A store without a durability setting prints none.
  if (auto it = stats.settings.find("quarry.durability"); it != stats.settings.end()) {
    std::fprintf(out, "durability:   %s\n", it->second.c_str());
  }
  // rados2 (issue 14): a RADOS graph's shards are its tablets.
  if (auto it = stats.settings.find("quarry.rados.tablets"); it != stats.settings.end()) {
    std::fprintf(out, "shards:       %s tablets (quarry.rados.tablets)\n", it->second.c_str());
  } else {
    std::fprintf(out, "shards:       %zu (%zu split points)\n", stats.split_points.size() + 1,
                 stats.split_points.size());
  }
  if (schema->visibility_property()) {
    std::fprintf(out, "visibility:   %s\n", schema->visibility_property()->c_str());
  }
  if (schema->timestamp_property()) {
    std::fprintf(out, "timestamp:    %s\n", schema->timestamp_property()->c_str());
  }
  uint64_t keys = 0, bytes = 0;
  for (const auto& [name, group] : stats.groups) {
    keys += group.estimated_keys;
    bytes += group.live_bytes;
  }
  std::fprintf(out, "totals:       ~%llu keys, ~%llu bytes\n",
               static_cast<unsigned long long>(keys), static_cast<unsigned long long>(bytes));
  std::fprintf(out, "groups:\n");
  for (const SchemaElementDefinition* group : schema->entity_groups())
    PrintGroup(*group, stats, out);
  for (const SchemaElementDefinition* group : schema->edge_groups()) PrintGroup(*group, stats, out);
  return Status::OK();
}

}  // namespace quarry::cli
