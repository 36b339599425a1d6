#include "store-rocks/rocks_properties.h"

#include <thread>

#include "store-rocks/hot_key_options.h"  // hotkeys (issue 18)

namespace quarry {
namespace {

static_assert(kRocksPropertyKeys[8] == kMaxSuccessiveMergesKey);

constexpr std::array<std::string_view, 4> kDurabilities = {"none", "log", "flush", "sync"};
constexpr std::array<std::string_view, 4> kCompressions = {"none", "snappy", "lz4", "zstd"};

Result<Durability> ReadDurability(const StoreProperties& p) {
  QUARRY_ASSIGN_OR_RETURN(std::string v,
                          ReadChoiceProperty(p, "quarry.durability", kDurabilities, "log"));
  if (v == "none") return Durability::kNone;
  if (v == "flush") return Durability::kFlush;
  if (v == "sync") return Durability::kSync;
  return Durability::kLog;
}

Status ReadSettings(const StoreProperties& p, RocksProperties* r) {
  QUARRY_ASSIGN_OR_RETURN(r->durability, ReadDurability(p));
  QUARRY_ASSIGN_OR_RETURN(r->block_cache_bytes,
                          ReadBytesProperty(p, "quarry.block.cache.size", r->block_cache_bytes));
  QUARRY_ASSIGN_OR_RETURN(r->write_buffer_bytes,
                          ReadBytesProperty(p, "quarry.write.buffer.size", r->write_buffer_bytes));
  if (r->write_buffer_bytes < (64u << 10)) {
    return InvalidArgumentError("quarry.write.buffer.size: must be at least 64k");
  }
  QUARRY_ASSIGN_OR_RETURN(
      r->compression, ReadChoiceProperty(p, "quarry.compression", kCompressions, r->compression));
  QUARRY_ASSIGN_OR_RETURN(r->bloom_bits_per_key,
                          ReadIntProperty(p, "quarry.bloom.bits", 0, 64, r->bloom_bits_per_key));
  QUARRY_ASSIGN_OR_RETURN(r->pin_index,
                          ReadBoolProperty(p, "quarry.cache.pin.index", r->pin_index));
  QUARRY_ASSIGN_OR_RETURN(r->background_jobs,
                          ReadIntProperty(p, "quarry.background.jobs", 1, 256, r->background_jobs));
  r->data_dirs = ReadListProperty(p, "quarry.data.dirs");
  QUARRY_ASSIGN_OR_RETURN(r->scan_threads,
                          ReadIntProperty(p, "quarry.scan.threads", 0, 1024, r->scan_threads));
  QUARRY_ASSIGN_OR_RETURN(
      r->scan_readahead_cells,
      ReadIntProperty(p, "quarry.scan.readahead.cells", 0, 1 << 30, r->scan_readahead_cells));
  if (const std::string* merges = p.Find(kMaxSuccessiveMergesKey)) {  // hotkeys: kept in raw.
    QUARRY_RETURN_IF_ERROR(ParseMaxSuccessiveMerges(*merges).status());
  }
  QUARRY_ASSIGN_OR_RETURN(
      r->validator_enabled,
      ReadBoolProperty(p, "gaffer.store.accumulo.enable.validator.iterator", true));
  QUARRY_ASSIGN_OR_RETURN(r->write_coalesce,
                          ReadBoolProperty(p, "quarry.write.coalesce", r->write_coalesce));
  if (const std::string* nice = p.Find("quarry.write.nice")) {
    QUARRY_ASSIGN_OR_RETURN(r->write_priority, ParseThreadPriority(*nice, "quarry.write.nice"));
  }
  return Status::OK();
}

}  // namespace

std::string_view ToString(Durability d) {
  switch (d) {
    case Durability::kNone:
      return "none";
    case Durability::kLog:
      return "log";
    case Durability::kFlush:
      return "flush";
    case Durability::kSync:
      return "sync";
  }
  return "log";
}

int RocksProperties::EffectiveScanThreads() const {
  if (scan_threads > 0) return scan_threads;
  unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

std::vector<std::string> RocksProperties::unknown_keys() const {
  return generic.UnknownKeys(kRocksPropertyKeys);
}

Result<RocksProperties> RocksProperties::From(const StoreProperties& properties) {
  RocksProperties r;
  r.generic = properties;
  Status s = ReadSettings(properties, &r);
  if (!s.ok()) return StoreSettingError(properties, s);
  return r;
}

Result<RocksProperties> RocksProperties::Parse(std::string_view text, std::string_view source) {
  QUARRY_ASSIGN_OR_RETURN(StoreProperties p, StoreProperties::Parse(text, source));
  return From(p);
}

std::string RocksProperties::ToPropertiesText() const {
  std::string out = generic.ToPropertiesText();
  auto line = [&out](std::string_view k, const std::string& v) {
    out.append(k).append("=").append(v).append("\n");
  };
  line("quarry.durability", std::string(ToString(durability)));
  line("quarry.block.cache.size", std::to_string(block_cache_bytes));
  line("quarry.write.buffer.size", std::to_string(write_buffer_bytes));
  line("quarry.compression", compression);
  line("quarry.bloom.bits", std::to_string(bloom_bits_per_key));
  line("quarry.background.jobs", std::to_string(background_jobs));
  if (pin_index) line("quarry.cache.pin.index", "true");
  std::string dirs;
  for (const auto& d : data_dirs) dirs += (dirs.empty() ? "" : ",") + d;
  if (!dirs.empty()) line("quarry.data.dirs", dirs);
  if (scan_threads != 0) line("quarry.scan.threads", std::to_string(scan_threads));
  if (scan_readahead_cells != kDefaultScanReadAheadCells) {
    line("quarry.scan.readahead.cells", std::to_string(scan_readahead_cells));
  }
  line("gaffer.store.accumulo.enable.validator.iterator", validator_enabled ? "true" : "false");
  // hotkeys2 (issue 18): only when not the default.
  if (!write_coalesce) line("quarry.write.coalesce", "false");
  if (write_priority != kDefaultWritePriority) {
    line("quarry.write.nice", ToString(write_priority));
  }
  // hotkeys (issue 18): kept as given; absent means the default.
  if (const std::string* merges = generic.Find(kMaxSuccessiveMergesKey)) {
    line(kMaxSuccessiveMergesKey, *merges);
  }
  return out;
}

}  // namespace quarry
