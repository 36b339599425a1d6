#include "tests/server/rest/rest_test_graph.h"

#include <unistd.h>

#include <fstream>
#include <sstream>

#include "tests/testutil/status_matchers.h"

namespace quarry::testing_rest {
namespace {

// data.txt: "v,count" is an Entity "entity", "s,d,count" a directed Edge "edge".
std::string DocExampleElements() {
  std::ifstream in(testing::SharedDir() +
                   "/gaffer-examples/gaffer-doc-operations-example/data.txt");
  std::string input;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> f;
    std::stringstream fields(line);
    for (std::string part; std::getline(fields, part, ',');) f.push_back(part);
    std::string element;
    if (f.size() == 2) {
      element = R"({"class": "Entity", "group": "entity", "vertex": )" + f[0] +
                R"(, "properties": {"count": )" + f[1] + "}}";
    } else if (f.size() == 3) {
      element = R"({"class": "Edge", "group": "edge", "source": )" + f[0] + R"(, "destination": )" +
                f[1] + R"(, "directed": true, "properties": {"count": )" + f[2] + "}}";
    } else {
      continue;
    }
    input += (input.empty() ? "" : ",") + element;
  }
  return input;
}

}  // namespace

void RestTestGraph::SetUp() {
  dir_ = std::filesystem::temp_directory_path() /
         ("quarry_rest_" + std::to_string(::getpid()) + "_" +
          ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::filesystem::remove_all(dir_);
  auto schema = Schema::FromFiles({testing::SharedDir() + "/conformance/schemas/doc_simple.json"});
  ASSERT_TRUE(schema.ok()) << schema.status().ToString();
  auto graph = Graph::Create(dir_.string(), *schema, StoreProperties());
  ASSERT_TRUE(graph.ok()) << graph.status().ToString();
  executor_ = std::make_shared<Executor>(std::shared_ptr<Graph>(std::move(graph).value()));
  ASSERT_OK(
      executor_
          ->Execute(user_, R"({"class": "AddElements", "input": [)" + DocExampleElements() + "]}")
          .status());
  RestServiceInfo info;
  info.graph_id = kGraphId;
  info.description = kDescription;
  info.version = "0.0.1-test";
  api_ = std::make_unique<RestApi>(executor_, info);
}

void RestTestGraph::TearDown() {
  api_.reset();
  executor_.reset();
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

RestResponse RestTestGraph::Call(std::string_view method, std::string_view path,
                                 std::string_view body, std::string_view content_type) const {
  RestRequest request;
  request.method = method;
  request.path = path;
  request.body = body;
  request.content_type = content_type;
  request.user = &user_;
  return api_->Handle(request);
}

Json RestTestGraph::BodyJson(RestResponse& response) {
  if (response.kind == RestBodyKind::kFixed) {
    Json parsed = Json::parse(response.body, nullptr, false);
    EXPECT_FALSE(parsed.is_discarded()) << "not JSON: " << response.body;
    return parsed;
  }
  EXPECT_NE(response.cursor, nullptr);
  if (response.cursor == nullptr) return Json();
  Json items = Json::array();
  while (!response.cursor->done()) {
    Result<std::vector<Json>> page = response.cursor->NextPage(3);
    EXPECT_TRUE(page.ok()) << page.status().ToString();
    if (!page.ok()) break;
    for (Json& item : *page) items.push_back(std::move(item));
  }
  if (response.cursor->shape() == ResultShape::kSingle && items.size() == 1) return items[0];
  if (response.cursor->shape() == ResultShape::kNone) return Json();
  return items;
}

std::string RestTestGraph::Header(const RestResponse& response, std::string_view name) {
  for (const auto& [key, value] : response.headers) {
    if (key == name) return value;
  }
  return "";
}

void RestTestGraph::ExpectGafferError(RestResponse& response, int status,
                                      std::string_view message) {
  EXPECT_EQ(response.status, status);
  EXPECT_EQ(response.kind, RestBodyKind::kFixed);
  EXPECT_EQ(response.content_type, "application/json");
  Json body = BodyJson(response);
  EXPECT_EQ(body.value("statusCode", 0), status) << response.body;
  EXPECT_EQ(body.value("status", ""), std::string(HttpReasonPhrase(status))) << response.body;
  EXPECT_NE(body.value("simpleMessage", "").find(message), std::string::npos)
      << "wanted '" << message << "' in " << response.body;
  EXPECT_TRUE(body.contains("detailMessage")) << response.body;
}

}  // namespace quarry::testing_rest
