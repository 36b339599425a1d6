// WalkGraph: what GetWalks' hops found (Gaffer's AdjacencyMaps and
// EntityMaps), and the cursor that enumerates the walks through it.
//
// Hop i's adjacency maps each vertex it was seeded with to the vertices its
// edges reached, keeping the edges of each (from, to) pair as a set; its
// entity map keeps the entities it returned per vertex. Insertion order is
// kept, so results are deterministic (Gaffer's hash order is not).
//
// Thread safety: none; one request's executor thread builds and reads it.
#pragma once

#include <cstddef>
#include <deque>
#include <memory>
#include <unordered_map>
#include <vector>

#include "graph-core/element.h"
#include "graph-core/value.h"
#include "operations/item.h"

namespace quarry::operations_internal {

// Elements with Gaffer's set semantics (ItemEquals: matchedVertex ignored).
void AddDistinct(Element e, std::vector<Element>* set);

struct AdjacencyMap {
  struct Destinations {
    std::vector<Value> order;
    std::unordered_map<Value, std::vector<Element>, ValueHash> edges;
  };
  std::unordered_map<Value, Destinations, ValueHash> by_source;

  const Destinations* Find(const Value& source) const;
};

using EntityMap = std::unordered_map<Value, std::vector<Element>, ValueHash>;

// One hop's view of the WalkGraph, for recording its results.
class HopResults {
 public:
  HopResults(AdjacencyMap* adjacency, EntityMap* entities)
      : adjacency_(adjacency), entities_(entities) {}
  // An edge is filed under (matched vertex, adjacent vertex) if this hop
  // records edges; an entity under its vertex.
  void Add(Element e);

 private:
  AdjacencyMap* adjacency_;  // Null when the hop only fetches entities.
  EntityMap* entities_;
};

class WalkGraph {
 public:
  explicit WalkGraph(int hops) : hops_(hops) {}

  // Gaffer's getMatchedVertexValue / getAdjacentMatchedVertexValue: the end
  // the edge was found from (source unless DESTINATION matched) and the other.
  static const Value& MatchedVertex(const Element& edge);
  static const Value& AdjacentVertex(const Element& edge);

  // Starts the next hop. REQUIRES: the previous HopResults is no longer used.
  HopResults& AddHop(bool record_edges);

  int hops() const { return hops_; }
  size_t edge_hops() const { return adjacency_.size(); }
  // The destinations of `from` at hop `hop` (empty if none).
  const std::vector<Value>& Destinations(size_t hop, const Value& from) const;
  // The edges from `from` to `to` at hop `hop`. REQUIRES: to is a destination.
  const std::vector<Element>& Edges(size_t hop, const Value& from, const Value& to) const;
  // The entities hop `hop` returned for `vertex` (empty if none or no such hop).
  const std::vector<Element>& Entities(size_t hop, const Value& vertex) const;

 private:
  int hops_;
  std::deque<AdjacencyMap> adjacency_;
  std::deque<EntityMap> entities_;
  std::deque<HopResults> hop_results_;
};

// The walks from each seed in turn, as Gaffer's Walk JSON:
// {"edges": [[edge, ...] per hop], "entities": [{"<vertex>": [entity, ...]} per vertex]}.
// A walk reaching a vertex with nowhere to go before its last hop is dropped,
// or returned as it stands if `include_partial`.
std::unique_ptr<ItemStream> MakeWalkStream(std::shared_ptr<const WalkGraph> graph,
                                           std::vector<Value> seeds, bool include_partial);

}  // namespace quarry::operations_internal
