// The Gaffer JSON the Thrift benchmark sends (AddElements documents written
// by hand, as a lean client would) and reads back (element arrays summed for
// the correctness checks).
//
// Thread safety: stateless functions.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bench/common/dataset.h"

namespace quarry::bench {

// Appends an AddElements operation (validate true, skipInvalidElements false)
// whose input holds, per event, the "Event" edge then the "Vertex" entity
// (BENCH.md: two elements per event), to `out`.
void AppendAddElementsJson(std::span<const EdgeEvent> events, std::string* out);

struct SummedEdge {
  std::string source;
  std::string destination;
  int64_t count = 0;
};

struct ElementSums {
  int64_t entities = 0;
  int64_t edges = 0;
  int64_t entity_count = 0;           // Sum of the entities' `count`.
  int64_t edge_count = 0;             // Sum of the edges' `count`.
  std::vector<SummedEdge> edge_list;  // Only when SumElements is asked to keep them.
};

// Adds the elements of a Gaffer JSON array of Entities and Edges (a result
// or a page) to `sums`. False if the text is not such an array or an element
// lacks a Long `count`.
bool SumElements(std::string_view json_array, ElementSums* sums, bool keep_edges = true);

}  // namespace quarry::bench
