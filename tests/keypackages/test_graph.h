// Shared fixtures for the key-package tests: a small Gaffer schema (String
// vertices; Long, Integer, Date, FreqMap, TreeSet properties; groupBy; a
// visibility property) and a random element generator over it.
#pragma once

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "graph-core/element.h"
#include "schema/schema.h"

namespace quarry::testing {

// Groups: entity "Cardinality" (count, edgeGroup, visibility; no groupBy),
// entity "Tagged" (n, count, visibility; groupBy [n]), edge "RoadUse"
// (startDate, endDate, count, countByVehicleType, tags, n, visibility;
// groupBy [startDate, endDate]), edge "Link" (no properties).
// Visibility property: "visibility". Aborts the test binary if the schema
// does not load (reported by SchemaLoads in the contract test).
std::shared_ptr<const Schema> KeyPackageTestSchema();
Result<std::shared_ptr<const Schema>> LoadKeyPackageTestSchema();

class RandomElements {
 public:
  explicit RandomElements(uint32_t seed) : rng_(seed) {}

  // A vertex of 0-3 bytes drawn from {00, 01, 02, 'A', 'B', FF}.
  std::string Vertex();
  // A random element of a random group with every property set.
  Element Next(const std::vector<std::string>& vertex_pool);
  std::mt19937& rng() { return rng_; }

 private:
  Properties RoadUseProperties();
  Properties CardinalityProperties();
  Properties TaggedProperties();
  std::string Letters(int max_len);
  int64_t AnyInt64();

  std::mt19937 rng_;
};

}  // namespace quarry::testing
