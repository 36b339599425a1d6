// The benchmark's data as Quarry sees it: the schema (bench/schema), each
// event's two elements, the 1-hop seeds, and the view of the view scenario.
//
// Thread safety: free functions; results are plain values.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bench/common/dataset.h"
#include "graph-core/element.h"
#include "graph-core/element_id.h"
#include "graph-core/status.h"
#include "graph-core/view.h"
#include "schema/schema.h"

namespace quarry::bench {

// The bench schema from `repo`/bench/schema. With `age_off_before_day`, the
// date.day type also gets a validator keeping only startDate >=
// DayMillis(age_off_before_day): the age-off scenario's allowed migration.
Result<std::shared_ptr<const Schema>> LoadBenchSchema(
    const std::string& repo, std::optional<uint32_t> age_off_before_day = std::nullopt);

// Appends the event's elements: Edge "Event"(src -> dst, startDate, count 1)
// and Entity "Vertex"(src, count 1).
void AppendEventElements(const EdgeEvent& event, std::vector<Element>* out);

// EntitySeeds of the vertices.
std::vector<ElementId> SeedsOf(const std::vector<uint32_t>& vertices);

// The view scenario's view: only "Event" edges, with count > 1.
Result<View> CountAboveOneView();

}  // namespace quarry::bench
