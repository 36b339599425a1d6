// Gaffer's error body and the Status -> HTTP status mapping.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "server/rest/rest_api.h"

namespace quarry {
namespace {

TEST(RestErrorsTest, ErrorBodyHasGaffersFieldsInGaffersOrder) {
  // uk.gov.gchq.gaffer.core.exception.Error: statusCode, status, simpleMessage, detailMessage.
  EXPECT_EQ(GafferErrorJson(404, "No such job", ""),
            R"({"statusCode":404,"status":"Not Found","simpleMessage":"No such job",)"
            R"("detailMessage":"No such job"})");
  auto body = nlohmann::json::parse(GafferErrorJson(400, "bad", "bad: at operations[1]"));
  EXPECT_EQ(body["status"], "Bad Request");
  EXPECT_EQ(body["detailMessage"], "bad: at operations[1]");
}

TEST(RestErrorsTest, StatusCodesMapToHttpStatuses) {
  EXPECT_EQ(HttpStatusFor(InvalidArgumentError("x")), 400);
  EXPECT_EQ(HttpStatusFor(UnauthenticatedError("x")), 401);
  EXPECT_EQ(HttpStatusFor(PermissionDeniedError("x")), 403);
  EXPECT_EQ(HttpStatusFor(NotFoundError("x")), 404);
  // A Checkpoint into an existing directory conflicts with the server's state;
  // the request itself is well formed, so not a 400.
  EXPECT_EQ(HttpStatusFor(AlreadyExistsError("x")), 409);
  EXPECT_EQ(HttpStatusFor(UnavailableError("x")), 503);
  EXPECT_EQ(HttpStatusFor(DataLossError("x")), 500);
  EXPECT_EQ(HttpStatusFor(InternalError("x")), 500);
}

}  // namespace
}  // namespace quarry
