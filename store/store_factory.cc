#include "store/store_factory.h"

#include <deque>
#include <mutex>

namespace quarry {
namespace {

// Drivers are never removed, so pointers into a deque stay valid.
struct Registry {
  std::mutex mu;
  std::deque<StoreDriver> drivers;
};

Registry& TheRegistry() {
  static Registry* registry = new Registry();  // Never destroyed: used until exit.
  return *registry;
}

std::string JoinNames(const std::vector<std::string>& names) {
  if (names.empty()) return "none registered";
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + names[i];
  return out;
}

}  // namespace

Status RegisterStore(StoreDriver driver) {
  if (driver.name.empty() || !driver.holds_graph || !driver.create || !driver.open) {
    return InvalidArgumentError(
        "RegisterStore: a store needs a name, holds_graph, create and open");
  }
  Registry& r = TheRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  for (const StoreDriver& d : r.drivers) {
    if (d.name == driver.name) {
      return AlreadyExistsError("store '" + driver.name + "' is already registered");
    }
  }
  r.drivers.push_back(std::move(driver));
  return Status::OK();
}

std::vector<std::string> RegisteredStores() {
  Registry& r = TheRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  std::vector<std::string> names;
  for (const StoreDriver& d : r.drivers) names.push_back(d.name);
  return names;
}

Result<const StoreDriver*> FindStore(const StoreProperties& properties) {
  {
    Registry& r = TheRegistry();
    std::lock_guard<std::mutex> lock(r.mu);
    for (const StoreDriver& d : r.drivers) {
      if (d.name == properties.store) return &d;
    }
  }
  return StoreSettingError(
      properties,
      InvalidArgumentError(std::string(kStoreKey) + ": unknown store '" + properties.store +
                           "' (valid: " + JoinNames(RegisteredStores()) + ")"));
}

std::vector<std::string> UnknownStoreKeys(const StoreProperties& properties) {
  Result<const StoreDriver*> driver = FindStore(properties);
  if (!driver.ok()) return properties.UnknownKeys({});
  return properties.UnknownKeys((*driver)->property_keys);
}

Result<std::unique_ptr<Graph>> Graph::Create(const std::string& dir,
                                             std::shared_ptr<const Schema> schema,
                                             const StoreProperties& properties) {
  QUARRY_ASSIGN_OR_RETURN(const StoreDriver* driver, FindStore(properties));
  return driver->create(dir, std::move(schema), properties);
}

namespace {

// The registered store holding a graph at `dir`: NotFound when none does,
// FailedPrecondition when no store is registered at all. Drivers are never
// removed, so the pointer stays valid after the lock is released.
Result<const StoreDriver*> HolderOf(const std::string& dir) {
  Registry& r = TheRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  if (r.drivers.empty()) {
    return FailedPreconditionError("no store is registered (RegisterBuiltinStores not called)");
  }
  for (const StoreDriver& d : r.drivers) {
    if (d.holds_graph(dir)) return &d;
  }
  return NotFoundError("no graph in " + dir);
}

}  // namespace

Result<std::unique_ptr<Graph>> Graph::Open(const std::string& dir,
                                           std::shared_ptr<const Schema> schema,
                                           const StoreProperties* properties) {
  if (properties != nullptr) {
    QUARRY_ASSIGN_OR_RETURN(const StoreDriver* driver, FindStore(*properties));
    return driver->open(dir, std::move(schema), properties);
  }
  QUARRY_ASSIGN_OR_RETURN(const StoreDriver* holder, HolderOf(dir));
  return holder->open(dir, std::move(schema), nullptr);
}

Result<std::unique_ptr<Graph>> OpenGraphReadOnly(const std::string& dir,
                                                 const std::string& scratch_dir) {
  QUARRY_ASSIGN_OR_RETURN(const StoreDriver* holder, HolderOf(dir));
  if (!holder->open_read_only) {
    return UnimplementedError("the " + holder->name + " store has no read-only open (" + dir + ")");
  }
  return holder->open_read_only(dir, scratch_dir);
}

Result<GraphCheckReport> CheckGraph(const std::string& dir) {
  QUARRY_ASSIGN_OR_RETURN(const StoreDriver* holder, HolderOf(dir));
  if (!holder->check) {
    return UnimplementedError("the " + holder->name + " store has no offline check (" + dir + ")");
  }
  return holder->check(dir);
}

}  // namespace quarry
