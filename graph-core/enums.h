// The enums Gaffer uses on elements, seeds and operations, with their JSON names.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace quarry {

enum class ElementKind : uint8_t { kEntity, kEdge };

// Gaffer's DirectedType. EITHER (or absent) on an Edge means directed.
enum class DirectedType : uint8_t { kEither, kDirected, kUndirected };

// Gaffer's SeededGraphFilters.IncludeIncomingOutgoingType.
enum class IncludeIncomingOutgoing : uint8_t { kEither, kIncoming, kOutgoing };

// Which end of an edge matched the query seed.
enum class MatchedVertex : uint8_t { kSource, kDestination };

std::string_view ToString(DirectedType v);             // "EITHER", "DIRECTED", "UNDIRECTED"
std::string_view ToString(IncludeIncomingOutgoing v);  // "EITHER", "INCOMING", "OUTGOING"
std::string_view ToString(MatchedVertex v);            // "SOURCE", "DESTINATION"

// Parse Gaffer's names (case-sensitive upper case, as Gaffer writes them);
// nullopt if unknown.
std::optional<DirectedType> ParseDirectedType(std::string_view s);
std::optional<IncludeIncomingOutgoing> ParseIncludeIncomingOutgoing(std::string_view s);
std::optional<MatchedVertex> ParseMatchedVertex(std::string_view s);

// True if an edge with directed flag `directed` passes `filter`.
inline bool DirectedTypeAccepts(DirectedType filter, bool directed) {
  return filter == DirectedType::kEither || (filter == DirectedType::kDirected) == directed;
}

}  // namespace quarry
