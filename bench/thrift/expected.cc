#include "bench/thrift/expected.h"

#include <algorithm>
#include <cstdio>

#include "bench/thrift/gaffer_json.h"

namespace quarry::bench {
namespace {

uint64_t EdgeKey(const EdgeEvent& e) {
  // src, dst < 2^24 vertices; day < 2^16.
  return (static_cast<uint64_t>(e.src) << 40) | (static_cast<uint64_t>(e.dst) << 16) | e.day;
}

constexpr char kChainCount[] =
    R"({"class":"uk.gov.gchq.gaffer.operation.OperationChain","operations":[)"
    R"({"class":"uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"},)"
    R"({"class":"uk.gov.gchq.gaffer.operation.impl.Count"}]})";

std::string GetElementsJson(uint32_t vertex, bool entity_only) {
  std::string op = R"({"class":"uk.gov.gchq.gaffer.operation.impl.get.GetElements",)"
                   R"("input":[{"class":"uk.gov.gchq.gaffer.operation.data.EntitySeed",)"
                   R"("vertex":")" +
                   VertexName(vertex) + "\"}]";
  if (entity_only) op += R"(,"view":{"entities":{"Vertex":{}}})";
  return op + "}";
}

bool Expect(const char* what, uint32_t vertex, int64_t got, int64_t want) {
  if (got == want) return true;
  std::fprintf(stderr, "quarry-bench-thrift: seed %s: %s is %lld, expected %lld\n",
               VertexName(vertex).c_str(), what, static_cast<long long>(got),
               static_cast<long long>(want));
  return false;
}

// GetElements on `want.vertex`; compares the summed counts (and, unless
// `entity_only`, the edge count) with `want`.
bool CheckSeed(ThriftConnection& connection, const SeedExpectation& want, bool entity_only) {
  std::string result;
  connection.client().execute(result, connection.credentials(),
                              GetElementsJson(want.vertex, entity_only));
  ElementSums got;
  if (!SumElements(result, &got)) {
    std::fprintf(stderr, "quarry-bench-thrift: GetElements %s: unreadable result %.200s\n",
                 VertexName(want.vertex).c_str(), result.c_str());
    return false;
  }
  const std::string name = VertexName(want.vertex);
  const int64_t entities = want.entity_count > 0 ? 1 : 0;
  bool ok = Expect("entities", want.vertex, got.entities, entities) &&
            Expect("entity count", want.vertex, got.entity_count, want.entity_count);
  if (entity_only) return ok && Expect("edges", want.vertex, got.edges, 0);
  int64_t out = 0, in = 0;
  for (const SummedEdge& edge : got.edge_list) {
    if (edge.source == name) {
      out += edge.count;
    } else if (edge.destination == name) {
      in += edge.count;
    }
  }
  return ok && Expect("edges", want.vertex, got.edges, static_cast<int64_t>(want.edges)) &&
         Expect("outgoing count", want.vertex, out, want.out_count) &&
         Expect("incoming count", want.vertex, in, want.in_count);
}

}  // namespace

std::vector<EdgeEvent> LoadEvents(const DatasetSpec& spec) {
  std::vector<EdgeEvent> events;
  events.reserve(spec.events);
  EventStream stream(spec);
  EdgeEvent e;
  while (stream.Next(&e)) events.push_back(e);
  return events;
}

ExpectedGraph ComputeExpected(const std::vector<EdgeEvent>& events) {
  ExpectedGraph out;
  out.events = events.size();
  std::vector<uint64_t> keys;
  keys.reserve(events.size());
  for (const EdgeEvent& e : events) keys.push_back(EdgeKey(e));
  std::sort(keys.begin(), keys.end());
  out.edges = std::unique(keys.begin(), keys.end()) - keys.begin();
  keys.clear();
  for (const EdgeEvent& e : events) keys.push_back(e.src);
  std::sort(keys.begin(), keys.end());
  out.entities = std::unique(keys.begin(), keys.end()) - keys.begin();
  return out;
}

SeedExpectation ExpectSeed(const std::vector<EdgeEvent>& events, uint32_t vertex) {
  SeedExpectation out;
  out.vertex = vertex;
  std::vector<uint64_t> touching;
  for (const EdgeEvent& e : events) {
    if (e.src == vertex) {
      ++out.entity_count;
      ++out.out_count;
    } else if (e.dst == vertex) {
      ++out.in_count;
    } else {
      continue;
    }
    touching.push_back(EdgeKey(e));
  }
  std::sort(touching.begin(), touching.end());
  out.edges = std::unique(touching.begin(), touching.end()) - touching.begin();
  return out;
}

bool CheckServedGraph(ThriftConnection& connection, const DatasetSpec& spec,
                      const std::vector<EdgeEvent>& events, const ExpectedGraph& expected,
                      uint64_t* stored) {
  std::string count_text;
  connection.client().execute(count_text, connection.credentials(), kChainCount);
  *stored = std::strtoull(count_text.c_str(), nullptr, 10);
  if (*stored != expected.elements()) {
    std::fprintf(stderr,
                 "quarry-bench-thrift: Count is %s, expected %llu (%llu edges + %llu entities)\n",
                 count_text.c_str(), static_cast<unsigned long long>(expected.elements()),
                 static_cast<unsigned long long>(expected.edges),
                 static_cast<unsigned long long>(expected.entities));
    return false;
  }
  const uint32_t hub = QuerySeeds(spec, 1, /*hub_heavy=*/true)[0];
  if (!CheckSeed(connection, ExpectSeed(events, hub), /*entity_only=*/true)) return false;
  for (uint32_t seed : QuerySeeds(spec, 2, /*hub_heavy=*/false)) {
    if (!CheckSeed(connection, ExpectSeed(events, seed), /*entity_only=*/false)) return false;
  }
  return true;
}

bool CheckScanSums(const ElementSums& sums, const ExpectedGraph& expected) {
  const auto check = [](const char* what, int64_t got, uint64_t want) {
    if (got == static_cast<int64_t>(want)) return true;
    std::fprintf(stderr, "quarry-bench-thrift: scan: %s is %lld, expected %llu\n", what,
                 static_cast<long long>(got), static_cast<unsigned long long>(want));
    return false;
  };
  return check("edges", sums.edges, expected.edges) &&
         check("entities", sums.entities, expected.entities) &&
         check("summed edge count", sums.edge_count, expected.events) &&
         check("summed entity count", sums.entity_count, expected.events);
}

}  // namespace quarry::bench
