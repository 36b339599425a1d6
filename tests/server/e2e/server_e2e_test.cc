// End to end: `quarry create` + `quarry serve` on the gaffer-examples "basic"
// schema, driven by a C++ Thrift client. Expected results are worked out by
// hand from Gaffer's semantics:
//   BasicEntity "1" count 1 + BasicEntity "1" count 2 -> one entity, count 3
//     (count is an Integer with Sum aggregation);
//   BasicEdge 1->2 count 1 and 2->3 count 5, directed (the schema's "true"
//     type only accepts directed edges).
#include <gtest/gtest.h>

#include "tests/server/e2e/e2e_fixture.h"

namespace quarry::testing_rpc {
namespace {

constexpr char kEntityClass[] = "uk.gov.gchq.gaffer.data.element.Entity";
constexpr char kEdgeClass[] = "uk.gov.gchq.gaffer.data.element.Edge";
constexpr char kE2eGetAll[] =
    R"({"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"})";

class BasicServerTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    served_ = StartServedGraph("basic", {"basic/elements.json", "basic/types.json"}).release();
    if (served_ == nullptr) return;
    TestClient client(served_->process.port());
    rpc::AddElementsResult result;
    client->addElements(result, Alice(),
                        {Entity("BasicEntity", "1", {{"count", IntValue(1)}}),
                         Entity("BasicEntity", "1", {{"count", IntValue(2)}}),
                         Edge("BasicEdge", "1", "2", true, {{"count", IntValue(1)}}),
                         Edge("BasicEdge", "2", "3", true, {{"count", IntValue(5)}})},
                        rpc::AddElementsOptions());
    EXPECT_EQ(result.added, 4);
    EXPECT_EQ(result.skipped, 0);
  }
  static void TearDownTestSuite() {
    if (served_ != nullptr) EXPECT_EQ(served_->process.Stop(), 0) << served_->process.log();
    delete served_;
    served_ = nullptr;
  }
  void SetUp() override { ASSERT_NE(served_, nullptr); }
  int port() const { return served_->process.port(); }

  std::string Execute(const std::string& operation) {
    TestClient client(port());
    std::string out;
    client->execute(out, Alice(), operation);
    return out;
  }

  static ServedGraph* served_;
};
ServedGraph* BasicServerTest::served_ = nullptr;

std::string EntityJson(const std::string& vertex, int count) {
  return SortedKeys(Json{{"class", kEntityClass},
                         {"group", "BasicEntity"},
                         {"vertex", vertex},
                         {"properties", {{"count", count}}}})
      .dump();
}

std::string EdgeJson(const std::string& source, const std::string& destination, int count,
                     const char* matched_vertex = nullptr) {
  Json edge{{"class", kEdgeClass}, {"group", "BasicEdge"},
            {"source", source},    {"destination", destination},
            {"directed", true},    {"properties", {{"count", count}}}};
  if (matched_vertex != nullptr) edge["matchedVertex"] = matched_vertex;
  return SortedKeys(edge).dump();
}

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

TEST_F(BasicServerTest, GetAllElementsAggregatesIngest) {
  EXPECT_EQ(SortedItems(Execute(kE2eGetAll)),
            Sorted({EntityJson("1", 3), EdgeJson("1", "2", 1), EdgeJson("2", "3", 5)}));
}

TEST_F(BasicServerTest, GetElementsForAnEntitySeed) {
  const std::string op = R"({"class": "uk.gov.gchq.gaffer.operation.impl.get.GetElements",
    "input": [{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": "1"}]})";
  EXPECT_EQ(SortedItems(Execute(op)),
            Sorted({EntityJson("1", 3), EdgeJson("1", "2", 1, "SOURCE")}));
}

TEST_F(BasicServerTest, GetAdjacentIdsBothDirections) {
  const std::string op = R"({"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAdjacentIds",
    "input": [{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": "2"}]})";
  const std::string seed = "uk.gov.gchq.gaffer.operation.data.EntitySeed";
  EXPECT_EQ(SortedItems(Execute(op)),
            Sorted({SortedKeys(Json{{"class", seed}, {"vertex", "1"}}).dump(),
                    SortedKeys(Json{{"class", seed}, {"vertex", "3"}}).dump()}));
}

TEST_F(BasicServerTest, ChainWithCount) {
  const std::string op = R"({"class": "uk.gov.gchq.gaffer.operation.OperationChain",
    "operations": [{"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"},
                   {"class": "uk.gov.gchq.gaffer.operation.impl.Count"}]})";
  EXPECT_EQ(Json::parse(Execute(op), nullptr, false), Json(3));
}

TEST_F(BasicServerTest, PagedQueryReturnsEverythingOnce) {
  TestClient client(port());
  std::string handle;
  client->openQuery(handle, Alice(), kE2eGetAll, 2);
  std::vector<std::string> all;
  rpc::Page page;
  int pages = 0;
  do {
    client->nextPage(page, Alice(), handle);
    auto items = SortedItems(page.itemsJson);
    EXPECT_LE(items.size(), 2u);
    ASSERT_TRUE(page.__isset.itemCount);
    EXPECT_EQ(page.itemCount, static_cast<int32_t>(items.size()));
    all.insert(all.end(), items.begin(), items.end());
    ASSERT_LT(++pages, 10);
  } while (!page.done);
  EXPECT_EQ(Sorted(all),
            Sorted({EntityJson("1", 3), EdgeJson("1", "2", 1), EdgeJson("2", "3", 5)}));
  // The finished handle is gone; another user cannot use a live one.
  EXPECT_EQ(ErrorCode([&] { client->nextPage(page, Alice(), handle); }), "NOT_FOUND");
  client->openQuery(handle, Alice(), kE2eGetAll, 1);
  EXPECT_EQ(ErrorCode([&] { client->nextPage(page, Bob(), handle); }), "NOT_FOUND");
  client->closeQuery(Alice(), handle);
  EXPECT_EQ(ErrorCode([&] { client->nextPage(page, Alice(), handle); }), "NOT_FOUND");
  EXPECT_EQ(ErrorCode([&] { client->openQuery(handle, Alice(), kE2eGetAll, 0); }),
            "INVALID_ARGUMENT");
}

TEST_F(BasicServerTest, PythonClientSmoke) {
  CommandResult result =
      RunCommand("/usr/bin/env",
                 {"PYTHONPATH=" QUARRY_PY_GEN_DIR, "/usr/bin/python3",
                  QUARRY_SOURCE_DIR "/tests/server/e2e/python_smoke.py", std::to_string(port())});
  EXPECT_EQ(result.exit_code, 0) << result.out;
  EXPECT_NE(result.out.find("python smoke ok"), std::string::npos) << result.out;
}

}  // namespace
}  // namespace quarry::testing_rpc
