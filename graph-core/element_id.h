// Element ids (Gaffer's EntityId / EdgeId), used as query seeds.
#pragma once

#include <optional>
#include <string>
#include <variant>

#include "graph-core/element.h"
#include "graph-core/enums.h"
#include "graph-core/value.h"

namespace quarry {

struct EntitySeed {
  Value vertex;
  friend bool operator==(const EntitySeed&, const EntitySeed&) = default;
};

// Gaffer's EdgeSeed. Use MakeEdgeSeed to get Gaffer's vertex ordering.
struct EdgeSeed {
  Value source;
  Value destination;
  DirectedType directed_type = DirectedType::kEither;
  std::optional<MatchedVertex> matched_vertex;
  friend bool operator==(const EdgeSeed& a, const EdgeSeed& b) {
    return a.source == b.source && a.destination == b.destination &&
           a.directed_type == b.directed_type;
  }
};

// Swaps source and destination only when `directed_type` is UNDIRECTED and
// source > destination (EdgeSeed.orderVertices); EITHER keeps the given order.
EdgeSeed MakeEdgeSeed(Value source, Value destination, DirectedType directed_type,
                      std::optional<MatchedVertex> matched_vertex = std::nullopt);

using ElementId = std::variant<EntitySeed, EdgeSeed>;

// The id of an element used as a seed (Gaffer lets elements be seeds).
ElementId IdOf(const Element& element);

std::string DebugString(const ElementId& id);

}  // namespace quarry
