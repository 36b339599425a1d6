// TabletMap: which tablet object of a RADOS graph holds a key, and the
// graph's object names. Persisted layout version 1 (a graph records it in
// its metadata; a future resharding bumps it).
//
//   metadata object   <graph>.meta
//   tablet object i   <graph>.tablet.<i>          i in [0, tablets)
//   tablet of a key   = Fnv1a64(RowPrefix(key)) & (tablets - 1)
//
// RowPrefix (keypackages/key_format.h) is the key's first vertex and its
// delimiter, so every row of a vertex (its entities and the edge rows it
// starts) lies in one tablet, and every range a key-package builds for one
// seed stays in one tablet. The hash is FNV-1a 64 over those bytes.
//
// Thread safety: immutable; safe to share.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "keypackages/key_range.h"

namespace quarry {

inline constexpr uint32_t kTabletLayoutVersion = 1;

// FNV-1a, 64 bits. Persisted: tablets are chosen with it.
uint64_t Fnv1a64(std::string_view bytes);

class TabletMap {
 public:
  // REQUIRES: tablets is a power of two.
  TabletMap(std::string graph, uint32_t tablets) : graph_(std::move(graph)), tablets_(tablets) {}

  uint32_t tablets() const { return tablets_; }
  // The tablet of a key-package key (a stored key with or without the
  // distinct suffix: the suffix follows the row prefix).
  uint32_t TabletOf(std::string_view key) const;
  // The one tablet holding every key of `range`, or -1 if the range may
  // span tablets (it is not within one row prefix).
  int64_t TabletOfRange(const KeyRange& range) const;

  std::string MetaObject() const { return graph_ + ".meta"; }
  std::string TabletObject(uint32_t tablet) const {
    return graph_ + ".tablet." + std::to_string(tablet);
  }

 private:
  std::string graph_;
  uint32_t tablets_;
};

}  // namespace quarry
