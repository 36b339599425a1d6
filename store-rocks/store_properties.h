// StoreProperties: a graph's storage settings, read from a Gaffer-style Java
// .properties file (store.properties). Every key is optional; defaults suit a
// single machine.
//
// Recognised keys (Gaffer's name where one exists, else quarry.*):
//   gaffer.store.accumulo.keypackage.class | quarry.keypackage
//       byteEntity (default) | classic | Gaffer's key-package class names
//   quarry.durability           none | log (default) | flush | sync
//       none: no WAL (an acknowledged write may be lost on a crash);
//       log: WAL written, not fsynced (survives a process crash);
//       flush: as log, plus the WAL is flushed before acknowledging;
//       sync: WAL fsynced before acknowledging (survives power loss).
//   quarry.block.cache.size     bytes, with optional k/m/g suffix (default 256m)
//   quarry.write.buffer.size    bytes per column family memtable (default 64m)
//   quarry.compression          none | snappy | lz4 | zstd (default lz4)
//   quarry.bloom.bits           bits per key for prefix bloom filters (default 10; 0 = off)
//   quarry.background.jobs      RocksDB background threads (default 2)
//   quarry.data.dirs            comma-separated data directories, one RocksDB instance
//       each (default: the graph dir only). The first must be the graph dir
//       (it keeps the metadata); shard i lives in directory i % n. Fixed at
//       Create: reopening with another list is refused.
//   quarry.scan.threads         threads scanning shards in parallel (default 0:
//       the hardware concurrency; 1 = serial scans)
//   gaffer.store.accumulo.enable.validator.iterator   true (default) | false
// Unknown keys are kept (Gaffer ignores what it does not know) and listed by
// unknown_keys() so the CLI can warn about typos.
//
// Thread safety: a plain value type.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"

namespace quarry {

enum class Durability { kNone, kLog, kFlush, kSync };

std::string_view ToString(Durability d);

struct StoreProperties {
  std::string key_package = "byteEntity";
  Durability durability = Durability::kLog;
  uint64_t block_cache_bytes = 256ull << 20;
  uint64_t write_buffer_bytes = 64ull << 20;
  std::string compression = "lz4";
  int bloom_bits_per_key = 10;
  int background_jobs = 2;
  std::vector<std::string> data_dirs;
  int scan_threads = 0;  // 0: the hardware concurrency.
  bool validator_enabled = true;
  std::map<std::string, std::string> raw;  // Every key as read.

  // scan_threads, or the hardware concurrency (at least 1) when 0.
  int EffectiveScanThreads() const;

  // Keys present in `raw` that Quarry does not recognise.
  std::vector<std::string> unknown_keys() const;

  // Parses .properties text. InvalidArgument naming the key and the bad
  // value; `source` (a file name) prefixes messages.
  static Result<StoreProperties> Parse(std::string_view text, std::string_view source);
  // Reads and parses a file; NotFound if it does not exist.
  static Result<StoreProperties> FromFile(const std::string& path);

  // Renders back as .properties text (recognised keys with their values).
  std::string ToPropertiesText() const;
};

}  // namespace quarry
