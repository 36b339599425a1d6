#include "server/service/observed_service.h"

#include <gtest/gtest.h>

#include "tests/server/testing/fake_result_cursor.h"

namespace quarry {
namespace {

TEST(ObservedServiceTest, CountsResultItemsWithoutParsing) {
  EXPECT_EQ(CountResultItems("null"), 0u);
  EXPECT_EQ(CountResultItems("[]"), 0u);
  EXPECT_EQ(CountResultItems(" [ ] "), 0u);
  EXPECT_EQ(CountResultItems("42"), 1u);
  EXPECT_EQ(CountResultItems(R"({"a": [1, 2]})"), 1u);
  EXPECT_EQ(CountResultItems(R"([1, "a,b", {"c": [3, 4]}, [5, 6]])"), 4u);
  EXPECT_EQ(CountResultItems(R"(["quote \" , comma"])"), 1u);
  // A backslash that is itself escaped does not escape the quote after it.
  EXPECT_EQ(CountResultItems(R"(["a\\", "b"])"), 2u);
  EXPECT_EQ(CountResultItems(R"(["\\\", [", "c"])"), 2u);
  EXPECT_EQ(CountResultItems(R"([""])"), 1u);
  EXPECT_EQ(CountResultItems(R"(["never closed, {)"), 1u);
}

TEST(ObservedServiceTest, OutcomeOfAnHttpStatusIsTheStatusCodeName) {
  EXPECT_EQ(OutcomeForHttpStatus(200), "OK");
  EXPECT_EQ(OutcomeForHttpStatus(400), "INVALID_ARGUMENT");
  EXPECT_EQ(OutcomeForHttpStatus(401), "UNAUTHENTICATED");
  EXPECT_EQ(OutcomeForHttpStatus(403), "PERMISSION_DENIED");
  EXPECT_EQ(OutcomeForHttpStatus(404), "NOT_FOUND");
  EXPECT_EQ(OutcomeForHttpStatus(413), "RESOURCE_EXHAUSTED");
  EXPECT_EQ(OutcomeForHttpStatus(500), "INTERNAL");
  EXPECT_EQ(OutcomeForHttpStatus(503), "UNAVAILABLE");
}

TEST(ObservedServiceTest, FixedRestResponseIsRecordedWhenReturned) {
  ServiceMetrics metrics;
  RestHandler api = [](const RestRequest&) {
    RestResponse response;
    response.body = "[1,2,3]";
    return response;
  };
  RestHandler observed = ObservedRestHandler(api, {nullptr, &metrics});
  User alice;
  alice.user_id = "alice";
  RestRequest request;
  request.method = "POST";
  request.path = "/graph/operations/execute";
  request.body = R"({"class": "GetAllElements"})";
  request.user = &alice;
  EXPECT_EQ(observed(request).body, "[1,2,3]");
  const std::string text = metrics.Render();
  EXPECT_NE(
      text.find(
          R"(quarry_requests_total{transport="http",operation="GetAllElements",outcome="OK"} 1)"),
      std::string::npos)
      << text;
  EXPECT_NE(text.find(R"(quarry_result_items_total{transport="http"} 3)"), std::string::npos)
      << text;
  EXPECT_NE(text.find(R"(quarry_active_requests{transport="http"} 0)"), std::string::npos);
}

// A streamed result is recorded when the stream ends, with its items; a
// stream the client leaves early is CANCELLED; one that fails has the
// failure's code.
TEST(ObservedServiceTest, StreamedRestResponsesAreRecordedWhenTheStreamEnds) {
  ServiceMetrics metrics;
  int fail_at = -1;
  RestHandler api = [&](const RestRequest&) {
    RestResponse response;
    response.kind = RestBodyKind::kResult;
    response.cursor = std::make_unique<testing_rpc::FakeResultCursor>(
        ResultShape::kItems, 5, fail_at, InvalidArgumentError("bad"));
    return response;
  };
  RestHandler observed = ObservedRestHandler(api, {nullptr, &metrics});
  RestRequest request;
  request.method = "POST";
  request.path = "/graph/operations/execute";
  request.body = R"({"class": "GetAllElements"})";
  const std::string prefix =
      R"(quarry_requests_total{transport="http",operation="GetAllElements",outcome=)";
  {
    RestResponse response = observed(request);
    EXPECT_EQ(metrics.Render().find(prefix), std::string::npos);  // Not finished yet.
    while (!response.cursor->done()) ASSERT_TRUE(response.cursor->NextPage(2).ok());
  }
  {
    RestResponse response = observed(request);
    ASSERT_TRUE(response.cursor->NextPage(2).ok());
  }  // Dropped after one page.
  fail_at = 1;
  {
    RestResponse response = observed(request);
    ASSERT_TRUE(response.cursor->NextPage(2).ok());
    EXPECT_FALSE(response.cursor->NextPage(2).ok());
  }
  const std::string text = metrics.Render();
  EXPECT_NE(text.find(prefix + R"("OK"} 1)"), std::string::npos) << text;
  EXPECT_NE(text.find(prefix + R"("CANCELLED"} 1)"), std::string::npos) << text;
  EXPECT_NE(text.find(prefix + R"("INVALID_ARGUMENT"} 1)"), std::string::npos) << text;
  EXPECT_NE(text.find(R"(quarry_result_items_total{transport="http"} 9)"), std::string::npos)
      << text;  // 5 + 2 + 2.
  EXPECT_NE(text.find(R"(quarry_active_requests{transport="http"} 0)"), std::string::npos);
}

// Serves one fixed page; everything else is unused here.
class OnePageService : public rpc::QuarryIf {
 public:
  explicit OnePageService(rpc::Page page) : page_(std::move(page)) {}
  void execute(std::string&, const rpc::Credentials&, const std::string&) override {}
  void openQuery(std::string&, const rpc::Credentials&, const std::string&, int32_t) override {}
  void nextPage(rpc::Page& out, const rpc::Credentials&, const std::string&) override {
    out = page_;
  }
  void closeQuery(const rpc::Credentials&, const std::string&) override {}
  void addElements(rpc::AddElementsResult&, const rpc::Credentials&,
                   const std::vector<rpc::Element>&, const rpc::AddElementsOptions&) override {}
  void status(rpc::ServiceStatus&) override {}

 private:
  rpc::Page page_;
};

uint64_t ItemsRecordedForNextPage(const rpc::Page& served) {
  ServiceMetrics metrics;
  ObservedQuarryService observed(std::make_shared<OnePageService>(served), {nullptr, &metrics},
                                 [] { return HealthReport(); });
  rpc::Credentials credentials;
  credentials.userId = "alice";
  rpc::Page page;
  observed.nextPage(page, credentials, "h");
  EXPECT_EQ(page.itemsJson, served.itemsJson);
  const std::string text = metrics.Render();
  const std::string key = R"(quarry_result_items_total{transport="thrift"} )";
  const size_t at = text.find(key);
  if (at == std::string::npos) {
    ADD_FAILURE() << text;
    return 0;
  }
  return std::stoull(text.substr(at + key.size()));
}

// A page that says how many items it holds is not scanned again (the
// count it carries is the one recorded); one that does not is counted.
TEST(ObservedServiceTest, NextPageRecordsThePagesOwnItemCount) {
  rpc::Page counted;
  counted.itemsJson = "[1,2,3]";
  counted.__set_itemCount(7);
  EXPECT_EQ(ItemsRecordedForNextPage(counted), 7u);
  rpc::Page uncounted;
  uncounted.itemsJson = "[1,2,3]";
  EXPECT_EQ(ItemsRecordedForNextPage(uncounted), 3u);
}

}  // namespace
}  // namespace quarry
