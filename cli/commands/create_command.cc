#include <memory>

#include "cli/commands/commands.h"
#include "schema/schema.h"
#include "store/graph.h"
#include "store/store_factory.h"

namespace quarry::cli {

Status RunCreate(const CreateArgs& args, std::FILE* out) {
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<const Schema> schema,
                          Schema::FromFiles(args.schema_files));
  StoreProperties properties;
  if (args.store_properties_file) {
    QUARRY_ASSIGN_OR_RETURN(properties, StoreProperties::FromFile(*args.store_properties_file));
    QUARRY_RETURN_IF_ERROR(FindStore(properties).status());  // Before warning of its keys.
    for (const std::string& key : UnknownStoreKeys(properties)) {
      std::fprintf(stderr, "quarry create: warning: %s: unknown property '%s' ignored\n",
                   args.store_properties_file->c_str(), key.c_str());
    }
  }
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Graph> graph,
                          Graph::Create(args.graph_dir, schema, properties));
  std::fprintf(out, "created graph %s: key-package %s, %zu entity groups, %zu edge groups\n",
               args.graph_dir.c_str(), std::string(graph->key_package().Name()).c_str(),
               schema->entity_groups().size(), schema->edge_groups().size());
  return Status::OK();
}

}  // namespace quarry::cli
