// KeyPackage: turns Elements into sorted RocksDB key/values and back, and
// seeds into key ranges, as Gaffer's AccumuloStore key-packages do
// (gaffer-compat.md §4, §9). Two packages share one key and value format
// (keypackages/key_format.h, keypackages/value_format.h) and differ in their
// rows: "byteEntity" (Gaffer's default ByteEntityKeyPackage) and "classic"
// (ClassicKeyPackage).
//
// Query semantics (§9). For a seeded scan (GetElements, GetAdjacentIds):
// RangesFor(seed) for every seed of a batch, MergeOverlapping over the batch,
// then keep each row that the FilterFor(kSeeded) filter (if any) accepts.
// GetAllElements: KeyRange::All() and FilterFor(kAllElements), which keeps
// one row per stored element. GetElementsInRanges: RangesBetween(a, b) per
// pair, then FilterFor(kRanges). Group selection is not the package's job
// (each group lives in its own column family).
//
// The packages differ as Gaffer's do. ByteEntity ranges are exact (flag
// ranges per vertex, §9.4); an EdgeSeed looks up only the source-first
// directed row and the undirected row under its source, ignoring
// INCOMING/OUTGOING. Classic scans a vertex's whole row range and filters;
// an EITHER EdgeSeed also returns the directed edge D->S, and with INCOMING
// the edge is looked up under its destination (§9.2). Self-loops are one row
// (§9.5); non-self edges are returned once per matching row (§9.6).
//
// Thread safety: immutable after construction; every method is const and
// safe to call from many threads.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/element.h"
#include "graph-core/element_id.h"
#include "graph-core/enums.h"
#include "graph-core/status.h"
#include "keypackages/key_format.h"
#include "keypackages/key_range.h"
#include "keypackages/row_filter.h"
#include "keypackages/value_format.h"
#include "schema/schema.h"

namespace quarry {

struct KeyValue {
  std::string key;
  std::string value;
  friend bool operator==(const KeyValue&, const KeyValue&) = default;
};

// The operation's seed-related options.
struct SeedOptions {
  // Gaffer: view.hasEntities() / view.hasEdges(). At least one must be set.
  bool include_entities = true;
  bool include_edges = true;
  IncludeIncomingOutgoing include_incoming_outgoing = IncludeIncomingOutgoing::kEither;
  DirectedType directed_type = DirectedType::kEither;
  // Gaffer v1 seedMatching EQUAL (§9.3): an EntitySeed gives its entities
  // only (even if include_entities is false, as Gaffer does); an EdgeSeed
  // gives the edge only, without the entities of its ends.
  bool seed_matching_equal = false;
};

enum class ScanKind : uint8_t {
  kSeeded,       // GetElements / GetAdjacentIds over RangesFor.
  kAllElements,  // GetAllElements.
  kRanges,       // GetElementsInRanges over RangesBetween.
};

class KeyPackage {
 public:
  virtual ~KeyPackage() = default;

  // "byteEntity" or "classic"; persisted in the graph's metadata.
  virtual std::string_view Name() const = 0;
  virtual const Schema& schema() const = 0;
  // The value format this package reads and writes (value_format.h).
  virtual uint32_t value_format() const = 0;

  // Appends the key/values of `element`: 1 for an entity or a self-loop, 2
  // for any other edge (one per end). `timestamp` is stored in the value
  // unless the schema has a timestamp property and the element holds a Long
  // there, which is used instead. Properties not in the group's schema are
  // ignored. InvalidArgument (naming the group or property) if the group is
  // not in the schema, is of the other kind, a vertex is null, or a value
  // cannot be serialised. On error `out` may hold a partial result.
  virtual Status Encode(const Element& element, int64_t timestamp,
                        std::vector<KeyValue>* out) const = 0;

  // The element stored at (key, value), with matchedVertex from the row
  // orientation (§4.1; undirected edges normalised). A key may end with an
  // insert id (key_format.h), which is not part of the element. DataLoss on
  // malformed or truncated bytes, or an unknown group; never crashes.
  Result<Element> Decode(std::string_view key, std::string_view value) const;

