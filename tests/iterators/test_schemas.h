// Schemas shared by the iterators tests: RoadUse from Gaffer's road-traffic
// example (gaffer-compat.md §4.3, §9.8), a visibility schema after the
// security guide's example (§9.9; "private" wins by String Min), and a
// schema exercising First/Last, StringConcat and AgeOff.
#pragma once

#include <memory>
#include <string>

#include "graph-core/status.h"
#include "schema/schema.h"

namespace quarry::testing {

// Edge group RoadUse (junction -> junction, directed): startDate Date Min,
// endDate Date Max, count Long Sum (>= 0), countByVehicleType FreqMap,
// groupBy [startDate, endDate]. Entity group JunctionUse likewise, vertex
// junction. Edge group RoadHasJunction, no properties.
std::shared_ptr<const Schema> RoadTrafficSchema();

// visibilityProperty "visibility" (String, aggregated by Min so that
// "private" + "public" = "private"). Edge group RoadUse with properties
// visibility and count (Long Sum). Entity group Junction with count only.
std::shared_ptr<const Schema> VisibilitySchema();

// Entity group "Ordered" (vertex String): first String First, last String
// Last, concat String StringConcat, count Long Sum. Entity group "Aged": time
// Long Max with AgeOff(ageOffTime 1000 ms), count Long Sum. Entity group
// "Plain" (aggregate false): note String. Entity group "Versions": bucket
// Int32 Sum (groupBy), first String First, last String Last. Edge group "Link": weight Int32
// Sum, groupBy none.
std::shared_ptr<const Schema> OrderingSchema();

}  // namespace quarry::testing
