// The rocks store: a Gaffer graph (store/graph.h) stored in RocksDB —
// Gaffer's AccumuloStore with RocksDB in Accumulo's place.
//
// A graph lives in one directory: RocksDB data (a column family per schema
// group), and in the metadata column family the schema JSON, key-package
// name, key/value format version, split points and data directories —
// everything needed to reopen it.
//
// Shards: contiguous key ranges cut at the persisted split points (at the
// start of the split point's first vertex, so a vertex's rows never
// straddle two shards; store-rocks/internal/shard_map.h). By default one
// RocksDB instance (the graph dir) holds every shard; with several data
// directories (quarry.data.dirs) there is one instance per directory and
// shard i lives in instance i % n. Shards are the unit of parallel scan and
// of bulk import files.
//
// Writes: elements -> key-package -> every element validated and encoded,
// then one RocksDB WriteBatch per instance (so an invalid request stores
// nothing; a request is atomic within an instance, not across instances;
// durable when acknowledged per the durability property). Aggregated groups
// use Merge; the merge operator applies the schema's ingest aggregators.
// Non-aggregated groups keep every element.
// Reads: ranges from the key-package, cut by shard -> RocksDB iterators on
// each shard's instance -> the iterator stack (validation, visibility,
// direction, view filters, query-time aggregation, transforms) -> elements,
// streamed with bounded memory. Shards are scanned concurrently
// (quarry.scan.threads) and emitted in shard order, so results are identical
// to a serial scan.
//
// Thread safety: all methods are safe to call concurrently. Streams returned
// by reads read one snapshot per instance, taken together, and must not
// outlive the Graph.
//
// RocksStoreDriver is how the store factory (store/store_factory.h) reaches
// it, as quarry.store=rocks, the default: a graph directory made before
// quarry.store existed is a rocks graph. Settings: store-rocks/rocks_properties.h.
#pragma once

#include "store/store_factory.h"

namespace quarry {

inline constexpr std::string_view kRocksStoreName = "rocks";
static_assert(kRocksStoreName == kDefaultStore);

// The rocks store's entry in the store factory: Create, Open, and a graph
// held in a directory that has RocksDB's CURRENT file.
StoreDriver RocksStoreDriver();

}  // namespace quarry
