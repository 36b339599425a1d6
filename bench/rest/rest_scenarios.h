// The REST scenarios (bench/README.md, step 60-rest.sh): a 1-hop query and a
// full scan against one `quarry serve` process, over real HTTP round trips
// (POST /rest/graph/operations/execute and .../execute/chunked, one
// keep-alive connection) and over the Thrift path of the same server
// (execute for the 1-hop queries, openQuery/nextPage for the scan). Each
// prints RESULT lines with the scenario names of the embedded store's
// (bench/quarry/), so bench/report.py sets them against it, and the items
// returned, so the run fails if any path returned other results.
//
// Thread safety: call one at a time.
#pragma once

#include <string>

#include "bench/common/args.h"
#include "graph-core/status.h"

namespace quarry::bench {

struct ServedGraph {
  int thrift_port = 0;
  int http_port = 0;
  int server_pid = 0;  // For the server's peak RSS.
};

// The system name of the embedded full scan PrepareGraph times.
inline constexpr char kEmbeddedHereSystem[] = "quarry-embedded-step60";

// Builds the bench graph in `dir` through the embedded store (AddElements
// in batches, then Compact, as the embedded ingest scenario does) for the
// server to serve; not timed. Then times a full scan of it through the
// embedded store, the RESULT line of kEmbeddedHereSystem: what the served
// full scans are set against in the same minute (bench/report.py).
Status PrepareGraph(const BenchArgs& args, const std::string& dir);

// 1hop-uniform-single and 1hop-uniform-batch100, each over REST execute,
// REST chunked and Thrift execute.
Status RunRestOneHop(const BenchArgs& args, const ServedGraph& server);

// full-scan (GetAllElements) over REST execute, REST chunked and Thrift paging.
Status RunRestFullScan(const ServedGraph& server);

}  // namespace quarry::bench