  // Decode of the key SplitKey split into `parts`, written into `*out` in
  // place (Element::ResetToEntityInPlace / ResetToEdgeInPlace), so that a scan decoding
  // every cell into one Element reuses its storage. Errors as Decode; on
  // error *out holds an unspecified element. The properties are checked now
  // but decoded on first read (lazy decoding, Properties::Hold), so *out
  // must not outlive this key-package; copies and moves of it may.
  virtual Status DecodeInto(const KeyParts& parts, std::string_view value, Element* out) const = 0;

  // The kind and escaped vertices of the key's row; views borrow from `key`.
  // DataLoss if malformed.
  Result<RowInfo> ParseRow(std::string_view key) const;
  // ParseRow of a key already split; views borrow from the key's bytes.
  virtual Result<RowInfo> ParseRowSection(const KeyParts& parts) const = 0;

  // Appends the ranges for one seed (§9.1, §9.2). InvalidArgument if neither
  // entities nor edges are included, or a seed vertex cannot be serialised.
  // May append nothing (an EdgeSeed whose directedType conflicts with the
  // operation's, and no entities). Ranges may overlap; merge per batch.
  virtual Status RangesFor(const ElementId& seed, const SeedOptions& options,
                           std::vector<KeyRange>* out) const = 0;

  // RangesFor every seed of one scan batch, then MergeOverlapping over the
  // batch's ranges (and any already in `*out`), so that a row reached by
  // several seeds is scanned once (§9.6). Errors as RangesFor.
  Status RangesForBatch(const std::vector<ElementId>& seeds, const SeedOptions& options,
                        std::vector<KeyRange>* out) const;

  // Appends the one range of GetElementsInRanges for the pair (a, b): from
  // the lowest start to the highest end of both seeds' ranges built with
  // include_incoming_outgoing EITHER. Errors as RangesFor.
  virtual Status RangesBetween(const ElementId& a, const ElementId& b, const SeedOptions& options,
                               std::vector<KeyRange>* out) const = 0;

  // The per-row filter a scan of `kind` needs, or nullopt if its ranges
  // select exactly the right rows (ByteEntity seeded scans).
  virtual std::optional<RowFilter> FilterFor(ScanKind kind, const SeedOptions& options) const = 0;

  // The property layout of `group` (what goes in the column qualifier, the
  // visibility and the value), or nullptr if the schema lacks the group.
  // Lives as long as the package.
  virtual const PropertyLayout* LayoutFor(std::string_view group) const = 0;

  // Appends to `dst` a key with `key`'s row section and group and with the
  // column qualifier and visibility encoded from `properties`, as query-time
  // aggregation rebuilds its output key (§9.8). DataLoss if `key` is
  // malformed or names an unknown group; InvalidArgument if a property cannot
  // be serialised. An insert id on `key` is kept on the rebuilt key.
  virtual Status RebuildKey(std::string_view key, const Properties& properties,
                            std::string* dst) const = 0;

  // ParseRow(key) then filter.Accepts. DataLoss if the key is malformed.
  Result<bool> Accepts(std::string_view key, const RowFilter& filter) const;
  Result<bool> Accepts(const KeyParts& parts, const RowFilter& filter) const;

  // See key_format.h: `V 00`, a prefix of `key`, for prefix bloom filters.
  static std::string_view RowPrefix(std::string_view key) { return quarry::RowPrefix(key); }
};

inline constexpr std::string_view kByteEntityKeyPackageName = "byteEntity";
inline constexpr std::string_view kClassicKeyPackageName = "classic";

// Maps a package name or Gaffer class name
// (uk.gov.gchq.gaffer.accumulostore.key.core.impl.byteEntity.ByteEntityKeyPackage,
// ...classic.ClassicKeyPackage, or their simple names) to "byteEntity" or
// "classic". InvalidArgument naming it if unknown.
Result<std::string_view> CanonicalKeyPackageName(std::string_view name);

// A key-package by any name CanonicalKeyPackageName accepts, for a graph
// whose values are of `value_format` (a graph's stored version; new graphs
// use kValueFormatVersion). REQUIRES: schema != nullptr. InvalidArgument if
// the value format is not one this build reads.
Result<std::unique_ptr<const KeyPackage>> MakeKeyPackage(
    std::string_view name, std::shared_ptr<const Schema> schema,
    uint32_t value_format = kValueFormatVersion);

}  // namespace quarry
