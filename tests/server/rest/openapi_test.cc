// /openapi.json: an OpenAPI 3 document built from the route table, so every
// route is documented and every documented operation is routed.
#include "gmock/gmock.h"
#include "server/rest/internal/rest_routes.h"
#include "tests/server/rest/rest_test_graph.h"

namespace quarry::testing_rest {
namespace {

using OpenApiTest = RestTestGraph;
using rest_internal::AllRestRoutes;
using rest_internal::RestRoute;

std::string Lower(std::string_view text) {
  std::string out;
  for (char c : text) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// "/graph/jobs/{id}" -> "/graph/jobs/x".
std::string Concrete(std::string_view pattern) {
  std::string out;
  bool in_param = false;
  for (char c : pattern) {
    if (c == '{') {
      in_param = true;
      out += 'x';
    } else if (c == '}') {
      in_param = false;
    } else if (!in_param) {
      out += c;
    }
  }
  return out;
}

TEST_F(OpenApiTest, DocumentIsOpenApi3UnderRest) {
  RestResponse response = Call("GET", "/openapi.json");
  ASSERT_EQ(response.status, 200);
  EXPECT_EQ(response.content_type, "application/json");
  Json document = BodyJson(response);
  EXPECT_EQ(document["openapi"].get<std::string>().substr(0, 2), "3.");
  EXPECT_EQ(document["info"]["title"], "Quarry REST API");
  EXPECT_EQ(document["servers"][0]["url"], "/rest");
  EXPECT_EQ(document["components"]["securitySchemes"]["basicAuth"]["scheme"], "basic");
  const Json& error = document["components"]["schemas"]["Error"]["properties"];
  for (const char* field : {"statusCode", "status", "simpleMessage", "detailMessage"}) {
    EXPECT_TRUE(error.contains(field)) << field;
  }
}

TEST_F(OpenApiTest, EveryRouteIsDocumented) {
  RestResponse response = Call("GET", "/openapi.json");
  Json paths = BodyJson(response)["paths"];
  for (const RestRoute& route : AllRestRoutes()) {
    const std::string pattern(route.pattern);
    ASSERT_TRUE(paths.contains(pattern)) << pattern;
    const Json& operation = paths[pattern][Lower(route.method)];
    ASSERT_TRUE(operation.is_object()) << route.method << " " << pattern;
    EXPECT_EQ(operation["summary"], std::string(route.summary));
    EXPECT_TRUE(operation["responses"].contains(std::to_string(route.success_status))) << pattern;
    EXPECT_TRUE(operation["responses"].contains("500")) << pattern;
    EXPECT_EQ(operation.contains("requestBody"), route.takes_operation) << pattern;
  }
}

TEST_F(OpenApiTest, OperationsAreTaggedByGaffersControllers) {
  RestResponse response = Call("GET", "/openapi.json");
  Json paths = BodyJson(response)["paths"];
  EXPECT_EQ(paths["/graph/operations/execute"]["post"]["tags"], Json::array({"operations"}));
  EXPECT_EQ(paths["/graph/config/schema"]["get"]["tags"], Json::array({"config"}));
  EXPECT_EQ(paths["/graph/jobs/{id}"]["get"]["tags"], Json::array({"job"}));
  EXPECT_EQ(paths["/graph/status"]["get"]["tags"], Json::array({"status"}));
  EXPECT_EQ(paths["/properties"]["get"]["tags"], Json::array({"properties"}));
}

TEST_F(OpenApiTest, PathParametersAreDeclared) {
  RestResponse response = Call("GET", "/openapi.json");
  Json paths = BodyJson(response)["paths"];
  const Json& results = paths["/graph/jobs/{id}/results"]["get"]["parameters"];
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0]["name"], "id");
  EXPECT_EQ(results[0]["in"], "path");
  EXPECT_EQ(results[0]["required"], true);
  EXPECT_FALSE(paths["/graph/status"]["get"].contains("parameters"));
  EXPECT_TRUE(paths["/graph/jobs"]["post"]["responses"]["201"]["headers"].contains("job-id"));
}

TEST_F(OpenApiTest, EveryDocumentedOperationIsRouted) {
  RestResponse response = Call("GET", "/openapi.json");
  Json paths = BodyJson(response)["paths"];
  size_t operations = 0;
  for (auto path = paths.begin(); path != paths.end(); ++path) {
    for (auto method = path.value().begin(); method != path.value().end(); ++method) {
      std::string upper;
      for (char c : method.key()) upper += static_cast<char>(std::toupper(c));
      // Blank bodies: a POST answers 400 before running anything.
      RestResponse routed = Call(upper, Concrete(path.key()), "");
      EXPECT_NE(routed.status, 405) << upper << " " << path.key();
      EXPECT_EQ(routed.body.find("No endpoint for"), std::string::npos)
          << upper << " " << path.key() << ": " << routed.body;
      ++operations;
    }
  }
  EXPECT_EQ(operations, AllRestRoutes().size());
}

}  // namespace
}  // namespace quarry::testing_rest
