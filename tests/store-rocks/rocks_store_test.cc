// The rocks store through the store factory (store/store_factory.h), as the
// test main registers it (stores/builtin_stores.h): the default store, how a
// graph directory is recognised, and quarry.store values.
#include "store-rocks/rocks_store.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "store-rocks/metadata_format.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::CountEntity;
using ::quarry::testing::Drain;
using ::quarry::testing::GraphTest;
using ::quarry::testing::Rocks;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;
using ::quarry::testing::StoreTestSchema;

class RocksStoreTest : public GraphTest {};

TEST_F(RocksStoreTest, IsRegisteredAndTheDefault) {
  std::vector<std::string> stores = RegisteredStores();
  EXPECT_NE(std::find(stores.begin(), stores.end(), "rocks"), stores.end());
  EXPECT_EQ(StoreProperties().store, "rocks");
  Create(StoreTestSchema());  // No quarry.store: a rocks graph.
  ASSERT_OK_AND_ASSIGN(GraphStats stats, graph_->Stats());
  EXPECT_EQ(stats.store, "rocks");
}

TEST_F(RocksStoreTest, AnUnknownStoreIsRefusedNamingTheRegisteredOnes) {
  ASSERT_OK_AND_ASSIGN(StoreProperties p,
                       StoreProperties::Parse("quarry.store=nosuch\n", "g.properties"));
  Result<std::unique_ptr<Graph>> g = Graph::Create(dir_.string(), StoreTestSchema(), p);
  ASSERT_THAT(g, StatusIs(StatusCode::kInvalidArgument));
  EXPECT_NE(g.status().message().find("quarry.store: unknown store 'nosuch' (valid: "),
            std::string::npos)
      << g.status().message();
  EXPECT_NE(g.status().message().find("rocks"), std::string::npos) << g.status().message();
  EXPECT_FALSE(std::filesystem::exists(dir_ / "CURRENT"));  // Nothing was created.
}

TEST_F(RocksStoreTest, ABadRocksSettingIsRefusedNamingTheKeyAndFile) {
  ASSERT_OK_AND_ASSIGN(StoreProperties p,
                       StoreProperties::Parse("quarry.durability=sometimes\n", "g.properties"));
  EXPECT_THAT(Graph::Create(dir_.string(), StoreTestSchema(), p),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "g.properties: quarry.durability: expected none, log, flush or "
                                  "sync, got 'sometimes'"));
}

// A graph whose stored properties predate quarry.store (as every graph made
// before it existed) opens as a rocks graph, with or without properties.
TEST_F(RocksStoreTest, AGraphStoredWithoutQuarryStoreOpensAsRocks) {
  Create(StoreTestSchema());
  Add({CountEntity("a", 2)});
  ASSERT_OK(Rocks(*graph_).instance().PutMeta(kMetaStoreProperties,
                                              "quarry.keypackage=byteEntity\n"
                                              "quarry.durability=log\n"));
  graph_.reset();
  ASSERT_OK_AND_ASSIGN(graph_, Graph::Open(dir_.string()));
  EXPECT_EQ(Drain(graph_->GetAllElements({})).size(), 1u);
  graph_.reset();
  StoreProperties defaults;
  ASSERT_OK_AND_ASSIGN(graph_, Graph::Open(dir_.string(), nullptr, &defaults));
  EXPECT_EQ(Drain(graph_->GetAllElements({})).size(), 1u);
}

TEST_F(RocksStoreTest, HoldsGraphOnlyWhereRocksDbFilesAre) {
  StoreDriver driver = RocksStoreDriver();
  EXPECT_EQ(driver.name, "rocks");
  EXPECT_FALSE(driver.holds_graph(dir_.string()));
  Create(StoreTestSchema());
  EXPECT_TRUE(driver.holds_graph(dir_.string()));
  EXPECT_THAT(Graph::Open((dir_ / "elsewhere").string()), StatusIs(StatusCode::kNotFound));
}

TEST_F(RocksStoreTest, StatsListTheEffectiveSettings) {
  ASSERT_OK_AND_ASSIGN(StoreProperties p,
                       StoreProperties::Parse("quarry.compression=zstd\n", "g.properties"));
  Create(StoreTestSchema(), p);
  ASSERT_OK_AND_ASSIGN(GraphStats stats, graph_->Stats());
  EXPECT_EQ(stats.settings["quarry.durability"], "log");    // The default.
  EXPECT_EQ(stats.settings["quarry.compression"], "zstd");  // As given.
  EXPECT_EQ(stats.settings["quarry.keypackage"], "byteEntity");
  std::vector<std::string_view> keys = RocksStoreDriver().property_keys;
  for (const auto& [key, value] : stats.settings) {
    EXPECT_TRUE(key == "quarry.keypackage" ||
                std::find(keys.begin(), keys.end(), key) != keys.end())
        << key;
  }
}

}  // namespace
}  // namespace quarry
