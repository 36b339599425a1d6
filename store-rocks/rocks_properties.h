// RocksProperties: the rocks store's settings, read from the store-specific
// keys of StoreProperties (store/store_properties.h, which also holds the
// keys every store reads: quarry.store, the key-package).
//
// Recognised keys:
//   quarry.durability           none | log (default) | flush | sync
//       none: no WAL (an acknowledged write may be lost on a crash);
//       log: WAL written, not fsynced (survives a process crash);
//       flush: as log, plus the WAL is flushed before acknowledging;
//       sync: WAL fsynced before acknowledging (survives power loss).
//   quarry.block.cache.size     bytes, with optional k/m/g suffix (default 256m)
//   quarry.write.buffer.size    bytes per column family memtable (default 16m)
//   quarry.compression          none | snappy | lz4 | zstd (default lz4)
//   quarry.bloom.bits           bits per key for prefix bloom filters (default 10; 0 = off)
//   quarry.background.jobs      RocksDB background threads (default 2)
//   quarry.data.dirs            comma-separated data directories, one RocksDB instance
//       each (default: the graph dir only). The first must be the graph dir
//       (it keeps the metadata); shard i lives in directory i % n. Fixed at
//       Create: reopening with another list is refused.
//   quarry.scan.threads         threads scanning shards in parallel (default 0:
//       the hardware concurrency; 1 = serial scans)
//   quarry.scan.readahead.cells  cells a range yields before a second thread
//       reads it ahead of the decoding (default 256; 0 = never). Used only
//       by scans that would otherwise run on one thread, and only when
//       quarry.scan.threads is not 1.
//   quarry.max.successive.merges  write-time folding (store-rocks/hot_key_options.h)
//   quarry.write.coalesce       true (default) | false: writes go through one
//       writer thread that joins concurrent AddElements into one batch and
//       folds equal aggregated keys (store-rocks/internal/write_coalescer.h)
//   quarry.write.nice           how far the writer thread lowers its CPU priority
//       (graph-core/thread_priority.h): "idle" (SCHED_IDLE) or 0..19 added to
//       its nice value (default 10): under CPU contention reads get the
//       cores first
//   gaffer.store.accumulo.enable.validator.iterator   true (default) | false
//
// Thread safety: a plain value type.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"
#include "graph-core/thread_priority.h"
#include "store/store_properties.h"

namespace quarry {

enum class Durability { kNone, kLog, kFlush, kSync };

std::string_view ToString(Durability d);

// The keys above (for StoreProperties::UnknownKeys).
inline constexpr std::array<std::string_view, 14> kRocksPropertyKeys = {
    "quarry.durability",
    "quarry.block.cache.size",
    "quarry.write.buffer.size",
    "quarry.compression",
    "quarry.bloom.bits",
    "quarry.background.jobs",
    "quarry.data.dirs",
    "quarry.scan.threads",
    "quarry.max.successive.merges",
    "gaffer.store.accumulo.enable.validator.iterator",
    "quarry.write.coalesce",  // hotkeys2 (issue 18)
    "quarry.write.nice",
    "quarry.scan.readahead.cells",
    "quarry.cache.pin.index"};

inline constexpr int kDefaultScanReadAheadCells = 256;
inline constexpr ThreadPriority kDefaultWritePriority = ThreadPriority::Nice(10);

struct RocksProperties {
  StoreProperties generic;  // As given; its raw map holds the keys above.
  Durability durability = Durability::kLog;
  uint64_t block_cache_bytes = 256ull << 20;
  // 16 MiB, not RocksDB's 64: an aggregating ingest spends most of its CPU
  // in memtable inserts, and a group's skip list that stays within a
  // typical L3 cache inserts about 25% faster (bench/RESULTS.md, session 14).
  uint64_t write_buffer_bytes = 16ull << 20;
  std::string compression = "lz4";
  int bloom_bits_per_key = 10;
  // Every index and filter partition of every SST file loaded when the file
  // opens and pinned in the block cache: a point lookup never waits for a
  // metadata block (one-seed 1-hop 5-9% faster at the bench's full size),
  // but pinned blocks stay whatever the cache's capacity, so a graph whose
  // indexes and filters outgrow the cache grows the process past it. Off by
  // default (bench/RESULTS.md, session 23).
  bool pin_index = false;
  int background_jobs = 2;
  std::vector<std::string> data_dirs;
  int scan_threads = 0;                                   // 0: the hardware concurrency.
  int scan_readahead_cells = kDefaultScanReadAheadCells;  // 0: never.
  bool validator_enabled = true;
  bool write_coalesce = true;  // hotkeys2 (issue 18)
  ThreadPriority write_priority = kDefaultWritePriority;

  // scan_threads, or the hardware concurrency (at least 1) when 0.
  int EffectiveScanThreads() const;

  // Keys present in generic.raw that no store setting names.
  std::vector<std::string> unknown_keys() const;

  // Reads the keys above from `properties`. InvalidArgument naming the key
  // and the bad value, prefixed with properties.source.
  static Result<RocksProperties> From(const StoreProperties& properties);
  // StoreProperties::Parse, then From.
  static Result<RocksProperties> Parse(std::string_view text, std::string_view source);

  // Renders back as .properties text (every key with its value).
  std::string ToPropertiesText() const;
};

}  // namespace quarry
