// The store factory with two stand-in stores ("alpha", "beta") whose create
// and open report which store was asked, so dispatch is observable without
// a real graph. The registry is per process: this binary registers only
// these two.
#include "store/store_factory.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

// A location holds a graph of `name` if it has a file of that name.
StoreDriver StandInDriver(const std::string& name, std::vector<std::string_view> keys) {
  StoreDriver d;
  d.name = name;
  d.property_keys = std::move(keys);
  d.holds_graph = [name](const std::string& location) {
    return std::filesystem::exists(std::filesystem::path(location) / name);
  };
  d.create = [name](const std::string& location, std::shared_ptr<const Schema>,
                    const StoreProperties&) -> Result<std::unique_ptr<Graph>> {
    return UnimplementedError(name + " create " + location);
  };
  d.open = [name](const std::string& location, std::shared_ptr<const Schema>,
                  const StoreProperties* p) -> Result<std::unique_ptr<Graph>> {
    return UnimplementedError(name + " open " + location + (p ? " with" : " without"));
  };
  return d;
}

class StoreFactoryTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    ASSERT_OK(RegisterStore(StandInDriver("alpha", {"alpha.size"})));
    ASSERT_OK(RegisterStore(StandInDriver("beta", {})));
  }
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("quarry_store_factory_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  static StoreProperties Named(const std::string& store) {
    StoreProperties p;
    p.store = store;
    return p;
  }

  std::filesystem::path dir_;
};

TEST_F(StoreFactoryTest, ListsStoresInRegistrationOrder) {
  EXPECT_EQ(RegisteredStores(), (std::vector<std::string>{"alpha", "beta"}));
}

TEST_F(StoreFactoryTest, ANameIsRegisteredOnce) {
  EXPECT_THAT(RegisterStore(StandInDriver("alpha", {})), StatusIs(StatusCode::kAlreadyExists));
  StoreDriver incomplete = StandInDriver("gamma", {});
  incomplete.open = nullptr;
  EXPECT_THAT(RegisterStore(std::move(incomplete)), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(RegisteredStores().size(), 2u);
}

TEST_F(StoreFactoryTest, CreateGoesToTheNamedStore) {
  EXPECT_THAT(Graph::Create(dir_.string(), nullptr, Named("beta")),
              StatusIsWithMessage(StatusCode::kUnimplemented, "beta create " + dir_.string()));
  StoreProperties alpha = Named("alpha");
  EXPECT_THAT(Graph::Open(dir_.string(), nullptr, &alpha),
              StatusIsWithMessage(StatusCode::kUnimplemented, "alpha open"));
}

TEST_F(StoreFactoryTest, AnUnknownStoreIsRefusedNamingTheValidOnes) {
  ASSERT_OK_AND_ASSIGN(StoreProperties p, StoreProperties::Parse("quarry.store=rados", "s.props"));
  Result<std::unique_ptr<Graph>> g = Graph::Create(dir_.string(), nullptr, p);
  ASSERT_THAT(g, StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(g.status().message(),
            "s.props: quarry.store: unknown store 'rados' (valid: alpha, beta)");
  EXPECT_THAT(Graph::Open(dir_.string(), nullptr, &p), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(FindStore(p), StatusIs(StatusCode::kInvalidArgument));
}

TEST_F(StoreFactoryTest, OpenWithoutPropertiesAsksEachStoreWhetherItHoldsTheGraph) {
  EXPECT_THAT(Graph::Open(dir_.string()),
              StatusIsWithMessage(StatusCode::kNotFound, "no graph in " + dir_.string()));
  std::ofstream(dir_ / "beta") << "";
  EXPECT_THAT(
      Graph::Open(dir_.string()),
      StatusIsWithMessage(StatusCode::kUnimplemented, "beta open " + dir_.string() + " without"));
}

TEST_F(StoreFactoryTest, UnknownKeysAreThoseNeitherGenericNorTheNamedStores) {
  ASSERT_OK_AND_ASSIGN(StoreProperties p,
                       StoreProperties::Parse("quarry.store=alpha\nalpha.size=1\nx.y=2", "f"));
  EXPECT_EQ(UnknownStoreKeys(p), std::vector<std::string>{"x.y"});
  p.store = "beta";
  EXPECT_EQ(UnknownStoreKeys(p), (std::vector<std::string>{"alpha.size", "x.y"}));
}

}  // namespace
}  // namespace quarry
