// The RADOS store: a Graph (store-rocks/graph.h) kept in a Ceph RADOS pool,
// as Gaffer's AccumuloStore keeps a graph in Accumulo tablets (issue 14).
//
// Layout (store-rados/tablet_map.h, cls/batch_format.h): a metadata object
// <graph>.meta (schema JSON, key-package, formats, tablet count, layout
// version, the callers' metadata) and a power-of-two number of tablet
// objects <graph>.tablet.<i>, whose omaps hold the key-package's keys
// behind a group prefix; rows hash to tablets by their first vertex, so a
// vertex's rows stay in one tablet. Ceph replicates and recovers the
// objects; Quarry adds no replication of its own.
//
// Writes: elements are validated and encoded as store-rocks does, grouped
// per tablet into bounded batches, and applied by the object class
// libcls_quarry.so inside the OSDs (ingest aggregation with the same fold as
// the RocksDB merge operator, a batch id recorded so a resent batch is not
// counted twice). Batches for different tablets are sent in parallel; the
// batches of one tablet in request order. A request is atomic per batch,
// not across batches or tablets: on an error some batches may be stored
// (AddElements reports the error; resending the whole request would count
// the stored batches again).
// Reads: per tablet, paged omap reads (store-rados/rados_kv_iterator.h)
// feed the shared scan stack (iterators/scan_stack.h): views, visibility,
// validation (age-off hidden at scan time) and query-time aggregation are
// store-rocks' code. Several tablets are read at once
// (internal/parallel_tablet_streams.h); results come tablet by tablet (key
// order within a tablet), as an Accumulo batch scanner returns them.
//
// Deletes (internal/rados_graph_delete.cc): atomic per tablet; an element
// delete spanning tablets is whole through a write-ahead record that the
// next Open finishes with guarded deletes (sparing cells re-written since);
// DeleteAllElements clears tablet by tablet and, if interrupted, is
// finished by running it again. Age-off: hidden at scan time at once;
// Compact() is the sweeper that removes invalid cells with guarded deletes
// (internal/rados_graph_admin.cc). Checkpoint is an export of every object
// into a directory (internal/rados_graph_checkpoint.cc), restored with
// RestoreRadosCheckpoint. Split points do not apply: the shards are the
// tablets, fixed at create (Unimplemented, saying so). Schema changes at
// Open follow the RocksDB store's rules (store/schema_migration.h), stored
// with a compare-and-set (internal/schema_change.h); other clients keep the
// schema they opened with until they reopen.
//
// Thread safety: as Graph; every method may be called concurrently.
#pragma once

#include <memory>

#include "graph-core/status.h"
#include "schema/schema.h"
#include "store-rados/rados_properties.h"
#include "store/graph.h"
#include "store/store_properties.h"

namespace quarry {

// Creates the graph named by `properties` (store-rados/rados_properties.h):
// its metadata object first (exclusive create, state "creating"), then the
// tablet objects with the schema xattrs, then the metadata's state set to
// "ready" with a compare-and-set. AlreadyExists if the graph exists;
// InvalidArgument for bad properties; Unavailable if the cluster cannot be
// reached.
Result<std::unique_ptr<Graph>> CreateRadosGraph(std::shared_ptr<const Schema> schema,
                                                const StoreProperties& properties);

// Opens an existing graph and finishes what an interrupted client left
// (a delete spanning tablets, a schema change's tablet updates). With
// `schema`, applies the migration rules (store/schema_migration.h:
// FailedPrecondition listing every refused change, as the RocksDB store)
// and stores an accepted schema: the metadata object's schema replaced
// with a compare-and-set on the one checked against (a client that loses
// the race re-reads and re-checks), then every tablet's schema xattrs.
// NotFound if no graph; FailedPrecondition if its create did not finish or
// its formats are not this build's.
Result<std::unique_ptr<Graph>> OpenRadosGraph(const StoreProperties& properties,
                                              std::shared_ptr<const Schema> schema = nullptr);

// Opens an existing graph read-only: nothing is written to the pool, not
// even what an interrupted client left to finish. There is no lock to
// share: reads see the pool as it is at each read, other clients' writes
// included. AddElements, BulkImport, DeleteElements, DeleteAllElements,
// Compact and Put/DeleteMetadata fail with FailedPrecondition naming the
// graph; reads, Stats and Checkpoint (an export) work.
Result<std::unique_ptr<Graph>> OpenRadosGraphReadOnly(const StoreProperties& properties);

// Writes a Checkpoint directory back as the graph `properties` name (any
// name; it must not exist: AlreadyExists). NotFound / DataLoss for a
// directory that is not a whole checkpoint.
Status RestoreRadosCheckpoint(const std::string& dir, const StoreProperties& properties);

// Removes every object of the graph (tests and tools). NotFound if none.
Status DestroyRadosGraph(const StoreProperties& properties);

}  // namespace quarry
