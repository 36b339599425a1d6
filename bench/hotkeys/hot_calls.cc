#include "bench/hotkeys/hot_calls.h"

#include <algorithm>
#include <cmath>
#include <thread>

#include "bench/common/dataset.h"
#include "bench/thrift/gaffer_json.h"
#include "bench/thrift/typed_elements.h"

namespace quarry::bench {
std::vector<rpc::Element> HotBatch(int edges) {
  std::vector<rpc::Element> out;
  for (int i = 0; i < edges; ++i) {
    const auto src = static_cast<uint32_t>(i), dst = static_cast<uint32_t>((i + 1) % edges);
    out.push_back(TypedEventEdge({src, dst, /*day=*/0}));
  }
  return out;
}

void RunHotWriters(int port, int writers, int edges, SharedState* state,
                   const std::function<bool()>& claim, std::atomic<int64_t>* acked) {
  const std::vector<rpc::Element> batch = HotBatch(edges);
  std::vector<std::thread> threads;
  for (int w = 0; w < writers; ++w) {
    threads.emplace_back([&, w] {
      Guarded(state, "writer " + std::to_string(w), [&] {
        ThriftConnection connection(port);
        rpc::AddElementsResult result;
        while (!state->failed && claim()) {
          connection.client().addElements(result, connection.credentials(), batch,
                                          rpc::AddElementsOptions());
          if (acked != nullptr) acked->fetch_add(1);
        }
      });
    });
  }
  for (std::thread& t : threads) t.join();
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
