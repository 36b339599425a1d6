// The route table's helpers: path splitting, pattern matching with
// {parameters}, and the checks Spring makes before a controller reads an
// operation body (JSON content type, a body at all).
#include "server/rest/internal/rest_routes.h"

#include <set>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace quarry::rest_internal {
namespace {

using ::testing::ElementsAre;

TEST(RestRoutesTest, PathSegmentsIgnoreEmptySegments) {
  EXPECT_THAT(PathSegments("/graph/jobs/abc"), ElementsAre("graph", "jobs", "abc"));
  EXPECT_THAT(PathSegments("/graph//jobs/"), ElementsAre("graph", "jobs"));
  EXPECT_TRUE(PathSegments("/").empty());
  EXPECT_TRUE(PathSegments("").empty());
}

TEST(RestRoutesTest, MatchRouteBindsParametersInOrder) {
  std::vector<std::string> params;
  EXPECT_TRUE(
      MatchRoute("/graph/jobs/{id}/results", PathSegments("/graph/jobs/j-1/results"), &params));
  EXPECT_THAT(params, ElementsAre("j-1"));
  params.clear();
  EXPECT_TRUE(MatchRoute("/graph/config/serialisedFields/{className}/classes",
                         PathSegments("/graph/config/serialisedFields/a.b.C/classes"), &params));
  EXPECT_THAT(params, ElementsAre("a.b.C"));
}

TEST(RestRoutesTest, MatchRouteRejectsOtherShapes) {
  std::vector<std::string> params;
  EXPECT_FALSE(MatchRoute("/graph/jobs/{id}", PathSegments("/graph/jobs"), &params));
  EXPECT_FALSE(MatchRoute("/graph/jobs/{id}", PathSegments("/graph/jobs/a/b"), &params));
  EXPECT_FALSE(MatchRoute("/graph/status", PathSegments("/graph/statuses"), &params));
  EXPECT_TRUE(params.empty());
  EXPECT_TRUE(MatchRoute("/graph/status", PathSegments("/graph/status"), nullptr));
  // A parameter bound before a later segment differs is taken back; what the
  // caller held before is kept.
  params = {"kept"};
  EXPECT_FALSE(
      MatchRoute("/graph/jobs/{id}/results", PathSegments("/graph/jobs/j-1/other"), &params));
  EXPECT_FALSE(MatchRoute("/graph/jobs/{id}/results", PathSegments("/graph/jobs/j-1"), &params));
  EXPECT_THAT(params, ElementsAre("kept"));
  // Empty segments in a pattern are skipped, as in a path.
  EXPECT_TRUE(MatchRoute("//graph//status/", PathSegments("/graph/status"), &params));
  EXPECT_FALSE(MatchRoute("/", PathSegments("/graph"), &params));
  EXPECT_TRUE(MatchRoute("/", PathSegments("/"), &params));
}

TEST(RestRoutesTest, JsonContentTypes) {
  EXPECT_TRUE(IsJsonContentType(""));
  EXPECT_TRUE(IsJsonContentType("application/json"));
  EXPECT_TRUE(IsJsonContentType("Application/JSON; charset=utf-8"));
  EXPECT_TRUE(IsJsonContentType("application/vnd.gaffer+json"));
  EXPECT_FALSE(IsJsonContentType("text/plain"));
  EXPECT_FALSE(IsJsonContentType("application/x-www-form-urlencoded"));
}

TEST(RestRoutesTest, AcceptOperationBodyNeedsJsonAndABody) {
  RestRequest request;
  request.content_type = "application/json";
  request.body = R"({"class": "Count"})";
  RestResponse error;
  EXPECT_TRUE(AcceptOperationBody(request, &error));
  request.body = " \r\n";
  EXPECT_FALSE(AcceptOperationBody(request, &error));
  EXPECT_EQ(error.status, 400);
  request.body = "{}";
  request.content_type = "text/csv";
  EXPECT_FALSE(AcceptOperationBody(request, &error));
  EXPECT_EQ(error.status, 415);
}

TEST(RestRoutesTest, TableHasEachMethodAndPatternOnce) {
  std::set<std::string> seen;
  for (const RestRoute& route : AllRestRoutes()) {
    const std::string key = std::string(route.method) + " " + std::string(route.pattern);
    EXPECT_TRUE(seen.insert(key).second) << "duplicate route " << key;
    EXPECT_NE(route.handler, nullptr) << key;
    EXPECT_FALSE(route.summary.empty()) << key;
    EXPECT_FALSE(route.tag.empty()) << key;
  }
}

TEST(RestRoutesTest, ResponseHelpers) {
  RestResponse text = TextResponse("hello");
  EXPECT_EQ(text.content_type, "text/plain");
  EXPECT_EQ(text.body, "hello");
  RestResponse json = JsonResponse(Json::parse(R"({"a": [1, 2]})"), 201);
  EXPECT_EQ(json.status, 201);
  EXPECT_EQ(json.body, R"({"a":[1,2]})");
  RestResponse failed = StatusResponse(NotFoundError("job 7"));
  EXPECT_EQ(failed.status, 404);
  EXPECT_EQ(Json::parse(failed.body)["simpleMessage"], "job 7");
}

}  // namespace
}  // namespace quarry::rest_internal
