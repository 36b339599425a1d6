// The gaffer-doc operations example graph on the real RocksDB store, through
// the Executor. data.txt: "v,count" is Entity "entity"; "s,d,count" is a
// directed Edge "edge"; Integer vertices and counts. So: entities 1..5
// (counts 3,1,2,1,3) and edges 1->2 (3), 1->4 (1), 2->3 (2), 2->4 (1),
// 2->5 (1), 3->4 (4). Expected results worked out by hand from §9.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/operations/test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
namespace fs = std::filesystem;

std::string EntityJson(int v, int count) {
  return R"({"class":"uk.gov.gchq.gaffer.data.element.Entity","group":"entity","vertex":)" +
         std::to_string(v) + R"(,"properties":{"count":)" + std::to_string(count) + "}}";
}

std::string EdgeJson(int s, int d, int count, std::string_view matched = "") {
  std::string mv = matched.empty() ? "" : R"(,"matchedVertex":")" + std::string(matched) + "\"";
  return R"({"class":"uk.gov.gchq.gaffer.data.element.Edge","group":"edge","source":)" +
         std::to_string(s) + R"(,"destination":)" + std::to_string(d) + R"(,"directed":true)" + mv +
         R"(,"properties":{"count":)" + std::to_string(count) + "}}";
}

std::string SeedJson(int v) {
  return R"({"class":"uk.gov.gchq.gaffer.operation.data.EntitySeed","vertex":)" +
         std::to_string(v) + "}";
}

class DocExampleStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("quarry_doc_example_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    auto schema =
        Schema::FromFiles({testing::SharedDir() + "/conformance/schemas/doc_simple.json"});
    ASSERT_TRUE(schema.ok()) << schema.status().ToString();
    auto graph = Graph::Create(dir_.string(), *schema, StoreProperties());
    ASSERT_TRUE(graph.ok()) << graph.status().ToString();
    executor_ = std::make_unique<Executor>(std::shared_ptr<Graph>(std::move(graph).value()));
    // data.txt -> AddElements JSON.
    std::ifstream in(testing::SharedDir() +
                     "/gaffer-examples/gaffer-doc-operations-example/data.txt");
    std::string line;
    std::string input;
    while (std::getline(in, line)) {
      std::vector<int> f;
      std::stringstream ss(line);
      std::string part;
      while (std::getline(ss, part, ',')) f.push_back(std::stoi(part));
      if (f.size() < 2) continue;
      input += (input.empty() ? "" : ",") +
               (f.size() == 2 ? EntityJson(f[0], f[1]) : EdgeJson(f[0], f[1], f[2]));
    }
    ASSERT_OK(Run(R"({"class":"AddElements","input":[)" + input + "]}").status());
  }
  void TearDown() override {
    executor_.reset();
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  Result<Json> Run(const std::string& op) { return executor_->Execute(User(), op); }

  fs::path dir_;
  std::unique_ptr<Executor> executor_;
};

TEST_F(DocExampleStoreTest, GetElementsForVertex2) {
  ASSERT_OK_AND_ASSIGN(Json out, Run(R"({"class":"GetElements","input":[2]})"));
  EXPECT_TRUE(SameMultiset(out, "[" + EntityJson(2, 1) + "," + EdgeJson(1, 2, 3, "DESTINATION") +
                                    "," + EdgeJson(2, 3, 2, "SOURCE") + "," +
                                    EdgeJson(2, 4, 1, "SOURCE") + "," +
                                    EdgeJson(2, 5, 1, "SOURCE") + "]"));
}

TEST_F(DocExampleStoreTest, GetElementsForEdgeSeedHasNoMatchedVertex) {
  ASSERT_OK_AND_ASSIGN(Json out, Run(R"({"class":"GetElements","input":[
      {"class":"EdgeSeed","source":1,"destination":2,"directedType":"DIRECTED"}]})"));
  EXPECT_TRUE(SameMultiset(
      out, "[" + EntityJson(1, 3) + "," + EntityJson(2, 1) + "," + EdgeJson(1, 2, 3) + "]"));
}

TEST_F(DocExampleStoreTest, GetElementsEntitiesOnlyView) {
  ASSERT_OK_AND_ASSIGN(Json out, Run(R"({"class":"GetElements","input":[3,4],
      "view":{"entities":{"entity":{}}}})"));
  EXPECT_TRUE(SameMultiset(out, "[" + EntityJson(3, 2) + "," + EntityJson(4, 1) + "]"));
}

TEST_F(DocExampleStoreTest, GetAdjacentIds) {
  ASSERT_OK_AND_ASSIGN(Json out, Run(R"({"class":"GetAdjacentIds","input":[2]})"));
  EXPECT_TRUE(SameMultiset(
      out, "[" + SeedJson(1) + "," + SeedJson(3) + "," + SeedJson(4) + "," + SeedJson(5) + "]"));
  ASSERT_OK_AND_ASSIGN(out, Run(R"({"class":"GetAdjacentIds","input":[4],
      "includeIncomingOutGoing":"INCOMING"})"));
  EXPECT_TRUE(SameMultiset(out, "[" + SeedJson(1) + "," + SeedJson(2) + "," + SeedJson(3) + "]"));
  ASSERT_OK_AND_ASSIGN(out, Run(R"({"class":"GetAdjacentIds","input":[4],
      "includeIncomingOutGoing":"OUTGOING"})"));
  EXPECT_EQ(out, Json::array());
}

TEST_F(DocExampleStoreTest, TwoHopsAndCount) {
  // 1 -> {2, 4}; then 2 -> {1, 3, 4, 5} and 4 -> {1, 2, 3}: 7 rows.
  ASSERT_OK_AND_ASSIGN(Json out, Run(R"({"operations":[
      {"class":"GetAdjacentIds","input":[1]},{"class":"GetAdjacentIds"},{"class":"Count"}]})"));
  EXPECT_EQ(out, Json(7));
  ASSERT_OK_AND_ASSIGN(out, Run(R"({"operations":[{"class":"GetAllElements"},
      {"class":"CountGroups"}]})"));
  EXPECT_EQ(out, Json::parse(R"({"entityGroups":{"entity":5},"edgeGroups":{"edge":6},
                                 "limitHit":false})"));
}

TEST_F(DocExampleStoreTest, IngestAggregationThroughTheExecutor) {
  ASSERT_OK(Run(R"({"class":"AddElements","input":[)" + EntityJson(5, 10) + "]}").status());
  ASSERT_OK_AND_ASSIGN(Json out, Run(R"({"class":"GetElements","input":[5],
      "view":{"entities":{"entity":{}}}})"));
  EXPECT_TRUE(SameMultiset(out, "[" + EntityJson(5, 13) + "]"));
}

}  // namespace
}  // namespace quarry
