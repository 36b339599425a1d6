// The rados store's driver (store-rados/rados_store.h) against the
// fixture's cluster: a graph created through the store factory leaves a
// handle at its location, and the location alone opens it.
#include "store-rados/rados_store.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "store-rados/rados_graph.h"
#include "tests/store-rados/rados_test_env.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing {
namespace {

namespace fs = std::filesystem;

// Creates a 2-tablet RADOS graph whose handle is the fresh directory `dir`
// (no quarry.rados.graph: the location's last component names the graph)
// and records it in `created` for the fixture's cleanup.
void CreateAtLocation(const fs::path& dir, std::vector<StoreProperties>* created,
                      StoreProperties* properties, std::unique_ptr<Graph>* graph) {
  fs::remove_all(dir);
  ASSERT_OK_AND_ASSIGN(
      *properties, StoreProperties::Parse("quarry.store=rados\nquarry.rados.conf=" + RadosConf() +
                                              "\nquarry.rados.tablets=2\n",
                                          "test"));
  ASSERT_OK_AND_ASSIGN(*graph, Graph::Create(dir.string(), StoreTestSchema(), *properties));
  StoreProperties named = *properties;
  named.raw["quarry.rados.graph"] = dir.filename().string();
  created->push_back(named);
}

TEST_F(RadosGraphTest, TheLocationsHandleOpensTheGraph) {
  const std::string name = "handle-" + std::to_string(std::random_device()());
  const fs::path dir = fs::path(::testing::TempDir()) / name;
  StoreProperties properties;
  std::unique_ptr<Graph> graph;
  ASSERT_NO_FATAL_FAILURE(CreateAtLocation(dir, &created_, &properties, &graph));
  EXPECT_TRUE(fs::is_regular_file(dir / kRadosHandleFileName));
  ASSERT_OK(
      graph->AddElements(std::vector<Element>{CountEntity("a", 4)}, AddElementsOptions(), nullptr));
  // Opened by location only, through the factory: the same graph.
  ASSERT_OK_AND_ASSIGN(auto reopened, Graph::Open(dir.string()));
  ASSERT_OK_AND_ASSIGN(GraphStats stats, reopened->Stats());
  EXPECT_EQ(stats.store, "rados");
  EXPECT_EQ(stats.path, "rados:quarry/" + name);
  EXPECT_EQ(stats.settings["quarry.rados.tablets"], "2");
  EXPECT_EQ(Sorted(Drain(reopened->GetAllElements(QueryOptions()))), Sorted({CountEntity("a", 4)}));
  // A second create at the location is refused: the graph exists.
  EXPECT_THAT(Graph::Create(dir.string(), StoreTestSchema(), properties).status(),
              StatusIs(StatusCode::kAlreadyExists));
  fs::remove_all(dir);
  EXPECT_THAT(Graph::Open(dir.string()).status(), StatusIs(StatusCode::kNotFound));
}

// `quarry check` and the read-only opens of `quarry info` / `quarry exec
// --read-only` reach a RADOS graph through the factory by its location.
TEST_F(RadosGraphTest, TheFactoryChecksAndOpensReadOnlyByLocation) {
  const std::string name = "handle-ro-" + std::to_string(std::random_device()());
  const fs::path dir = fs::path(::testing::TempDir()) / name;
  StoreProperties properties;
  std::unique_ptr<Graph> graph;
  ASSERT_NO_FATAL_FAILURE(CreateAtLocation(dir, &created_, &properties, &graph));
  ASSERT_OK(
      graph->AddElements(std::vector<Element>{CountEntity("a", 4)}, AddElementsOptions(), nullptr));
  ASSERT_OK_AND_ASSIGN(GraphCheckReport report, CheckGraph(dir.string()));
  EXPECT_TRUE(report.ok());
  EXPECT_EQ(report.instances_checked, 2u);
  EXPECT_EQ(report.keys_checked, 1u);
  const fs::path scratch = dir / "scratch";
  ASSERT_OK_AND_ASSIGN(auto reader, OpenGraphReadOnly(dir.string(), scratch.string()));
  EXPECT_EQ(Sorted(Drain(reader->GetAllElements(QueryOptions()))), Sorted({CountEntity("a", 4)}));
  EXPECT_THAT(
      reader->AddElements(std::vector<Element>{CountEntity("a", 1)}, AddElementsOptions(), nullptr),
      StatusIsWithMessage(StatusCode::kFailedPrecondition, "'" + name + "'"));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace quarry::testing
