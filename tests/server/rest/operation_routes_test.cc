// /graph/operations: execute (whole and chunked) over the gaffer-doc
// example graph, Gaffer's error bodies for bad requests, and the operation
// details. Expected values by hand from data.txt (5 entities, 6 edges) and
// Gaffer's OperationController / OperationDetail.
#include <filesystem>

#include "gmock/gmock.h"
#include "operations/operation_catalogue.h"
#include "tests/server/rest/rest_test_graph.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing_rest {
namespace {

using ::testing::Contains;
using OperationRoutesTest = RestTestGraph;

constexpr char kGetAllElements[] = "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements";

TEST_F(OperationRoutesTest, ExecuteStreamsAListResult) {
  RestResponse response =
      Call("POST", "/graph/operations/execute", R"({"class": "GetAllElements"})");
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.kind, RestBodyKind::kResult);
  EXPECT_EQ(response.content_type, "application/json");
  Json elements = BodyJson(response);
  ASSERT_TRUE(elements.is_array());
  EXPECT_EQ(elements.size(), 11u);  // 5 entities + 6 edges.
}

TEST_F(OperationRoutesTest, ExecuteReturnsASingleValueAsItself) {
  RestResponse response = Call("POST", "/graph/operations/execute",
                               R"({"class": "OperationChain", "operations": [
                                    {"class": "GetElements", "input": [2]},
                                    {"class": "Count"}]})");
  ASSERT_EQ(response.status, 200) << response.body;
  // Vertex 2: entity 2, edges 1->2, 2->3, 2->4, 2->5.
  EXPECT_EQ(BodyJson(response), Json(5));
}

TEST_F(OperationRoutesTest, ChunkedExecuteStreamsItems) {
  RestResponse response = Call("POST", "/graph/operations/execute/chunked",
                               R"({"class": "GetElements", "input": [5]})");
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.kind, RestBodyKind::kChunkedItems);
  Json items = BodyJson(response);
  ASSERT_TRUE(items.is_array());
  EXPECT_EQ(items.size(), 2u);  // Entity 5 and edge 2->5.
}

TEST_F(OperationRoutesTest, MalformedJsonIs400) {
  // Gaffer's OperationControllerIT.shouldReturnHelpfulErrorMessageIfJsonIsIncorrect.
  RestResponse response = Call("POST", "/graph/operations/execute", R"({"class""GetAllElements"})");
  ExpectGafferError(response, 400, "");
}

TEST_F(OperationRoutesTest, UnknownOperationClassIs400NamingIt) {
  RestResponse response =
      Call("POST", "/graph/operations/execute", R"({"class": "uk.gov.gchq.NoSuchOperation"})");
  ExpectGafferError(response, 400, "NoSuchOperation");
  RestResponse chunked = Call("POST", "/graph/operations/execute/chunked",
                              R"({"class": "uk.gov.gchq.NoSuchOperation"})");
  ExpectGafferError(chunked, 400, "NoSuchOperation");
}

TEST_F(OperationRoutesTest, MissingBodyIs400AndNonJsonContentTypeIs415) {
  RestResponse empty = Call("POST", "/graph/operations/execute", "");
  ExpectGafferError(empty, 400, "Required request body is missing");
  RestResponse text =
      Call("POST", "/graph/operations/execute", R"({"class": "GetAllElements"})", "text/plain");
  ExpectGafferError(text, 415, "text/plain");
  RestResponse charset = Call("POST", "/graph/operations/execute", R"({"class": "Count"})",
                              "application/json;charset=utf-8");
  EXPECT_NE(charset.status, 415);
}

TEST_F(OperationRoutesTest, ListsSupportedOperationsByFullClassName) {
  RestResponse response = Call("GET", "/graph/operations");
  ASSERT_EQ(response.status, 200);
  Json names = BodyJson(response);
  ASSERT_TRUE(names.is_array());
  EXPECT_THAT(names, Contains(Json(kGetAllElements)));
  EXPECT_EQ(names.size(), SupportedOperationInfos().size());
}

TEST_F(OperationRoutesTest, DetailsHaveGaffersShape) {
  RestResponse response = Call("GET", "/graph/operations/details");
  ASSERT_EQ(response.status, 200);
  Json details = BodyJson(response);
  ASSERT_TRUE(details.is_array());
  ASSERT_FALSE(details.empty());
  for (const Json& detail : details) {
    EXPECT_TRUE(detail["name"].is_string()) << detail;
    EXPECT_TRUE(detail["fields"].is_array()) << detail;
    EXPECT_TRUE(detail["next"].is_array()) << detail;
    EXPECT_TRUE(detail["exampleJson"].is_object()) << detail;
  }
}

TEST_F(OperationRoutesTest, OneOperationByFullOrSimpleName) {
  for (const std::string& path : {std::string("/graph/operations/") + kGetAllElements,
                                  std::string("/graph/operations/GetAllElements")}) {
    RestResponse response = Call("GET", path);
    ASSERT_EQ(response.status, 200) << path;
    Json detail = BodyJson(response);
    EXPECT_EQ(detail["name"], kGetAllElements);
    // GetAllElements has Gaffer's view field, of class View.
    bool has_view = false;
    for (const Json& field : detail["fields"]) {
      if (field["name"] == "view") {
        has_view = true;
        EXPECT_EQ(field["className"], "uk.gov.gchq.gaffer.data.elementdefinition.view.View");
      }
    }
    EXPECT_TRUE(has_view) << detail;
    EXPECT_TRUE(detail["outputClassName"].is_string()) << detail;
  }
}

