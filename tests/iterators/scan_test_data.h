// Random stored data for the scan-layer tests: elements of the test schemas
// encoded by a key-package into a KvMap, as RocksDB would hold them after
// ingest aggregation (a later element with the same key replaces the
// earlier one).
#pragma once

#include <memory>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "graph-core/element.h"
#include "keypackages/key_package.h"
#include "tests/testutil/memory_kv_iterator.h"

namespace quarry {

// Readable failure messages for Elements.
inline void PrintTo(const Element& element, std::ostream* os) { *os << element.DebugString(); }

}  // namespace quarry

namespace quarry::testing {

// JunctionUse entities, RoadUse and RoadHasJunction edges over vertices
// "a".."c"; startDate in {0, 1000, 2000}, endDate in {5000, 6000}, count in
// [-3, 9] (negative ones are invalid), a one-entry FreqMap; random
// directedness (undirected RoadUse is invalid: its "directed" type is IsTrue).
std::vector<Element> RandomRoadTrafficElements(std::mt19937& rng, int n);

// RoadUse edges (count in [0, 9]) with a visibility from `visibilities` and
// Junction entities (no visibility), over vertices "a".."c".
std::vector<Element> RandomVisibilityElements(std::mt19937& rng, int n,
                                              const std::vector<std::string>& visibilities);

// Encodes `elements` with random timestamps in [1, 100]. Aborts the test
// binary on an encoding error (test data is always encodable).
KvMap EncodeAll(const KeyPackage& package, const std::vector<Element>& elements, std::mt19937& rng);

// The package by name over `schema`, for values of `value_format`; aborts
// on error.
std::shared_ptr<const KeyPackage> Package(std::string_view name,
                                          std::shared_ptr<const Schema> schema,
                                          uint32_t value_format = kValueFormatVersion);

}  // namespace quarry::testing
