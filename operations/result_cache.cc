#include "operations/result_cache.h"

#include <cstdio>
#include <utility>
#include <vector>

#include "graph-core/clock.h"
#include "operations/internal/input_parser.h"

namespace quarry {
namespace {

constexpr std::string_view kManifestPrefix = "rcm/";
constexpr std::string_view kChunkPrefix = "rcd/";

struct Manifest {
  uint64_t chunks = 0;
  uint64_t items = 0;
  int64_t last_write_ms = 0;
};

std::string ExportId(const std::string& job_id, const std::string& key) {
  return std::to_string(job_id.size()) + ":" + job_id + key;
}

std::string ManifestKey(const std::string& id) { return std::string(kManifestPrefix) + id; }

std::string ChunkKey(const std::string& id, uint64_t index) {
  char digits[24];
  std::snprintf(digits, sizeof(digits), "%010llu", static_cast<unsigned long long>(index));
  return std::string(kChunkPrefix) + id + "#" + digits;
}

Result<Manifest> ParseManifest(const std::string& key, const std::string& value) {
  Json j = Json::parse(value, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object() || !j.contains("chunks") || !j["chunks"].is_number_unsigned() ||
      !j.contains("items") || !j["items"].is_number_unsigned() || !j.contains("lastWrite") ||
      !j["lastWrite"].is_number_integer()) {
    return DataLossError("result cache manifest '" + key + "' is malformed");
  }
  return Manifest{j["chunks"].get<uint64_t>(), j["items"].get<uint64_t>(),
                  j["lastWrite"].get<int64_t>()};
}

Result<Manifest> LoadManifest(const Graph& graph, const std::string& id) {
  const std::string key = ManifestKey(id);
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> value, graph.GetMetadata(key));
  if (!value.has_value()) return Manifest{};
  return ParseManifest(key, *value);
}

Status SaveManifest(Graph& graph, const std::string& id, const Manifest& m) {
  Json j = {{"chunks", m.chunks}, {"items", m.items}, {"lastWrite", m.last_write_ms}};
  return graph.PutMetadata(ManifestKey(id), j.dump());
}

void DeleteChunks(Graph& graph, const std::string& id, ChunkRange range) {
  for (uint64_t i = range.first; i < range.end; ++i) {
    (void)graph.DeleteMetadata(ChunkKey(id, i));  // Best effort: unlisted chunks are never read.
  }
}

bool Expired(int64_t written_ms, const ResultCacheOptions& options, int64_t now) {
  return options.time_to_live_ms > 0 && written_ms + options.time_to_live_ms < now;
}

// Writes the items of `in` as chunks from `range->end` on.
Status WriteChunks(Graph& graph, const std::string& id, const Json& op_auths, int64_t now,
                   uint64_t already, ItemStream& in, const ResultCacheOptions& options,
                   ChunkRange* range, uint64_t* added) {
  Json items = Json::array();
  auto flush = [&]() -> Status {
    if (items.empty()) return Status::OK();
    Json chunk = {{"timestamp", now}, {"opAuths", op_auths}, {"items", std::move(items)}};
    items = Json::array();
    QUARRY_RETURN_IF_ERROR(graph.PutMetadata(ChunkKey(id, range->end), chunk.dump()));
    ++range->end;
    return Status::OK();
  };
  for (; in.Valid(); in.Next()) {
    if (already + *added >= options.max_items) {
      return ResourceExhaustedError("result cache export holds at most " +
                                    std::to_string(options.max_items) + " items");
    }
    items.push_back(ItemToJson(in.item()));
    ++*added;
    if (items.size() >= kResultChunkItems) QUARRY_RETURN_IF_ERROR(flush());
  }
  QUARRY_RETURN_IF_ERROR(in.status());
  return flush();
}

class ResultStream : public ItemStream {
 public:
  ResultStream(std::shared_ptr<const Graph> graph, std::string id, std::set<std::string> auths,
               ResultCacheOptions options, ChunkRange range, bool check)
      : graph_(std::move(graph)),
        id_(std::move(id)),
        auths_(std::move(auths)),
        options_(options),
        next_(range.first),
        end_(range.end),
        check_(check),
        now_(NowMillis()) {
    Fill();
  }

  bool Valid() const override { return pos_ < items_.size(); }
  void Next() override {
    ++pos_;
    Fill();
  }
  const Item& item() const override { return items_[pos_]; }
  Status status() const override { return status_; }

 private:
  // Loads chunks until one has a visible item, the chunks end or an error.
  void Fill() {
    while (pos_ >= items_.size() && next_ < end_ && status_.ok()) {
      items_.clear();
      pos_ = 0;
      status_ = LoadChunk(next_++);
    }
    if (!status_.ok()) items_.clear();
  }

