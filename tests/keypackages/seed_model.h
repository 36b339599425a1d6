// An independent model of which stored rows a Gaffer AccumuloStore query
// returns, written from gaffer-compat.md §4.1 and §9 without the key bytes:
// it works on raw vertex strings and row orientations only.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "graph-core/element.h"
#include "graph-core/element_id.h"
#include "keypackages/key_package.h"

namespace quarry::testing {

enum class ModelKind { kEntity, kOut, kIn, kUndirected };

struct ModelRow {
  size_t element = 0;  // Index into the graph's elements.
  std::string first;   // Raw vertex the row is stored under.
  std::string second;  // Raw other end (edges).
  ModelKind kind = ModelKind::kEntity;
  MatchedVertex matched = MatchedVertex::kSource;  // What decoding must report.
};

// The rows §4.1 stores for `element` (index `index`): one per entity or
// self-loop, two per other edge. REQUIRES: String vertices.
std::vector<ModelRow> ModelRowsOf(const Element& element, size_t index);

// (element index, matched vertex) of each selected row.
using Selection = std::set<std::pair<size_t, MatchedVertex>>;

// GetElements over one batch of seeds (§9.1-9.6), for ByteEntity
// (byte_entity) or Classic.
Selection ModelSeeded(const std::vector<ModelRow>& rows, const std::vector<ElementId>& seeds,
                      const SeedOptions& options, bool byte_entity);

// GetElementsInRanges for EntitySeed pairs: rows stored under a vertex
// between the pair's vertices, passing the type/direction options.
Selection ModelInRanges(const std::vector<ModelRow>& rows,
                        const std::vector<std::pair<std::string, std::string>>& pairs,
                        const SeedOptions& options);

// GetAllElements: the indices of the elements of the included kinds and
// directedness (each once).
std::multiset<size_t> ModelAllElements(const std::vector<Element>& elements,
                                       const SeedOptions& options);

}  // namespace quarry::testing
