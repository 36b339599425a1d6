// The rados store's entry in the store factory (store/store_factory.h):
// `quarry.store=rados` selects it, and its graphs are named by store
// properties (store-rados/rados_properties.h), not by a local directory.
//
// A graph's location (the GRAPH argument of the CLI) names the graph within
// the pool when `quarry.rados.graph` is not set: its last path component.
// Create also writes a handle at the location, LOCATION/quarry.rados.properties
// (the store properties, graph name included), so that every command given
// only the location (quarry add/exec/serve/compact/info/check/schema) opens
// the graph through the factory (holds_graph: the handle exists);
// open_read_only is OpenRadosGraphReadOnly and check is CheckRadosGraph
// (store-rados/rados_graph_check.h) on the handle's properties. Several handles, on
// several machines, may name one graph: the graph itself is in the pool.
//
// Thread safety: the driver's functions may be called concurrently.
#pragma once

#include <array>
#include <string_view>

#include "store/store_factory.h"

namespace quarry {

inline constexpr std::string_view kRadosStoreName = "rados";
inline constexpr char kRadosHandleFileName[] = "quarry.rados.properties";

inline constexpr std::array<std::string_view, 6> kRadosPropertyKeys = {
    "quarry.rados.conf",    "quarry.rados.pool",   "quarry.rados.graph",
    "quarry.rados.tablets", "quarry.rados.client", "quarry.rados.op.timeout.s"};

StoreDriver RadosStoreDriver();

}  // namespace quarry
