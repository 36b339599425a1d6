// The Thrift (typed) elements of one bench event, as a typed client builds
// them: the Event edge src -> dst on its day with count 1, and the source's
// Vertex entity with count 1. Shared by the Thrift ingest (ingest.h) and the
// hot-key load (bench/hotkeys/).
//
// Thread safety: pure functions.
#pragma once

#include "bench/common/dataset.h"
#include "server/rpc/quarry_types.h"

namespace quarry::bench {

rpc::Element TypedEventEdge(const EdgeEvent& event);
rpc::Element TypedEventEntity(const EdgeEvent& event);

}  // namespace quarry::bench
