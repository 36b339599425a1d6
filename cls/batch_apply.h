// ApplyBatch: what the object class does with one ingest batch
// (cls/batch_format.h), free of Ceph so that it is tested without a cluster:
// checks every entry against the tablet's key-package and folds aggregate
// entries into the stored values with the group's ingest aggregator — the
// same iterators/aggregate.h MergeStoredValues call as the RocksDB merge
// operator (store-rocks/merge_operator.h), in the same order (stored value
// first, then the batch's entries of that key oldest first), so both stores
// give one answer.
//
// Checks, each an error naming the entry index (nothing is written then):
//   * the key is a data key whose group is in the schema (InvalidArgument);
//   * aggregate entries name an aggregated group, put entries a
//     non-aggregated one (InvalidArgument);
//   * an aggregate key's key-package part parses and names the same group
//     (InvalidArgument);
//   * every value decodes with the group's layout (InvalidArgument);
//   * a put key is not stored yet and appears once (AlreadyExists).
// A stored value that does not decode is DataLoss.
//
// Thread safety: pure functions.
#pragma once

#include <map>
#include <set>
#include <string>

#include "cls/batch_format.h"
#include "graph-core/status.h"
#include "keypackages/key_package.h"

namespace quarry::cls {

// The keys whose stored values ApplyBatch needs: every entry's key, once.
std::set<std::string> KeysToRead(const Batch& batch);

// `stored`: the stored values of (a superset of) KeysToRead(batch); a key
// absent from it is not stored. On success *writes holds the omap values
// to set (every entry's key once). On error *writes is unspecified.
Status ApplyBatch(const KeyPackage& package, const Batch& batch,
                  const std::map<std::string, std::string>& stored,
                  std::map<std::string, std::string>* writes);

}  // namespace quarry::cls
