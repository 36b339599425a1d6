// Routing: 404 for unknown paths, 405 (with Allow) for a known path with
// another method, Spring's trailing-slash tolerance, and Gaffer's
// X-Gaffer-Media-Type header on every response (GafferHeaderFilter; value
// "gaffer.v2; format=json" as ServiceConstants builds it for REST API 2).
#include "server/rest/rest_api.h"

#include "tests/server/rest/rest_test_graph.h"

namespace quarry::testing_rest {
namespace {

using RestApiTest = RestTestGraph;

TEST_F(RestApiTest, UnknownPathIs404WithGafferErrorBody) {
  RestResponse response = Call("GET", "/graph/nothing-here");
  ExpectGafferError(response, 404, "/graph/nothing-here");
}

TEST_F(RestApiTest, KnownPathWithWrongMethodIs405WithAllow) {
  RestResponse status = Call("POST", "/graph/status", "{}");
  ExpectGafferError(status, 405, "POST");
  EXPECT_EQ(Header(status, "Allow"), "GET");

  RestResponse execute = Call("GET", "/graph/operations/execute");
  ExpectGafferError(execute, 405, "GET");
  EXPECT_EQ(Header(execute, "Allow"), "POST");

  RestResponse jobs = Call("DELETE", "/graph/jobs");
  ExpectGafferError(jobs, 405, "DELETE");
  EXPECT_EQ(Header(jobs, "Allow"), "POST, GET");

  RestResponse job = Call("POST", "/graph/jobs/abc", "{}");
  ExpectGafferError(job, 405, "POST");
  EXPECT_EQ(Header(job, "Allow"), "GET");
}

TEST_F(RestApiTest, TrailingSlashMatchesThePathWithoutIt) {
  RestResponse response = Call("GET", "/graph/status/");
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(BodyJson(response), Json::parse(R"({"status": "UP"})"));
}

TEST_F(RestApiTest, EveryResponseCarriesTheGafferMediaTypeHeader) {
  for (const char* path : {"/graph/status", "/graph/nothing-here", "/properties/nope"}) {
    RestResponse response = Call("GET", path);
    EXPECT_EQ(Header(response, "X-Gaffer-Media-Type"), "gaffer.v2; format=json") << path;
  }
  RestResponse wrong_method = Call("PUT", "/graph/status");
  EXPECT_EQ(Header(wrong_method, "X-Gaffer-Media-Type"), "gaffer.v2; format=json");
}

TEST_F(RestApiTest, NoJobIdHeaderOnExecute) {
  // Gaffer's OperationControllerIT.shouldNotReturnJobIdInHeader.
  RestResponse response =
      Call("POST", "/graph/operations/execute", R"({"class": "GetAllElements"})");
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(Header(response, "job-id"), "");
}

TEST_F(RestApiTest, RequestWithoutUserRunsAsAnonymous) {
  RestRequest request;
  request.method = "POST";
  request.path = "/graph/operations/execute";
  request.body = R"({"class": "Count", "input": [1, 2, 3]})";
  request.content_type = "application/json";
  RestResponse response = api_->Handle(request);
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(BodyJson(response), Json(3));
}

}  // namespace
}  // namespace quarry::testing_rest
