// RowPrefixTransform: the RocksDB prefix extractor of every group column
// family, so that prefix Bloom filters let a seeded scan skip the SST files
// that hold nothing under its vertex (Accumulo's per-row Bloom filters).
//
// The prefix of a key is KeyPackage::RowPrefix(key): `V 00`, the first
// escaped vertex and its delimiter (keypackages/key_format.h). Every key
// stored under vertex V starts with it, and every range a key-package builds
// for one vertex starts with it, so a scan whose range lies inside one prefix
// may read with prefix_same_as_start. RocksDB's rules are honoured:
//  * InDomain(key) is true iff the key holds a 00 byte; Transform is only
//    called on keys in the domain and returns a prefix of the key;
//  * a key in the domain has every extension in the domain, with the same
//    prefix (the first 00 stays first);
//  * InDomain(prefix) and Transform(prefix) == prefix for every prefix.
// Keys of non-aggregated groups end with an insert id
// (keypackages/key_format.h); it follows the first 00 and so never changes
// the prefix.
//
// The name is persisted in RocksDB's OPTIONS file and SST properties: change
// it (the version suffix) whenever the prefix definition changes, so old
// filters are not consulted with new prefixes.
//
// Thread safety: stateless; safe to share between column families.
#pragma once

#include <rocksdb/slice_transform.h>

#include <memory>

namespace quarry {

inline constexpr char kRowPrefixTransformName[] = "quarry.row_prefix.v1";

class RowPrefixTransform : public rocksdb::SliceTransform {
 public:
  const char* Name() const override { return kRowPrefixTransformName; }
  // REQUIRES: InDomain(key).
  rocksdb::Slice Transform(const rocksdb::Slice& key) const override;
  bool InDomain(const rocksdb::Slice& key) const override;
  // True if every key of prefix `prefix` shares RowPrefix == prefix.
  bool InRange(const rocksdb::Slice& prefix) const override;
  // Prefixes vary in length (one per vertex), so no fixed length.
  bool FullLengthEnabled(size_t* /*len*/) const override { return false; }
};

std::shared_ptr<const rocksdb::SliceTransform> NewRowPrefixTransform();

}  // namespace quarry
