#include "keypackages/row_filter.h"

namespace quarry {

bool RowFilter::Accepts(const RowInfo& row) const {
  switch (row.kind) {
    case RowKind::kEntity:
      return entities;
    case RowKind::kUndirected:
      if (!edges || directed_type == DirectedType::kDirected) return false;
      return !deduplicate_undirected || row.first <= row.second;
    case RowKind::kDirectedSourceFirst:
      return edges && directed_type != DirectedType::kUndirected &&
             include_incoming_outgoing != IncludeIncomingOutgoing::kIncoming;
    case RowKind::kDirectedDestinationFirst:
      return edges && directed_type != DirectedType::kUndirected &&
             include_incoming_outgoing != IncludeIncomingOutgoing::kOutgoing;
  }
  return false;
}

}  // namespace quarry
