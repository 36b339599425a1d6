// Shared by the RADOS store tests: store properties for a fresh graph on
// the cluster the ctest fixture rados_cluster started (QUARRY_RADOS_CONF).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "store-rados/internal/rados_graph.h"
#include "store-rados/rados_graph.h"

namespace quarry::testing {

// The cluster's ceph.conf, or empty when the tests run outside ctest.
std::string RadosConf();

// Properties of a graph with a fresh unique name in pool quarry.
StoreProperties FreshRadosProperties(uint32_t tablets = 4);

// A fixture that skips without a cluster and destroys the graphs it made.
class RadosGraphTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;
  // Creates a graph (fails the test on error) and remembers it for TearDown.
  std::unique_ptr<Graph> CreateGraph(std::shared_ptr<const Schema> schema,
                                     const StoreProperties& properties);

  StoreProperties properties_;
  std::vector<StoreProperties> created_;
};

// The RADOS store's graph behind `graph`, for tests that reach its tablets.
// REQUIRES: `graph` was opened by the rados store.
inline internal::RadosGraph& AsRados(Graph& graph) {
  return dynamic_cast<internal::RadosGraph&>(graph);
}

}  // namespace quarry::testing
