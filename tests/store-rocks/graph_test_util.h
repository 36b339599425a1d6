// Shared by the store-rocks graph tests: a fixture with a fresh temporary
// directory, the test schema, raw RocksDB access and result helpers.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "store-rocks/internal/rocks_graph.h"
#include "store/graph.h"

namespace quarry::testing {

// Entity "Count" (vertex String): count Long Sum, first String First, last
//   String Last.
// Entity "Aged": time Long Max with AgeOff(1000 ms), count Long Sum.
// Entity "Event" (aggregate false): note String.
// Edge "Link" (String -> String, directed Boolean): weight Long Sum.
// Edge "Road" (directed): bucket Integer Sum (groupBy), count Long Sum.
std::shared_ptr<const Schema> StoreTestSchema();
// StoreTestSchema's JSON, for variants built by string edits.
std::string StoreTestSchemaJson();
// visibilityProperty "vis" (String, Min); entity "Seen": vis, count Long Sum.
std::shared_ptr<const Schema> VisibilityTestSchema();
std::shared_ptr<const Schema> ParseSchema(const std::string& json);

// "Entity[...]" / "Edge[...]" debug strings, sorted (a multiset).
std::vector<std::string> Sorted(std::vector<Element> elements);
// Drains a stream; fails the test on a stream error.
std::vector<Element> Drain(Result<std::unique_ptr<ElementIterator>> stream);
// Drains and returns the final status (for error tests).
Status DrainStatus(Result<std::unique_ptr<ElementIterator>> stream);

// Raw key count of a group's column family (every stored key, no merges
// hidden), via RocksDB iterators over every instance.
uint64_t RawKeyCount(Graph& graph, std::string_view group);
internal::RocksGraph& Rocks(Graph& graph);
// Items joined with commas, as a store.properties list (quarry.data.dirs).
std::string CommaList(const std::vector<std::string>& items);

class GraphTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  // Creates the graph at dir_ (fails the test on error).
  void Create(std::shared_ptr<const Schema> schema, StoreProperties properties = {});
  void Reopen();
  void Add(std::vector<Element> elements);

  std::filesystem::path dir_;
  std::unique_ptr<Graph> graph_;
};

Element CountEntity(std::string v, int64_t count, std::string first = "", std::string last = "");
// StoreTestSchema elements over `vertices` vertices "v<i>" (i < vertices):
// Count entities, Event entities (aggregate: false), Link edges (either
// directedness) and Road edges (bucket 0-2), with repeats that aggregate.
std::vector<Element> RandomStoreElements(uint32_t seed, int count, int vertices);
// Debug strings in stream order (not sorted).
std::vector<std::string> InOrder(const std::vector<Element>& elements);
Element LinkEdge(std::string s, std::string d, bool directed, int64_t weight);

// The crash tests' children write each acknowledged batch number (a
// uint64_t) to a pipe. Waits up to `timeout` for the first and returns it,
// or 0 if none came. A test times its SIGKILL from there: a child's start-up
// (exec, opening the graph) takes far longer under a sanitizer than the
// delay the kill is meant to land in.
uint64_t AwaitFirstAck(int fd, std::chrono::milliseconds timeout);

}  // namespace quarry::testing
