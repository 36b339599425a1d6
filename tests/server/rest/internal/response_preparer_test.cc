#include "server/rest/internal/response_preparer.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "tests/server/testing/fake_result_cursor.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::rest_internal {
namespace {

using testing_rpc::FakeResultCursor;

RestResponse WithCursor(RestBodyKind kind, std::unique_ptr<ResultCursor> cursor) {
  RestResponse response;
  response.kind = kind;
  response.cursor = std::move(cursor);
  return response;
}

// The whole streamed body: the first bytes and every later page.
std::string DrainBody(PreparedResponse& prepared, size_t page_items) {
  std::string body = prepared.first_bytes;
  bool complete = prepared.complete;
  while (!complete) {
    Result<std::string> bytes = EncodeNextPage(prepared.response.cursor.get(),
                                               prepared.encoder.get(), page_items, &complete);
    EXPECT_TRUE(bytes.ok()) << bytes.status().ToString();
    if (!bytes.ok()) break;
    body += *bytes;
  }
  return body;
}

TEST(ResponsePreparerTest, FixedResponsePassesThrough) {
  RestResponse response;
  response.status = 201;
  response.body = "{}";
  PreparedResponse prepared = PrepareResponse(std::move(response), 10);
  EXPECT_FALSE(prepared.streamed);
  EXPECT_EQ(prepared.response.status, 201);
  EXPECT_EQ(prepared.response.body, "{}");
}

TEST(ResponsePreparerTest, ItemsStreamAsOneArrayAPageAtATime) {
  auto cursor = std::make_unique<FakeResultCursor>(ResultShape::kItems, 3);
  FakeResultCursor* fake = cursor.get();
  PreparedResponse prepared =
      PrepareResponse(WithCursor(RestBodyKind::kResult, std::move(cursor)), 2);
  ASSERT_TRUE(prepared.streamed);
  EXPECT_EQ(fake->calls(), 1);  // Only the first page before anything is written.
  EXPECT_FALSE(prepared.complete);
  EXPECT_EQ(DrainBody(prepared, 2),
            "10\r\n[{\"i\":0},{\"i\":1}\r\n8\r\n,{\"i\":2}\r\n1\r\n]\r\n0\r\n\r\n");
}

TEST(ResponsePreparerTest, EmptyItemsAreAnEmptyArray) {
  PreparedResponse prepared = PrepareResponse(
      WithCursor(RestBodyKind::kResult, std::make_unique<FakeResultCursor>(ResultShape::kItems, 0)),
      5);
  ASSERT_TRUE(prepared.streamed);
  EXPECT_EQ(DrainBody(prepared, 5), "2\r\n[]\r\n0\r\n\r\n");
}

TEST(ResponsePreparerTest, SingleValueIsWrittenAsItself) {
  PreparedResponse prepared =
      PrepareResponse(WithCursor(RestBodyKind::kResult,
                                 std::make_unique<FakeResultCursor>(ResultShape::kSingle, 1)),
                      5);
  EXPECT_FALSE(prepared.streamed);
  EXPECT_EQ(prepared.response.status, 200);
  EXPECT_EQ(prepared.response.body, "0");
}

TEST(ResponsePreparerTest, NoResultDrainsTheCursorAndHasAnEmptyBody) {
  auto cursor = std::make_unique<FakeResultCursor>(ResultShape::kNone, 0);
  PreparedResponse prepared =
      PrepareResponse(WithCursor(RestBodyKind::kResult, std::move(cursor)), 5);
  EXPECT_FALSE(prepared.streamed);
  EXPECT_EQ(prepared.response.status, 200);
  EXPECT_EQ(prepared.response.body, "");
}

TEST(ResponsePreparerTest, ChunkedItemsAreOneChunkPerItem) {
  PreparedResponse prepared =
      PrepareResponse(WithCursor(RestBodyKind::kChunkedItems,
                                 std::make_unique<FakeResultCursor>(ResultShape::kItems, 2)),
                      10);
  ASSERT_TRUE(prepared.streamed);
  EXPECT_TRUE(prepared.complete);
  EXPECT_EQ(DrainBody(prepared, 10), "9\r\n{\"i\":0}\r\n\r\n9\r\n{\"i\":1}\r\n\r\n0\r\n\r\n");
}

TEST(ResponsePreparerTest, FailureBeforeTheFirstByteIsAGafferError) {
  PreparedResponse prepared = PrepareResponse(
      WithCursor(RestBodyKind::kResult,
                 std::make_unique<FakeResultCursor>(ResultShape::kItems, 10, 0,
                                                    InvalidArgumentError("no such group X"))),
      5);
  EXPECT_FALSE(prepared.streamed);
  EXPECT_EQ(prepared.response.status, 400);
  EXPECT_EQ(prepared.response.body,
            R"({"statusCode":400,"status":"Bad Request","simpleMessage":"no such group X",)"
            R"("detailMessage":"no such group X"})");
}

TEST(ResponsePreparerTest, FailureOnALaterPageIsReportedByEncodeNextPage) {
  PreparedResponse prepared =
      PrepareResponse(WithCursor(RestBodyKind::kResult,
                                 std::make_unique<FakeResultCursor>(ResultShape::kItems, 10, 1)),
                      5);
  ASSERT_TRUE(prepared.streamed);
  bool complete = false;
  EXPECT_THAT(EncodeNextPage(prepared.response.cursor.get(), prepared.encoder.get(), 5, &complete),
              ::quarry::testing::StatusIs(StatusCode::kInternal));
}

TEST(ResponsePreparerTest, HandlerExceptionIsA500AndStreamWithoutCursorToo) {
  RestHandler throwing = [](const RestRequest&) -> RestResponse {
    throw std::runtime_error("boom");
  };
  RestRequest request;
  PreparedResponse thrown = PrepareResponse(throwing, request, 5);
  EXPECT_EQ(thrown.response.status, 500);
  EXPECT_NE(thrown.response.body.find("boom"), std::string::npos);
  RestResponse no_cursor;
  no_cursor.kind = RestBodyKind::kResult;
  EXPECT_EQ(PrepareResponse(std::move(no_cursor), 5).response.status, 500);
}

}  // namespace
}  // namespace quarry::rest_internal