  bool Readable(const Json& chunk) const {
    if (!check_) return true;
    if (Expired(chunk["timestamp"].get<int64_t>(), options_, now_)) return false;
    for (const Json& a : chunk["opAuths"]) {
      if (!a.is_string() || auths_.count(a.get<std::string>()) == 0) return false;
    }
    return true;
  }

  Status LoadChunk(uint64_t index) {
    const std::string key = ChunkKey(id_, index);
    QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> value, graph_->GetMetadata(key));
    if (!value.has_value()) return DataLossError("result cache chunk '" + key + "' is missing");
    Json chunk = Json::parse(*value, nullptr, /*allow_exceptions=*/false);
    if (!chunk.is_object() || !chunk.contains("timestamp") ||
        !chunk["timestamp"].is_number_integer() || !chunk.contains("opAuths") ||
        !chunk["opAuths"].is_array() || !chunk.contains("items") || !chunk["items"].is_array()) {
      return DataLossError("result cache chunk '" + key + "' is malformed");
    }
    if (!Readable(chunk)) return Status::OK();
    for (Json& j : chunk["items"]) {
      // Elements, seeds and typed values come back as themselves; other JSON
      // (null, a CountGroups map, a JobDetail) as the JSON it was.
      Result<Item> item =
          j.is_null() ? Result<Item>(Item(Json(nullptr))) : operations_internal::ParseItem(j, key);
      items_.push_back(item.ok() ? std::move(item).value() : Item(std::move(j)));
    }
    return Status::OK();
  }

  std::shared_ptr<const Graph> graph_;
  std::string id_;
  std::set<std::string> auths_;
  ResultCacheOptions options_;
  uint64_t next_;
  uint64_t end_;
  bool check_;
  int64_t now_;
  std::vector<Item> items_;
  size_t pos_ = 0;
  Status status_;
};

}  // namespace

Result<ChunkRange> AppendResults(Graph& graph, const std::string& job_id, const std::string& key,
                                 const std::set<std::string>& required_op_auths, ItemStream& in,
                                 const ResultCacheOptions& options) {
  const std::string id = ExportId(job_id, key);
  QUARRY_ASSIGN_OR_RETURN(Manifest m, LoadManifest(graph, id));
  ChunkRange range{m.chunks, m.chunks};
  const int64_t now = NowMillis();
  Json op_auths = Json::array();
  for (const std::string& a : required_op_auths) op_auths.push_back(a);
  uint64_t added = 0;
  Status s = WriteChunks(graph, id, op_auths, now, m.items, in, options, &range, &added);
  if (s.ok() && range.end > range.first) {
    s = SaveManifest(graph, id, Manifest{range.end, m.items + added, now});
  }
  if (!s.ok()) {
    DeleteChunks(graph, id, range);
    return s.WithContext("exporting to the result cache (job '" + job_id + "', key '" + key + "')");
  }
  return range;
}

Result<std::unique_ptr<ItemStream>> ReadResults(std::shared_ptr<const Graph> graph,
                                                const std::string& job_id, const std::string& key,
                                                const std::set<std::string>& reader_auths,
                                                const ResultCacheOptions& options,
                                                const ChunkRange* range) {
  const std::string id = ExportId(job_id, key);
  ChunkRange chunks;
  if (range != nullptr) {
    chunks = *range;
  } else {
    QUARRY_ASSIGN_OR_RETURN(Manifest m, LoadManifest(*graph, id));
    chunks = ChunkRange{0, m.chunks};
  }
  return std::unique_ptr<ItemStream>(std::make_unique<ResultStream>(
      std::move(graph), id, reader_auths, options, chunks, range == nullptr));
}

Result<int> DeleteExpiredResults(Graph& graph, const ResultCacheOptions& options) {
  if (options.time_to_live_ms <= 0) return 0;
  QUARRY_ASSIGN_OR_RETURN(auto manifests, graph.ListMetadata(kManifestPrefix));
  const int64_t now = NowMillis();
  int deleted = 0;
  for (const auto& [key, value] : manifests) {
    QUARRY_ASSIGN_OR_RETURN(Manifest m, ParseManifest(key, value));
    if (!Expired(m.last_write_ms, options, now)) continue;
    // The manifest first: a reader never finds a listed chunk missing.
    QUARRY_RETURN_IF_ERROR(graph.DeleteMetadata(key));
    DeleteChunks(graph, key.substr(kManifestPrefix.size()), ChunkRange{0, m.chunks});
    ++deleted;
  }
  return deleted;
}

}  // namespace quarry
