// CheckRadosGraph: the offline check of a RADOS graph (`quarry check`,
// StoreDriver::check), the counterpart of store-rocks/graph_check.h.
//
// What it verifies:
//   - the metadata object <graph>.meta: its create finished, its layout,
//     key and value formats are this build's, the tablet count is a power
//     of two, the schema parses and the key-package is known (the rules
//     Open applies, internal/graph_metadata.h);
//   - every tablet object <graph>.tablet.<i> exists and carries the
//     graph's key-package and schema in its xattrs (the ones the object
//     class folds ingest with), unless a schema change is still being
//     pushed to the tablets;
//   - every data key of every tablet's omap belongs to a group of the
//     schema, carries an insert id exactly when its group is not
//     aggregated, decodes with its value under the key-package and schema
//     to an element of that group, and lies in the tablet its row hashes to
//     (store-rados/tablet_map.h).
// Each problem names the object and, for a key, the key in hex; at most
// kMaxReportedKeys keys per tablet are listed, the rest counted. It never
// repairs anything and writes nothing. instances_checked counts the tablet
// objects read.
//
// Thread safety: one call uses its own cluster connection. Writers may run
// meanwhile (RADOS has no lock to take): keys they add during the check
// are checked or not, as the paging meets them.
#pragma once

#include "graph-core/status.h"
#include "store/graph_check.h"
#include "store/store_properties.h"

namespace quarry {

// Checks the graph `properties` name (store-rados/rados_properties.h).
// NotFound if there is no such graph; Unavailable (or the cluster's error)
// if the cluster cannot be reached; otherwise the report (damage is in the
// report, not the Status).
Result<GraphCheckReport> CheckRadosGraph(const StoreProperties& properties);

}  // namespace quarry
