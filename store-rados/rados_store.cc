#include "store-rados/rados_store.h"

#include <filesystem>
#include <string>

#include "store-rados/rados_graph.h"

namespace quarry {
namespace {

// `properties` with quarry.rados.graph defaulted from the location.
StoreProperties WithGraphName(const std::string& location, StoreProperties properties) {
  if (properties.Find("quarry.rados.graph") == nullptr && !location.empty()) {
    std::string name = std::filesystem::path(location).filename().string();
    if (name.empty()) name = std::filesystem::path(location).parent_path().filename().string();
    if (!name.empty()) properties.raw["quarry.rados.graph"] = name;
  }
  return properties;
}

}  // namespace

StoreDriver RadosStoreDriver() {
  StoreDriver driver;
  driver.name = std::string(kRadosStoreName);
  driver.property_keys.assign(kRadosPropertyKeys.begin(), kRadosPropertyKeys.end());
  driver.holds_graph = [](const std::string&) { return false; };
  driver.create = [](const std::string& location, std::shared_ptr<const Schema> schema,
                     const StoreProperties& properties) {
    return CreateRadosGraph(std::move(schema), WithGraphName(location, properties));
  };
  driver.open = [](const std::string& location, std::shared_ptr<const Schema> schema,
                   const StoreProperties* properties) -> Result<std::unique_ptr<Graph>> {
    if (properties == nullptr) {
      return InvalidArgumentError("a RADOS graph (" + location +
                                  ") opens only with its store properties "
                                  "(quarry.store=rados, quarry.rados.conf, ...)");
    }
    return OpenRadosGraph(WithGraphName(location, *properties), std::move(schema));
  };
  return driver;
}

}  // namespace quarry
