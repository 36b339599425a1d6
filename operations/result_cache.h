// The Gaffer result cache (ExportToGafferResultCache,
// GetGafferResultCacheExport, job results) kept in the graph's metadata
// (Graph::PutMetadata) instead of a second Gaffer graph, so exports survive
// a restart and are copied by Checkpoint.
//
// An export is identified by (jobId, key). Like Gaffer's result graph
// (aggregation off), every add appends. Items are stored as Gaffer JSON in
// chunks of at most kResultChunkItems items, each chunk carrying the time
// it was written and the op auths a reader needs:
//   rcm/<id>            manifest: {"chunks": n, "items": m, "lastWrite": ms}
//   rcd/<id>#<10 digits> chunk i: {"timestamp", "opAuths": [...], "items": [...]}
// where <id> is "<length of jobId>:<jobId><key>" (unambiguous for any ids).
// A chunk is readable by a user whose op auths plus user id include every
// one of its op auths (Gaffer's AreIn filter), until it is older than the
// time-to-live (Gaffer's AgeOff on the result timestamp).
//
// Thread safety: functions may run concurrently on different exports; one
// writer per export at a time (exports are written under the running
// request's own job id, which is unique).
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>

#include "graph-core/status.h"
#include "operations/item.h"
#include "store/graph.h"

namespace quarry {

inline constexpr size_t kResultChunkItems = 1000;

struct ResultCacheOptions {
  // Results older than this are invisible and deleted by
  // DeleteExpiredResults. 0: they never expire. Gaffer's default is a day.
  int64_t time_to_live_ms = 24 * 60 * 60 * 1000;
  // The most items one export may hold; an add past it is refused with
  // ResourceExhausted and stores nothing.
  size_t max_items = 1'000'000;
};

// Which chunks an AppendResults call wrote: [first, end).
struct ChunkRange {
  uint64_t first = 0;
  uint64_t end = 0;
};

// Appends every item of `in` (drained) to export (job_id, key), readable by
// holders of all of `required_op_auths`. Returns the chunks written. On any
// error nothing of this call becomes visible.
Result<ChunkRange> AppendResults(Graph& graph, const std::string& job_id, const std::string& key,
                                 const std::set<std::string>& required_op_auths, ItemStream& in,
                                 const ResultCacheOptions& options);

// Streams the items of export (job_id, key) a reader holding `reader_auths`
// (op auths and user id) may see, oldest first, decoded back into items
// (elements, seeds, values). An absent export is an empty stream. With
// `range`, only those chunks, and no auth or age check (an exporter reading
// back what it just wrote). Holds `graph` while open.
Result<std::unique_ptr<ItemStream>> ReadResults(std::shared_ptr<const Graph> graph,
                                                const std::string& job_id, const std::string& key,
                                                const std::set<std::string>& reader_auths,
                                                const ResultCacheOptions& options,
                                                const ChunkRange* range = nullptr);

// Deletes every export whose last write is older than the time-to-live.
// Returns how many were deleted.
Result<int> DeleteExpiredResults(Graph& graph, const ResultCacheOptions& options);

}  // namespace quarry
