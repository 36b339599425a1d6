// The persisted metadata of a graph: key/values in the RocksDB "default"
// column family (store-rocks/rocks_instance.h), metadata format version 1.
// Everything needed to reopen the graph lives here.
//
//   key                      value
//   quarry.format            decimal kMetadataFormatVersion
//   quarry.schema            the schema as one Gaffer JSON document (Schema::json().dump())
//   quarry.key_package       canonical key-package name ("byteEntity" | "classic")
//   quarry.key_format        decimal keypackages/key_format.h kKeyFormatVersion
//   quarry.value_format      decimal keypackages/value_format.h kValueFormatVersion
//   quarry.distinct_format   only in key format 1 graphs: "1", the version of
//                            their non-aggregated key suffix (key_format.h
//                            "Version 1"); removed when Open rewrites them
//   quarry.store_properties  StoreProperties::ToPropertiesText() at creation / last open
//   quarry.split_points      split points, sorted, distinct: per point a
//                            4-byte big-endian length then its key bytes
//                            (empty value: no split, one shard)
//   quarry.distinct_id_limit decimal: every insert id below it may be in use
//                            (store-rocks/internal/distinct_id_allocator.h)
//   quarry.data_dirs         only with several data directories: their
//                            absolute paths, in quarry.split_points' encoding
//                            (the first is the graph dir at creation)
//   quarry.rehome_pending    present ("1") while keys move between instances
//                            after a split point change; Open finishes the move
//   quarry.delete_pending    present while a delete spanning several
//                            instances is applied: its cell deletes and range
//                            deletes (store-rocks/internal/rocks_graph_delete.cc);
//                            Open re-applies them
//   quarry.created_time      decimal ms since the epoch when Create ran
//                            (absent in graphs created before it was recorded)
//
// Entries of Graph::PutMetadata (job details and results, named operations
// and views) are stored under their own prefix:
//   user/<key>               the caller's value, as given
// Every key of the graph's own starts with "quarry.", so none can collide
// with "user/..."; Open does not read them.
//
// Every other data directory's instance holds one metadata key:
//   quarry.instance          decimal: its index in quarry.data_dirs
//
// A graph exists iff quarry.schema is present. Create writes every key in one
// synced WriteBatch, so a crash during Create leaves either no graph or a
// whole one.
//
// Thread safety: constants and pure functions.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"

namespace quarry {

inline constexpr uint32_t kMetadataFormatVersion = 1;

inline constexpr std::string_view kMetaFormat = "quarry.format";
inline constexpr std::string_view kMetaSchema = "quarry.schema";
inline constexpr std::string_view kMetaKeyPackage = "quarry.key_package";
inline constexpr std::string_view kMetaKeyFormat = "quarry.key_format";
inline constexpr std::string_view kMetaValueFormat = "quarry.value_format";
inline constexpr std::string_view kMetaDistinctFormat = "quarry.distinct_format";
inline constexpr std::string_view kMetaStoreProperties = "quarry.store_properties";
inline constexpr std::string_view kMetaSplitPoints = "quarry.split_points";
inline constexpr std::string_view kMetaDistinctIdLimit = "quarry.distinct_id_limit";
inline constexpr std::string_view kMetaDataDirs = "quarry.data_dirs";
inline constexpr std::string_view kMetaRehomePending = "quarry.rehome_pending";
inline constexpr std::string_view kMetaInstance = "quarry.instance";
inline constexpr std::string_view kMetaDeletePending = "quarry.delete_pending";
inline constexpr std::string_view kMetaCreatedTime = "quarry.created_time";
// Graph::PutMetadata keys are stored as kUserMetadataPrefix + key.
inline constexpr std::string_view kUserMetadataPrefix = "user/";

// Encodes / decodes quarry.split_points (and quarry.data_dirs). DataLoss on
// malformed bytes.
std::string EncodeSplitPoints(const std::vector<std::string>& points);
Result<std::vector<std::string>> DecodeSplitPoints(std::string_view bytes);

// Parses a decimal metadata number; DataLoss naming `key` if malformed.
Result<uint64_t> ParseMetaNumber(std::string_view key, std::string_view text);

// The graph's quarry.value_format: DataLoss if absent or malformed,
// FailedPrecondition naming the versions this build reads if it is not one
// of them (keypackages/value_format.h).
Result<uint32_t> StoredValueFormat(const std::map<std::string, std::string>& meta);

}  // namespace quarry
