#include "bench/common/batch_combiner.h"

#include <algorithm>
#include <tuple>

namespace quarry::bench {
namespace {

bool EdgeKeyLess(const EdgeRow& a, const EdgeRow& b) {
  return std::tie(a.src, a.dst, a.day) < std::tie(b.src, b.dst, b.day);
}

bool SameEdgeKey(const EdgeRow& a, const EdgeRow& b) {
  return a.src == b.src && a.dst == b.dst && a.day == b.day;
}

// Sorts `rows` by key and sums the counts of equal keys into one row.
template <typename Row, typename Less, typename Same>
void SortAndFold(std::vector<Row>* rows, Less less, Same same) {
  std::sort(rows->begin(), rows->end(), less);
  size_t out = 0;
  for (size_t i = 0; i < rows->size(); ++i) {
    if (out > 0 && same((*rows)[out - 1], (*rows)[i])) {
      (*rows)[out - 1].count += (*rows)[i].count;
    } else {
      (*rows)[out++] = (*rows)[i];
    }
  }
  rows->resize(out);
}

}  // namespace

void BatchCombiner::Add(const EdgeEvent& event) {
  edges_.push_back(EdgeRow{event.src, event.dst, event.day, 1});
  vertices_.push_back(VertexRow{event.src, 1});
}

void BatchCombiner::Drain(std::vector<EdgeRow>* edges, std::vector<VertexRow>* vertices) {
  SortAndFold(&edges_, EdgeKeyLess, SameEdgeKey);
  SortAndFold(
      &vertices_, [](const VertexRow& a, const VertexRow& b) { return a.vertex < b.vertex; },
      [](const VertexRow& a, const VertexRow& b) { return a.vertex == b.vertex; });
  edges->swap(edges_);
  vertices->swap(vertices_);
  edges_.clear();
  vertices_.clear();
}

}  // namespace quarry::bench
