#include "operations/generators/road_traffic_elements.h"

#include <memory>
#include <string>
#include <utility>

#include "graph-core/hll_sketch.h"

namespace quarry {
namespace {

Element DirectedEdge(std::string_view group, const std::string& source,
                     const std::string& destination, Properties properties = {}) {
  return Element::Edge(std::string(group), Value::String(source), Value::String(destination),
                       /*directed=*/true, std::move(properties));
}

// startDate, endDate, count and countByVehicleType: RoadUse's and JunctionUse's.
Properties UseProperties(const RoadTrafficRow& row) {
  return {{"startDate", Value::Date(row.start_date_ms)},
          {"endDate", Value::Date(row.end_date_ms)},
          {"count", Value::Int64(row.count)},
          {"countByVehicleType", Value::FreqMap(row.vehicle_counts)}};
}

}  // namespace

Element CardinalityEntity(std::string_view vertex, std::string_view other_end,
                          std::string_view edge_group) {
  auto sketch = std::make_shared<HllSketch>(kCardinalityLogK);
  sketch->Update(other_end);
  return Element::Entity(std::string(kCardinalityGroup), Value::String(std::string(vertex)),
                         {{"edgeGroup", Value::TreeSet({Value::String(std::string(edge_group))})},
                          {"hllp", Value::Sketch(std::move(sketch))},
                          {"count", Value::Int64(1)}});
}

void AppendRoadTrafficElements(const RoadTrafficRow& row, std::vector<Element>* out) {
  size_t first_edge = out->size();
  out->push_back(DirectedEdge(kRegionContainsLocationGroup, row.region, row.location));
  out->push_back(DirectedEdge(kLocationContainsRoadGroup, row.location, row.road));
  out->push_back(DirectedEdge(kRoadHasJunctionGroup, row.road, row.junction_a));
  out->push_back(DirectedEdge(kRoadHasJunctionGroup, row.road, row.junction_b));
  out->push_back(DirectedEdge(kJunctionLocatedAtGroup, row.junction_a, row.junction_a_location));
  out->push_back(DirectedEdge(kJunctionLocatedAtGroup, row.junction_b, row.junction_b_location));
  out->push_back(DirectedEdge(kRoadUseGroup, row.junction_a, row.junction_b, UseProperties(row)));

  out->push_back(Element::Entity(std::string(kJunctionUseGroup), Value::String(row.junction_a),
                                 UseProperties(row)));
  out->push_back(Element::Entity(std::string(kJunctionUseGroup), Value::String(row.junction_b),
                                 UseProperties(row)));

  for (size_t i = first_edge; i < first_edge + kEdgesPerRow; ++i) {
    // Copies: push_back may reallocate `out` under a reference.
    std::string group = (*out)[i].group();
    std::string source = (*out)[i].source().AsString();
    std::string destination = (*out)[i].destination().AsString();
    out->push_back(CardinalityEntity(source, destination, group));
    out->push_back(CardinalityEntity(destination, source, group));
  }
}

}  // namespace quarry
