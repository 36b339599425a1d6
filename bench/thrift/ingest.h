// Aggregating ingest of the whole event stream over Thrift, in batches, from
// one or more client threads (each with its own connection).
//
// Batch b holds events [b*batch_events, (b+1)*batch_events); thread t sends
// the batches with b % threads == t, in order, so the split is deterministic.
//
// Thread safety: RunIngest starts and joins its own threads.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "bench/common/dataset.h"

namespace quarry::bench {

enum class IngestPath {
  kJson,   // execute() with a Gaffer AddElements operation document.
  kTyped,  // addElements() with Thrift Element structs.
};

struct IngestConfig {
  int port = 0;
  IngestPath path = IngestPath::kTyped;
  int threads = 1;
  size_t batch_events = 5'000;  // Events per call (two elements each).
};

// Sends every event; returns the wall-clock seconds the whole ingest took,
// building the requests included. On any failure, returns a negative value
// with the first error in `error`.
double RunIngest(const IngestConfig& config, const std::vector<EdgeEvent>& events,
                 std::string* error);

}  // namespace quarry::bench
