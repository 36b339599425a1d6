#include "store-rocks/rocks_store.h"

#include <filesystem>

#include "store-rocks/graph_check.h"
#include "store-rocks/internal/rocks_graph.h"
#include "store-rocks/read_only_graph.h"
#include "store-rocks/rocks_properties.h"

namespace quarry {

StoreDriver RocksStoreDriver() {
  StoreDriver driver;
  driver.name = std::string(kRocksStoreName);
  driver.property_keys.assign(kRocksPropertyKeys.begin(), kRocksPropertyKeys.end());
  driver.holds_graph = [](const std::string& dir) {
    std::error_code ec;
    return std::filesystem::exists(std::filesystem::path(dir) / "CURRENT", ec);
  };
  driver.create = internal::RocksGraph::Create;
  driver.open = [](const std::string& dir, std::shared_ptr<const Schema> schema,
                   const StoreProperties* properties) {
    return internal::RocksGraph::Open(dir, std::move(schema), properties);
  };
  driver.open_read_only = OpenRocksGraphReadOnly;
  driver.check = CheckRocksGraph;
  return driver;
}

}  // namespace quarry
