// RowKind, RowInfo and RowFilter: what a stored row says about its element,
// and the per-row test that completes what key ranges cannot restrict
// (gaffer-compat.md §9.4, §9.6): Classic's directed/undirected/in/out filter
// iterator, and GetAllElements' one-row-per-element rule.
//
// Thread safety: plain values.
#pragma once

#include <cstdint>
#include <string_view>

#include "graph-core/enums.h"

namespace quarry {

// Not persisted (the package's flag bytes are; see key_format.h).
enum class RowKind : uint8_t {
  kEntity,
  kDirectedSourceFirst,       // Directed edge stored under its source.
  kDirectedDestinationFirst,  // Directed edge stored under its destination.
  kUndirected,                // Undirected edge, under either end.
};

// A parsed row. `first` and `second` are the escaped serialised vertices in
// row order (`second` is empty for entities); they borrow from the key.
struct RowInfo {
  RowKind kind = RowKind::kEntity;
  std::string_view first;
  std::string_view second;

  bool is_edge() const { return kind != RowKind::kEntity; }
};

struct RowFilter {
  bool entities = true;
  bool edges = true;
  // DIRECTED keeps directed edge rows only, UNDIRECTED undirected ones only.
  DirectedType directed_type = DirectedType::kEither;
  // OUTGOING drops destination-first rows, INCOMING source-first rows;
  // undirected rows always pass.
  IncludeIncomingOutgoing include_incoming_outgoing = IncludeIncomingOutgoing::kEither;
  // Keep an undirected edge only from the row whose first vertex is <= its
  // second (escaped bytes, unsigned: the same order as the unescaped bytes).
  // Gaffer compares signed bytes; either gives exactly one row per edge, and
  // the decoded element is the same (GetAllElements sets no matchedVertex).
  bool deduplicate_undirected = false;

  bool Accepts(const RowInfo& row) const;

  friend bool operator==(const RowFilter&, const RowFilter&) = default;
};

}  // namespace quarry
