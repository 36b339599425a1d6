// DeleteElements, DeleteAllData and GetGraphCreatedTime through the executor
// on the real RocksDB store. The graph is Gaffer's AbstractDeletedElementsIT
// (accumulo-store tests): String vertices, an entity group and an edge group
// without properties; entities 1 and 2, edges 1->2 and 2->3. Expected results
// are worked out from that test and Gaffer's handlers: GetElements from seed
// 1 gives entity 1 and edge 1->2; deleting them leaves entity 2 and edge
// 2->3; DeleteElements returns how many elements it was given (Long).
#include <filesystem>

#include "gmock/gmock.h"
#include "graph-core/clock.h"
#include "gtest/gtest.h"
#include "tests/operations/test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;
namespace fs = std::filesystem;

constexpr std::string_view kSchema = R"({
  "entities": {"BasicEntity": {"vertex": "id.string"}},
  "edges": {"BasicEdge": {"source": "id.string", "destination": "id.string",
                          "directed": "directed.either"}},
  "types": {"id.string": {"class": "java.lang.String"},
            "directed.either": {"class": "java.lang.Boolean"}}
})";

std::string Entity(std::string_view v) {
  return R"({"class":"uk.gov.gchq.gaffer.data.element.Entity","group":"BasicEntity","vertex":")" +
         std::string(v) + R"(","properties":{}})";
}

std::string Edge(std::string_view s, std::string_view d) {
  return R"({"class":"uk.gov.gchq.gaffer.data.element.Edge","group":"BasicEdge","source":")" +
         std::string(s) + R"(","destination":")" + std::string(d) +
         R"(","directed":true,"properties":{}})";
}

class DeleteOpsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("quarry_delete_ops_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override {
    executor_.reset();
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  // Creates the graph (at the clock's time) with the IT's four elements.
  void CreateGraph(ExecutorLimits limits = {}) {
    auto schema = Schema::FromJsonStrings({std::string(kSchema)}, {"schema"});
    ASSERT_TRUE(schema.ok()) << schema.status().ToString();
    auto graph = Graph::Create(dir_.string(), *schema, StoreProperties());
    ASSERT_TRUE(graph.ok()) << graph.status().ToString();
    executor_ =
        std::make_unique<Executor>(std::shared_ptr<Graph>(std::move(graph).value()), limits);
    ASSERT_OK(Run(R"({"class":"AddElements","input":[)" + Entity("1") + "," + Entity("2") + "," +
                  Edge("1", "2") + "," + Edge("2", "3") + "]}")
                  .status());
  }
  Result<Json> Run(const std::string& op, const User& user = User()) {
    return executor_->Execute(user, op);
  }
  Json All() {
    Result<Json> all = Run(R"({"class":"GetAllElements"})");
    EXPECT_TRUE(all.ok()) << all.status().ToString();
    return all.ok() ? *all : Json();
  }

  fs::path dir_;
  std::unique_ptr<Executor> executor_;
};

TEST_F(DeleteOpsTest, DeletesTheOutputOfGetElementsAsGaffersIntegrationTest) {
  CreateGraph();
  ASSERT_TRUE(SameMultiset(All(), "[" + Entity("1") + "," + Entity("2") + "," + Edge("1", "2") +
                                      "," + Edge("2", "3") + "]"));
  ASSERT_OK_AND_ASSIGN(Json count, Run(R"({"class":"OperationChain","operations":[
      {"class":"GetElements","input":[{"class":"EntitySeed","vertex":"1"}]},
      {"class":"DeleteElements"}]})"));
  EXPECT_EQ(count, Json(2));
  EXPECT_TRUE(SameMultiset(All(), "[" + Entity("2") + "," + Edge("2", "3") + "]"));
  // Edge 1->2 is gone from both ends: a read from 2 finds entity 2 and 2->3.
  ASSERT_OK_AND_ASSIGN(Json from2, Run(R"({"class":"GetElements","input":["2"]})"));
  EXPECT_EQ(from2.size(), 2u) << from2.dump();
}

TEST_F(DeleteOpsTest, ExplicitInputIsValidatedUnlessToldNot) {
  CreateGraph();
  const std::string stray = R"({"class":"Entity","group":"Nope","vertex":"1"})";
  EXPECT_THAT(Run(R"({"class":"DeleteElements","input":[)" + Entity("1") + "," + stray + "]}"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "element 1 (group 'Nope')"));
  EXPECT_EQ(All().size(), 4u);  // Nothing deleted.
  ASSERT_OK_AND_ASSIGN(Json count, Run(R"({"class":"DeleteElements","skipInvalidElements":true,
      "input":[)" + Entity("1") + "," + stray +
                                       "]}"));
  EXPECT_EQ(count, Json(1));  // The stray element is skipped, not counted.
  EXPECT_EQ(All().size(), 3u);
  EXPECT_THAT(Run(R"({"class":"DeleteElements","validate":"yes","input":[]})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "validate"));
}

TEST_F(DeleteOpsTest, DeleteAllDataNeedsTheAdminAuthAndLeavesAnEmptyGraph) {
  ExecutorLimits limits;
  limits.admin_auth = "admin";
  CreateGraph(limits);
  User analyst;
  analyst.user_id = "analyst";
  EXPECT_THAT(Run(R"({"class":"DeleteAllData"})", analyst),
              StatusIs(StatusCode::kPermissionDenied));
  EXPECT_EQ(All().size(), 4u);
  User admin;
  admin.user_id = "root";
  admin.op_auths = {"admin"};
  ASSERT_OK_AND_ASSIGN(
      Json out, Run(R"({"class":"uk.gov.gchq.gaffer.store.operation.DeleteAllData"})", admin));
  EXPECT_TRUE(out.is_null());
  EXPECT_EQ(All(), Json::array());
  ASSERT_OK(Run(R"({"class":"AddElements","input":[)" + Entity("9") + "]}").status());
  EXPECT_TRUE(SameMultiset(All(), "[" + Entity("9") + "]"));
}

TEST_F(DeleteOpsTest, GetGraphCreatedTimeIsTheCreationTimeKeyedByGraphId) {
  {
    // 1700000000 s is 2023-11-14T22:13:20Z.
    ScopedFakeClock clock(1'700'000'000'123);
    CreateGraph();
  }
  const std::string id = dir_.filename().string();
  ASSERT_OK_AND_ASSIGN(Json out, Run(R"({"class":"GetGraphCreatedTime"})"));
  EXPECT_EQ(out, Json({{id, "2023-11-14T22:13:20.123"}}));
}

TEST_F(DeleteOpsTest, GetGraphCreatedTimeOmitsZeroSecondsAsJavaDoes) {
  {
    ScopedFakeClock clock(1'700'000'040'000);  // 2023-11-14T22:14:00Z.
    CreateGraph();
  }
  ASSERT_OK_AND_ASSIGN(
      Json out, Run(R"({"class":"uk.gov.gchq.gaffer.operation.impl.get.GetGraphCreatedTime"})"));
  EXPECT_EQ(out, Json({{dir_.filename().string(), "2023-11-14T22:14"}}));
}

}  // namespace
}  // namespace quarry
