// The store factory: the stores a process can hold graphs in, by their
// quarry.store name (store/store_properties.h), and the dispatch behind
// Graph::Create and Graph::Open.
//
// Stores are registered explicitly, once, by the program before it creates
// or opens a graph: stores/builtin_stores.h (RegisterBuiltinStores) is the
// one place that links the concrete stores and registers them; the quarry
// binary's main, the benches and the test mains call it. (No static
// initialisers: the linker may drop an unreferenced object file of a static
// library, and a store would silently be missing.)
//
// Thread safety: the registry is guarded by a mutex; registering and
// dispatching may happen concurrently.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"
#include "schema/schema.h"
#include "store/graph.h"
#include "store/graph_check.h"
#include "store/store_properties.h"

namespace quarry {

struct StoreDriver {
  std::string name;  // Its quarry.store value, e.g. "rocks".
  // Its store-specific property keys (for StoreProperties::UnknownKeys).
  std::vector<std::string_view> property_keys;
  // Whether `location` holds a graph of this store (Open without properties
  // asks each store in registration order).
  std::function<bool(const std::string& location)> holds_graph;
  // Graph::Create and Graph::Open for this store (their contracts).
  std::function<Result<std::unique_ptr<Graph>>(const std::string& location,
                                               std::shared_ptr<const Schema> schema,
                                               const StoreProperties& properties)>
      create;
  std::function<Result<std::unique_ptr<Graph>>(const std::string& location,
                                               std::shared_ptr<const Schema> schema,
                                               const StoreProperties* properties)>
      open;
  // Optional: opens the graph at `location` read-only beside the process
  // that has it open (OpenGraphReadOnly below); `scratch_dir` takes the
  // reader's own files.
  std::function<Result<std::unique_ptr<Graph>>(const std::string& location,
                                               const std::string& scratch_dir)>
      open_read_only;
  // Optional: verifies the graph at `location` offline (`quarry check`).
  std::function<Result<GraphCheckReport>(const std::string& location)> check;
};

// Adds a store. AlreadyExists if one of that name is registered (the
// registry is unchanged); InvalidArgument if a field is empty.
Status RegisterStore(StoreDriver driver);

// The registered stores' names, in registration order.
std::vector<std::string> RegisteredStores();

// The store `properties` name (quarry.store). InvalidArgument naming the key,
// the value and the registered stores if none has that name.
Result<const StoreDriver*> FindStore(const StoreProperties& properties);

// Keys in `properties` that neither every store nor the named store reads
// (for warnings about typos). An unregistered store's keys are all unknown.
std::vector<std::string> UnknownStoreKeys(const StoreProperties& properties);

// Opens the graph at `dir` read-only beside the process that has it open
// (`quarry exec --read-only`, `quarry info` next to `quarry serve`): the
// store holding it decides how fresh the view is (store-rocks: as of the
// open). `scratch_dir` must be writable and is left for the caller to
// remove after the graph is destroyed. NotFound if no store holds a graph
// there; Unimplemented if its store has no read-only open.
Result<std::unique_ptr<Graph>> OpenGraphReadOnly(const std::string& dir,
                                                 const std::string& scratch_dir);

// Checks the graph at `dir` offline with its store's check (StoreDriver::
// check). NotFound if no store holds a graph there; Unimplemented if its
// store has no check.
Result<GraphCheckReport> CheckGraph(const std::string& dir);

}  // namespace quarry
