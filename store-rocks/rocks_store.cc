#include "store-rocks/rocks_store.h"

#include <filesystem>

#include "store-rocks/internal/rocks_graph.h"
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
  driver.open = internal::RocksGraph::Open;
  return driver;
}

}  // namespace quarry
