#include "store-rados/rados_store.h"

#include <filesystem>
#include <fstream>
#include <string>

#include "store-rados/rados_graph.h"
#include "store-rados/rados_graph_check.h"

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

std::filesystem::path HandlePath(const std::string& location) {
  return std::filesystem::path(location) / kRadosHandleFileName;
}

// Records `properties` (every key as read, the graph name included) in the
// location's handle file, so that commands given only the location open the
// graph. Best effort is not enough: a graph that cannot be reopened from its
// location is an error for the CLI, so failures are reported.
Status WriteHandle(const std::string& location, const StoreProperties& properties) {
  std::error_code ec;
  std::filesystem::create_directories(location, ec);
  if (ec) return IOError("cannot create " + location + ": " + ec.message());
  const std::filesystem::path path = HandlePath(location);
  std::ofstream out(path, std::ios::trunc);
  out << "# A RADOS graph: the store properties that open it (quarry create).\n";
  if (properties.Find(kStoreKey) == nullptr) out << kStoreKey << "=rados\n";
  for (const auto& [key, value] : properties.raw) out << key << "=" << value << "\n";
  out.close();
  if (!out) return IOError("cannot write " + path.string());
  return Status::OK();
}

// The properties recorded in the location's handle (quarry create).
Result<StoreProperties> HandleProperties(const std::string& location) {
  QUARRY_ASSIGN_OR_RETURN(StoreProperties handle,
                          StoreProperties::FromFile(HandlePath(location).string()));
  return WithGraphName(location, std::move(handle));
}

}  // namespace

StoreDriver RadosStoreDriver() {
  StoreDriver driver;
  driver.name = std::string(kRadosStoreName);
  driver.property_keys.assign(kRadosPropertyKeys.begin(), kRadosPropertyKeys.end());
  driver.holds_graph = [](const std::string& location) {
    std::error_code ec;
    return !location.empty() && std::filesystem::is_regular_file(HandlePath(location), ec);
  };
  driver.create = [](const std::string& location, std::shared_ptr<const Schema> schema,
                     const StoreProperties& properties) -> Result<std::unique_ptr<Graph>> {
    StoreProperties named = WithGraphName(location, properties);
    QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Graph> graph,
                            CreateRadosGraph(std::move(schema), named));
    if (!location.empty()) QUARRY_RETURN_IF_ERROR(WriteHandle(location, named));
    return graph;
  };
  driver.open = [](const std::string& location, std::shared_ptr<const Schema> schema,
                   const StoreProperties* properties) -> Result<std::unique_ptr<Graph>> {
    if (properties == nullptr) {
      QUARRY_ASSIGN_OR_RETURN(StoreProperties handle, HandleProperties(location));
      return OpenRadosGraph(handle, std::move(schema));
    }
    return OpenRadosGraph(WithGraphName(location, *properties), std::move(schema));
  };
  // No lock to share and no files of its own: the scratch directory is
  // not used.
  driver.open_read_only = [](const std::string& location,
                             const std::string& /*scratch_dir*/) -> Result<std::unique_ptr<Graph>> {
    QUARRY_ASSIGN_OR_RETURN(StoreProperties handle, HandleProperties(location));
    return OpenRadosGraphReadOnly(handle);
  };
  driver.check = [](const std::string& location) -> Result<GraphCheckReport> {
    QUARRY_ASSIGN_OR_RETURN(StoreProperties handle, HandleProperties(location));
    return CheckRadosGraph(handle);
  };
  return driver;
}

}  // namespace quarry
