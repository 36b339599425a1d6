// The Entities and Edges Gaffer's road-traffic generator makes from one CSV
// row (../shared/gaffer-examples/README.md, "How the road-traffic CSV becomes
// elements"), with the property classes of road-traffic/types.json:
// String vertices, Long count, Date startDate/endDate, FreqMap
// countByVehicleType, TreeSet<String> edgeGroup, HllSketch hllp.
//
// Thread safety: stateless functions.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "graph-core/element.h"
#include "operations/generators/road_traffic_row.h"

namespace quarry {

// Group names (road-traffic/elements.json).
inline constexpr std::string_view kRoadUseGroup = "RoadUse";
inline constexpr std::string_view kRoadHasJunctionGroup = "RoadHasJunction";
inline constexpr std::string_view kRegionContainsLocationGroup = "RegionContainsLocation";
inline constexpr std::string_view kLocationContainsRoadGroup = "LocationContainsRoad";
inline constexpr std::string_view kJunctionLocatedAtGroup = "JunctionLocatedAt";
inline constexpr std::string_view kCardinalityGroup = "Cardinality";
inline constexpr std::string_view kJunctionUseGroup = "JunctionUse";

// The HllSketch precision of Cardinality.hllp (Gaffer's generator uses 10).
inline constexpr int kCardinalityLogK = 10;

// Per row: 7 edges, 2 JunctionUse entities and 2 Cardinality entities per edge.
inline constexpr size_t kEdgesPerRow = 7;
inline constexpr size_t kElementsPerRow = kEdgesPerRow + 2 + 2 * kEdgesPerRow;

// Appends the row's kElementsPerRow elements to `out`, in Gaffer's order:
// 1. the directed edges RegionContainsLocation (region -> location),
//    LocationContainsRoad (location -> road), RoadHasJunction (road ->
//    junction A, road -> junction B), JunctionLocatedAt (junction A -> its
//    location, junction B -> its location) and RoadUse (junction A ->
//    junction B, with startDate, endDate, count, countByVehicleType);
// 2. JunctionUse on junction A, then on junction B, with RoadUse's properties;
// 3. for each edge of step 1 in order, CardinalityEntity on its source, then
//    on its destination.
void AppendRoadTrafficElements(const RoadTrafficRow& row, std::vector<Element>* out);

// A Cardinality entity on `vertex` for one end of an edge of `edge_group`:
// edgeGroup = TreeSet{edge_group}, hllp = HllSketch(kCardinalityLogK) updated
// with `other_end`, count = Long 1.
Element CardinalityEntity(std::string_view vertex, std::string_view other_end,
                          std::string_view edge_group);

}  // namespace quarry
