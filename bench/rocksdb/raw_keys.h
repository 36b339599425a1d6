// RawKeys: the exact RocksDB keys Quarry's byteEntity key-package writes for
// the bench data, built by concatenation (a bench fast path, so that the
// reference measures RocksDB and not key encoding). The parts that depend on
// the schema (group, column qualifier of each day, visibility) are taken from
// the key-package itself, and Verify() checks whole keys against
// KeyPackage::Encode.
//
// Thread safety: immutable after Make; const methods are safe from many threads.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bench/common/dataset.h"
#include "graph-core/status.h"
#include "keypackages/key_package.h"
#include "schema/schema.h"

namespace quarry::bench {

struct EventKeys {
  std::string source_first;       // Event edge under its source (column family g:Event).
  std::string destination_first;  // Event edge under its destination (g:Event); empty for
                                  // a self-loop, which is stored once.
  std::string entity;             // Vertex entity of the source (g:Vertex).
};

class RawKeys {
 public:
  static Result<RawKeys> Make(const DatasetSpec& spec, std::shared_ptr<const Schema> schema);

  void KeysOf(const EdgeEvent& event, EventKeys* out) const;

  // Compares KeysOf with the key-package's keys for the first `events`
  // events of the stream. Internal error naming the first mismatch.
  Status Verify(const DatasetSpec& spec, uint64_t events) const;

  // The escaped column qualifier of `day`'s edges.
  const std::string& Qualifier(uint32_t day) const { return qualifiers_[day]; }
  const KeyPackage& package() const { return *package_; }

 private:
  std::shared_ptr<const KeyPackage> package_;
  std::vector<std::string> qualifiers_;  // Per day.
  std::vector<std::string> edge_tails_;  // Per day: 00 group 00 qualifier 00 visibility.
  std::string entity_tail_;              // 00 group 00 qualifier 00 visibility.
};

}  // namespace quarry::bench