TEST_F(OperationRoutesTest, UnknownOperationIs404WithGaffersMessages) {
  RestResponse details = Call("GET", "/graph/operations/uk.gov.gchq.Nope");
  ExpectGafferError(details, 404, "Class: uk.gov.gchq.Nope was not found on the classpath.");
  RestResponse example = Call("GET", "/graph/operations/uk.gov.gchq.Nope/example");
  ExpectGafferError(example, 404, "Class: uk.gov.gchq.Nope was not found on the classpath.");
  RestResponse next = Call("GET", "/graph/operations/uk.gov.gchq.Nope/next");
  ExpectGafferError(next, 404, "Operation class was not found: uk.gov.gchq.Nope");
}

TEST_F(OperationRoutesTest, NextListsOperationsThatAreSupported) {
  RestResponse response =
      Call("GET", std::string("/graph/operations/") + kGetAllElements + "/next");
  ASSERT_EQ(response.status, 200);
  Json next = BodyJson(response);
  ASSERT_TRUE(next.is_array());
  for (const Json& name : next) {
    EXPECT_NE(FindOperationInfo(name.get<std::string>()), nullptr) << name;
  }
}

// The catalogue's examples are written for the road-traffic graph (String
// vertices, its groups), so this test swaps the doc graph for an empty one
// with the road-traffic schema.
TEST_F(OperationRoutesTest, EveryExampleExecutesWithoutA400) {
  const std::string schema_dir = quarry::testing::SharedDir() + "/gaffer-examples/road-traffic/";
  auto schema = Schema::FromFiles({schema_dir + "elements.json", schema_dir + "types.json"});
  ASSERT_TRUE(schema.ok()) << schema.status().ToString();
  const std::filesystem::path road_dir = dir_.string() + "_road_traffic";
  std::filesystem::remove_all(road_dir);
  auto graph = Graph::Create(road_dir.string(), *schema, StoreProperties());
  ASSERT_TRUE(graph.ok()) << graph.status().ToString();
  api_.reset();
  executor_ = std::make_shared<Executor>(std::shared_ptr<Graph>(std::move(graph).value()));
  api_ = std::make_unique<RestApi>(executor_, RestServiceInfo());
  for (const OperationInfo& info : SupportedOperationInfos()) {
    RestResponse example = Call("GET", "/graph/operations/" + info.class_name + "/example");
    ASSERT_EQ(example.status, 200) << info.class_name;
    RestResponse run = Call("POST", "/graph/operations/execute", example.body);
    EXPECT_NE(run.status, 400) << info.class_name << ": " << example.body << " -> " << run.body;
    if (run.cursor != nullptr) BodyJson(run);
  }
  api_.reset();
  executor_.reset();
  std::filesystem::remove_all(road_dir);
}

// --- branch deletes. Vertex 5 has entity 5 and edge 2->5: deleting a
// GetElements' output removes both (Gaffer returns the count, 2), leaving 9
// of the 11 elements. Served with the admin auth configured, DeleteAllData is
// listed and runs only for a user holding it.
TEST_F(OperationRoutesTest, DeleteElementsRunsForAnyUserAndDeleteAllDataForAdminsOnly) {
  {  // Responses hold the graph through their cursors: closed before the reopen.
    RestResponse deleted = Call("POST", "/graph/operations/execute",
                                R"({"class": "OperationChain", "operations": [
                                     {"class": "GetElements", "input": [5]},
                                     {"class": "DeleteElements"}]})");
    ASSERT_EQ(deleted.status, 200) << deleted.body;
    EXPECT_EQ(BodyJson(deleted), Json(2));
    RestResponse all = Call("POST", "/graph/operations/execute", R"({"class": "GetAllElements"})");
    EXPECT_EQ(BodyJson(all).size(), 9u);
  }
  api_.reset();
  executor_.reset();
  auto graph = Graph::Open(dir_.string());
  ASSERT_TRUE(graph.ok()) << graph.status().ToString();
  ExecutorLimits limits;
  limits.admin_auth = "admin";
  executor_ = std::make_shared<Executor>(std::shared_ptr<Graph>(std::move(graph).value()), limits);
  api_ = std::make_unique<RestApi>(executor_, RestServiceInfo());
  constexpr char kDeleteAllData[] = "uk.gov.gchq.gaffer.store.operation.DeleteAllData";
  RestResponse listed = Call("GET", "/graph/operations");
  EXPECT_THAT(BodyJson(listed), ::testing::Not(Contains(Json(kDeleteAllData))));
  RestResponse refused = Call("POST", "/graph/operations/execute", R"({"class": "DeleteAllData"})");
  EXPECT_EQ(refused.status, 403) << refused.body;
  user_.op_auths = {"admin"};
  listed = Call("GET", "/graph/operations");
  EXPECT_THAT(BodyJson(listed), Contains(Json(kDeleteAllData)));
  RestResponse emptied = Call("POST", "/graph/operations/execute", R"({"class": "DeleteAllData"})");
  EXPECT_EQ(emptied.status, 200) << emptied.body;
  RestResponse all = Call("POST", "/graph/operations/execute", R"({"class": "GetAllElements"})");
  EXPECT_EQ(BodyJson(all), Json::array());
}

}  // namespace
}  // namespace quarry::testing_rest
