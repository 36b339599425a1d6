// RowLayout: the package-specific part of a key-package, working on escaped
// serialised vertex bytes only (no schema): row sections (key_format.h) and
// the key ranges that select rows for seeds.
//
// Thread safety: implementations are stateless singletons.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "graph-core/enums.h"
#include "graph-core/status.h"
#include "keypackages/key_range.h"
#include "keypackages/row_filter.h"

namespace quarry::internal {

class RowLayout {
 public:
  virtual ~RowLayout() = default;

  // Appends the row section of an entity of escaped vertex `v`.
  virtual void AppendEntityRow(std::string_view v, std::string* dst) const = 0;
  // Appends the row section of an edge stored under `first`.
  // REQUIRES: kind != kEntity.
  virtual void AppendEdgeRow(std::string_view first, std::string_view second, RowKind kind,
                             std::string* dst) const = 0;
  // Parses a row section (see SplitKey). DataLoss if malformed.
  virtual Result<RowInfo> ParseRowSection(std::string_view section) const = 0;

  // Appends ranges covering the rows under escaped vertex `v` that `select`
  // accepts, as closely as the layout allows (never fewer rows).
  // select.deduplicate_undirected is ignored.
  virtual void AppendVertexRanges(std::string_view v, const RowFilter& select,
                                  std::vector<KeyRange>* out) const = 0;
  // Appends ranges for Gaffer's edge lookup of (s, d) with the combined
  // direction `directed` (§9.2).
  virtual void AppendEdgeRanges(std::string_view s, std::string_view d, DirectedType directed,
                                IncludeIncomingOutgoing in_out,
                                std::vector<KeyRange>* out) const = 0;
  // True if seeded ranges need the RowFilter of the operation's options
  // applied to each row (Classic); false if they are exact (ByteEntity).
  virtual bool SeededScansNeedFilter() const = 0;
};

const RowLayout& ByteEntityLayout();
const RowLayout& ClassicLayout();

}  // namespace quarry::internal
