#include "store-rocks/graph.h"

#include "store-rocks/internal/rocks_graph.h"

namespace quarry {

Result<std::unique_ptr<Graph>> Graph::Create(const std::string& dir,
                                             std::shared_ptr<const Schema> schema,
                                             const StoreProperties& properties) {
  return internal::RocksGraph::Create(dir, std::move(schema), properties);
}

Result<std::unique_ptr<Graph>> Graph::Open(const std::string& dir,
                                           std::shared_ptr<const Schema> schema,
                                           const StoreProperties* properties) {
  return internal::RocksGraph::Open(dir, std::move(schema), properties);
}

}  // namespace quarry
