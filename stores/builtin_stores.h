// The one place that links the concrete stores and registers them with the
// store factory (store/store_factory.h): the rocks store (store-rocks/), and
// the RADOS store once it is built.
//
// Programs call RegisterBuiltinStores once before creating or opening a
// graph: the quarry binary's main, the benches and the test mains
// (tests/testutil/stores_main.cc). Layers above store/ (operations, server,
// cli commands) include neither this nor a store's headers
// (tests/layers_check.py).
//
// Thread safety: safe to call from several threads, any number of times;
// the stores are registered once.
#pragma once

namespace quarry {

void RegisterBuiltinStores();

}  // namespace quarry
