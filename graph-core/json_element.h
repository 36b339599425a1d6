// Gaffer JSON for elements (Entity, Edge) and element ids (EntitySeed,
// EdgeSeed), gaffer-compat.md §6 and §7.1.
//
// Reading accepts full and simple class names ("Entity",
// "uk.gov.gchq.gaffer.data.element.Entity"), typed values in every form
// ValueFromJson reads, and ignores unknown fields. Writing produces exactly
// Gaffer's JSON: full class names, typed-value wrappers, "properties" always
// present on elements, "matchedVertex" only when set.
//
// Thread safety: stateless functions.
#pragma once

#include <string_view>

#include "graph-core/element.h"
#include "graph-core/element_id.h"
#include "graph-core/json_value.h"
#include "graph-core/status.h"

namespace quarry {

inline constexpr std::string_view kEntityClass = "uk.gov.gchq.gaffer.data.element.Entity";
inline constexpr std::string_view kEdgeClass = "uk.gov.gchq.gaffer.data.element.Edge";
inline constexpr std::string_view kEntitySeedClass = "uk.gov.gchq.gaffer.operation.data.EntitySeed";
inline constexpr std::string_view kEdgeSeedClass = "uk.gov.gchq.gaffer.operation.data.EdgeSeed";
// Gaffer's Element.DEFAULT_GROUP, used when the JSON has no "group".
inline constexpr std::string_view kDefaultGroup = "UNKNOWN";

// Parses {"class": Entity|Edge, "group", "vertex" | "source", "destination",
// "directed" | "directedType", "matchedVertex", "properties"}.
// - An edge with neither "directed" nor "directedType", or with
//   "directedType": "EITHER", is directed; giving both is InvalidArgument.
// - Undirected edges are normalised (Element::Edge).
// - A null property value is dropped (Gaffer's rule: null removes).
// InvalidArgument naming the JSON path (prefixed by `path`) on a missing
// class/vertex/source/destination, an unknown class or enum, or a bad value.
Result<Element> ElementFromJson(const Json& json, std::string_view path);

// Gaffer's JSON for `element`.
Json ElementToJson(const Element& element);

// Parses a seed as Gaffer's operations accept it:
// - {"class": EntitySeed, "vertex"} and {"class": EdgeSeed, "source",
//   "destination", "directed" | "directedType", "matchedVertex"} (both
//   directed forms is InvalidArgument; neither means EITHER); EdgeSeed
//   vertices are ordered by MakeEdgeSeed;
// - an Entity or Edge JSON: the element's id (IdOf);
// - anything else is a raw typed value v, read as EntitySeed(v).
Result<ElementId> ElementIdFromJson(const Json& json, std::string_view path);

// Gaffer's JSON for a seed: EntitySeed {"class","vertex"}, EdgeSeed
// {"class","source","destination","directedType"[,"matchedVertex"]}.
Json ElementIdToJson(const ElementId& id);

}  // namespace quarry
