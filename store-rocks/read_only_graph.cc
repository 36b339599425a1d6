#include "store-rocks/read_only_graph.h"

#include "store-rocks/internal/rocks_graph.h"

namespace quarry {

Result<std::unique_ptr<Graph>> OpenRocksGraphReadOnly(const std::string& dir,
                                                      const std::string& scratch_dir) {
  if (scratch_dir.empty()) return InvalidArgumentError("read-only open: empty scratch directory");
  return internal::RocksGraph::Open(dir, nullptr, nullptr, scratch_dir);
}

}  // namespace quarry
