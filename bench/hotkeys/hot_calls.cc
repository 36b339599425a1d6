#include "bench/hotkeys/hot_calls.h"

#include <algorithm>
#include <cmath>

#include "bench/common/dataset.h"
#include "bench/thrift/gaffer_json.h"

namespace quarry::bench {
namespace {

rpc::TypedValue StringValue(std::string s) {
  rpc::TypedValue v;
  v.__set_stringValue(std::move(s));
  return v;
}

}  // namespace

std::vector<rpc::Element> HotBatch(int edges) {
  std::vector<rpc::Element> out;
  for (int i = 0; i < edges; ++i) {
    rpc::Element edge;
    edge.kind = rpc::ElementKind::EDGE;
    edge.group = std::string(kEdgeGroup);
    edge.__set_source(StringValue(VertexName(static_cast<uint32_t>(i))));
    edge.__set_destination(StringValue(VertexName(static_cast<uint32_t>((i + 1) % edges))));
    edge.__set_directed(true);
    rpc::TypedValue day, one;
    day.__set_dateMillis(DayMillis(0));
    one.__set_longValue(1);
    edge.properties.emplace("startDate", day);
    edge.properties.emplace("count", one);
    out.push_back(std::move(edge));
  }
  return out;
}

std::string HotSeededGet(int vertex) {
  return R"({"class":"uk.gov.gchq.gaffer.operation.impl.get.GetElements","input":[)"
         R"({"class":"uk.gov.gchq.gaffer.operation.data.EntitySeed","vertex":")" +
         VertexName(static_cast<uint32_t>(vertex)) + R"("}]})";
}

ExactCount CheckHotCounts(int port, int64_t expected_count, SharedState* state) {
  ExactCount out;
  Guarded(state, "final check", [&] {
    ThriftConnection connection(port);
    std::string json;
    connection.client().execute(json, connection.credentials(), kHotGetAll);
    ElementSums sums;
    if (!SumElements(json, &sums)) {
      state->Fail("final check: not an element array: " + json.substr(0, 200));
      return;
    }
    out.returned_edges = sums.edges;
    for (const SummedEdge& e : sums.edge_list) {
      if (e.count == expected_count) ++out.exact_edges;
    }
  });
  return out;
}

double QuantileOf(std::vector<double> ms, double q) {
  if (ms.empty()) return 0;
  std::sort(ms.begin(), ms.end());
  const double rank = std::ceil(q * static_cast<double>(ms.size()));
  const size_t index = rank < 1 ? 0 : static_cast<size_t>(rank) - 1;
  return ms[std::min(index, ms.size() - 1)];
}

}  // namespace quarry::bench
