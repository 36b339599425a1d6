#include "tests/store-rados/rados_test_env.h"

#include <cstdlib>
#include <random>

namespace quarry::testing {

std::string RadosConf() {
  const char* conf = std::getenv("QUARRY_RADOS_CONF");
  return conf == nullptr ? "" : conf;
}

StoreProperties FreshRadosProperties(uint32_t tablets) {
  StoreProperties p;
  p.raw["quarry.store"] = "rados";
  p.raw["quarry.rados.conf"] = RadosConf();
  p.raw["quarry.rados.pool"] = "quarry";
  p.raw["quarry.rados.graph"] = "test-" + std::to_string(std::random_device()());
  p.raw["quarry.rados.tablets"] = std::to_string(tablets);
  return p;
}

void RadosGraphTest::SetUp() {
  if (RadosConf().empty()) GTEST_SKIP() << "QUARRY_RADOS_CONF unset: run under ctest -L rados";
  properties_ = FreshRadosProperties();
}

void RadosGraphTest::TearDown() {
  for (const StoreProperties& p : created_) DestroyRadosGraph(p).IgnoreError();
}

std::unique_ptr<Graph> RadosGraphTest::CreateGraph(std::shared_ptr<const Schema> schema,
                                                   const StoreProperties& properties) {
  Result<std::unique_ptr<Graph>> g = CreateRadosGraph(std::move(schema), properties);
  EXPECT_TRUE(g.ok()) << g.status().ToString();
  if (!g.ok()) return nullptr;
  created_.push_back(properties);
  return std::move(g).value();
}

}  // namespace quarry::testing
