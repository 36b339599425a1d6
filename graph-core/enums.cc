#include "graph-core/enums.h"

namespace quarry {

std::string_view ToString(DirectedType v) {
  switch (v) {
    case DirectedType::kEither:
      return "EITHER";
    case DirectedType::kDirected:
      return "DIRECTED";
    case DirectedType::kUndirected:
      return "UNDIRECTED";
  }
  return "EITHER";
}

std::string_view ToString(IncludeIncomingOutgoing v) {
  switch (v) {
    case IncludeIncomingOutgoing::kEither:
      return "EITHER";
    case IncludeIncomingOutgoing::kIncoming:
      return "INCOMING";
    case IncludeIncomingOutgoing::kOutgoing:
      return "OUTGOING";
  }
  return "EITHER";
}

std::string_view ToString(MatchedVertex v) {
  return v == MatchedVertex::kSource ? "SOURCE" : "DESTINATION";
}

std::optional<DirectedType> ParseDirectedType(std::string_view s) {
  if (s == "EITHER") return DirectedType::kEither;
  if (s == "DIRECTED") return DirectedType::kDirected;
  if (s == "UNDIRECTED") return DirectedType::kUndirected;
  return std::nullopt;
}

std::optional<IncludeIncomingOutgoing> ParseIncludeIncomingOutgoing(std::string_view s) {
  if (s == "EITHER") return IncludeIncomingOutgoing::kEither;
  if (s == "INCOMING") return IncludeIncomingOutgoing::kIncoming;
  if (s == "OUTGOING") return IncludeIncomingOutgoing::kOutgoing;
  return std::nullopt;
}

std::optional<MatchedVertex> ParseMatchedVertex(std::string_view s) {
  if (s == "SOURCE") return MatchedVertex::kSource;
  if (s == "DESTINATION") return MatchedVertex::kDestination;
  return std::nullopt;
}

}  // namespace quarry
