#include "tests/keypackages/seed_model.h"

#include <algorithm>
#include <variant>

namespace quarry::testing {
namespace {

// §9.4: directedType picks directed/undirected edges; INCOMING/OUTGOING only
// restrict directed edges, by the end the row is stored under.
bool DirectionPasses(ModelKind kind, DirectedType dt, IncludeIncomingOutgoing io) {
  switch (kind) {
    case ModelKind::kEntity:
      return true;
    case ModelKind::kUndirected:
      return dt != DirectedType::kDirected;
    case ModelKind::kOut:
      return dt != DirectedType::kUndirected && io != IncludeIncomingOutgoing::kIncoming;
    case ModelKind::kIn:
      return dt != DirectedType::kUndirected && io != IncludeIncomingOutgoing::kOutgoing;
  }
  return false;
}

void SelectEntitySeed(const std::vector<ModelRow>& rows, const std::string& v, const SeedOptions& o,
                      Selection* out) {
  const bool entities = o.seed_matching_equal || o.include_entities;
  const bool edges = !o.seed_matching_equal && o.include_edges;
  for (const ModelRow& r : rows) {
    if (r.first != v) continue;
    bool take =
        r.kind == ModelKind::kEntity
            ? entities
            : edges && DirectionPasses(r.kind, o.directed_type, o.include_incoming_outgoing);
    if (take) out->insert({r.element, r.matched});
  }
}

// §9.2: the edge lookup for (s, d) with the combined direction `d_type`.
bool EdgeSeedTakes(const ModelRow& r, const std::string& s, const std::string& d,
                   DirectedType d_type, const SeedOptions& o, bool byte_entity) {
  if (r.kind == ModelKind::kEntity) return false;
  if (byte_entity) {
    // Source-first directed row and the undirected row under s; io ignored.
    if (r.first != s || r.second != d) return false;
    return (r.kind == ModelKind::kOut && d_type != DirectedType::kUndirected) ||
           (r.kind == ModelKind::kUndirected && d_type != DirectedType::kDirected);
  }
  // Classic looks under d for INCOMING, and its filter iterator then applies
  // the operation's direction options.
  const bool incoming = o.include_incoming_outgoing == IncludeIncomingOutgoing::kIncoming;
  if (r.first != (incoming ? d : s) || r.second != (incoming ? s : d)) return false;
  bool kind_ok = true;
  if (d_type == DirectedType::kUndirected) kind_ok = r.kind == ModelKind::kUndirected;
  if (d_type == DirectedType::kDirected)
    kind_ok = r.kind == (incoming ? ModelKind::kIn : ModelKind::kOut);
  return kind_ok && DirectionPasses(r.kind, o.directed_type, o.include_incoming_outgoing);
}

void SelectEdgeSeed(const std::vector<ModelRow>& rows, const EdgeSeed& seed, const SeedOptions& o,
                    bool byte_entity, Selection* out) {
  const std::string& s = seed.source.AsString();
  const std::string& d = seed.destination.AsString();
  const DirectedType op = o.directed_type;
  const DirectedType sd = seed.directed_type;
  const bool compatible = op == DirectedType::kEither || sd == DirectedType::kEither || op == sd;
  const DirectedType combined = op == DirectedType::kEither ? sd : op;
  for (const ModelRow& r : rows) {
    bool take = false;
    if (r.kind == ModelKind::kEntity) {
      take = o.include_entities && !o.seed_matching_equal && (r.first == s || r.first == d);
    } else if (o.include_edges && compatible) {
      take = EdgeSeedTakes(r, s, d, combined, o, byte_entity);
    }
    if (take) out->insert({r.element, r.matched});
  }
}

}  // namespace

std::vector<ModelRow> ModelRowsOf(const Element& e, size_t index) {
  if (e.is_entity()) {
    return {ModelRow{index, e.vertex().AsString(), "", ModelKind::kEntity, MatchedVertex::kSource}};
  }
  const std::string& s = e.source().AsString();
  const std::string& d = e.destination().AsString();
  std::vector<ModelRow> rows;
  if (e.directed()) {
    rows.push_back({index, s, d, ModelKind::kOut, MatchedVertex::kSource});
    if (s != d) rows.push_back({index, d, s, ModelKind::kIn, MatchedVertex::kDestination});
  } else {
    // The element is normalised, so the source-first row matches SOURCE.
    rows.push_back({index, s, d, ModelKind::kUndirected, MatchedVertex::kSource});
    if (s != d) rows.push_back({index, d, s, ModelKind::kUndirected, MatchedVertex::kDestination});
  }
  return rows;
}

Selection ModelSeeded(const std::vector<ModelRow>& rows, const std::vector<ElementId>& seeds,
                      const SeedOptions& options, bool byte_entity) {
  Selection out;
  for (const ElementId& seed : seeds) {
    if (const auto* e = std::get_if<EntitySeed>(&seed)) {
      SelectEntitySeed(rows, e->vertex.AsString(), options, &out);
    } else {
      SelectEdgeSeed(rows, std::get<EdgeSeed>(seed), options, byte_entity, &out);
    }
  }
  return out;
}

Selection ModelInRanges(const std::vector<ModelRow>& rows,
                        const std::vector<std::pair<std::string, std::string>>& pairs,
                        const SeedOptions& o) {
  Selection out;
  for (const auto& [a, b] : pairs) {
    const std::string& lo = std::min(a, b);
    const std::string& hi = std::max(a, b);
    for (const ModelRow& r : rows) {
      if (r.first < lo || r.first > hi) continue;
      bool take = r.kind == ModelKind::kEntity
                      ? o.include_entities
                      : o.include_edges &&
                            DirectionPasses(r.kind, o.directed_type, o.include_incoming_outgoing);
      if (take) out.insert({r.element, r.matched});
    }
  }
  return out;
}

std::multiset<size_t> ModelAllElements(const std::vector<Element>& elements, const SeedOptions& o) {
  std::multiset<size_t> out;
  for (size_t i = 0; i < elements.size(); ++i) {
    const Element& e = elements[i];
    bool take = e.is_entity()
                    ? o.include_entities
                    : o.include_edges && DirectedTypeAccepts(o.directed_type, e.directed());
    if (take) out.insert(i);
  }
  return out;
}

}  // namespace quarry::testing
