// Export operations, with the examples and results of the gaffer-doc
// operations guide (reference/operations-guide/export.md) and Gaffer's
// handler semantics (GetExportsHandler keys, AreIn op auths filter).
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/operations/job_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;

constexpr std::string_view kSetClass = "uk.gov.gchq.gaffer.operation.impl.export.set.GetSetExport";
constexpr std::string_view kCacheClass =
    "uk.gov.gchq.gaffer.operation.impl.export.resultcache.GetGafferResultCacheExport";

TEST(ExportOpsTest, ExportToSetThenGetSetExportGivesEveryElement) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"OperationChain","operations":[
      {"class":"GetAllElements"},{"class":"ExportToSet"},{"class":"DiscardOutput"},
      {"class":"GetSetExport","start":0}]})"));
  EXPECT_TRUE(SameElements(out, DocAllElements()));
}

TEST(ExportOpsTest, GetSetExportPaginatesWithStartAndEnd) {
  DocFixture f;
  // The guide's page [2, 4) is two elements; which two depends on the
  // store's order, so compare with the whole export read in the same chain.
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"operations":[
      {"class":"GetAllElements"},{"class":"ExportToSet"},{"class":"DiscardOutput"},
      {"class":"GetExports","getExports":[
          {"class":"GetSetExport","start":2,"end":4},{"class":"GetSetExport","start":0}]}]})"));
  // Both read key ALL: the map has one entry, the later read winning.
  ASSERT_OK_AND_ASSIGN(Json page, f.Run(R"({"operations":[
      {"class":"GetAllElements"},{"class":"ExportToSet"},{"class":"DiscardOutput"},
      {"class":"GetSetExport","start":2,"end":4}]})"));
  ASSERT_EQ(page.size(), 2u);
  const Json& all = out[std::string(kSetClass) + ": ALL"];
  ASSERT_EQ(all.size(), 11u);
  EXPECT_EQ(page[0], all[2]);
  EXPECT_EQ(page[1], all[3]);
  ASSERT_OK_AND_ASSIGN(Json past, f.Run(R"({"operations":[
      {"class":"GetAllElements"},{"class":"ExportToSet"},
      {"class":"GetSetExport","start":10,"end":40}]})"));
  EXPECT_EQ(past.size(), 1u);
}

TEST(ExportOpsTest, ExportToSetPassesItsInputOn) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"operations":[
      {"class":"GetAllElements"},{"class":"ExportToSet"},{"class":"Count"}]})"));
  EXPECT_EQ(out, Json(11));
}

TEST(ExportOpsTest, SetExportsDoNotCrossRequests) {
  DocFixture f;
  ASSERT_OK(
      f.Run(R"({"operations":[{"class":"GetAllElements"},{"class":"ExportToSet"}]})").status());
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"GetSetExport"})"));
  EXPECT_EQ(out, Json::array());
}

TEST(ExportOpsTest, GetExportsOfTwoSetKeysAsTheGuideShows) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"OperationChain","operations":[
      {"class":"GetAllElements"},{"class":"ExportToSet","key":"edges"},{"class":"DiscardOutput"},
      {"class":"GetAllElements"},{"class":"ExportToSet","key":"entities"},
      {"class":"DiscardOutput"},
      {"class":"GetExports","getExports":[{"class":"GetSetExport","start":0,"key":"edges"},
                                          {"class":"GetSetExport","start":0,"key":"entities"}]}]})"));
  ASSERT_TRUE(out.is_object());
  ASSERT_EQ(out.size(), 2u);
  auto it = out.begin();
  EXPECT_EQ(it.key(), std::string(kSetClass) + ": edges");
  EXPECT_TRUE(SameElements(it.value(), DocAllElements()));
  ++it;
  EXPECT_EQ(it.key(), std::string(kSetClass) + ": entities");
  EXPECT_TRUE(SameElements(it.value(), DocAllElements()));
}

TEST(ExportOpsTest, ResultCacheExportAndGetInOneChain) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"OperationChain","operations":[
      {"class":"GetAllElements"},{"class":"ExportToGafferResultCache"},{"class":"DiscardOutput"},
      {"class":"GetGafferResultCacheExport","key":"ALL"}]})"));
  EXPECT_TRUE(SameElements(out, DocAllElements()));
}

TEST(ExportOpsTest, ResultCacheGetExportsOfTwoKeys) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"OperationChain","operations":[
      {"class":"GetAllElements"},{"class":"ExportToGafferResultCache","key":"edges"},
      {"class":"DiscardOutput"},
      {"class":"GetAllElements"},{"class":"ExportToGafferResultCache","key":"entities"},
      {"class":"DiscardOutput"},
      {"class":"GetExports","getExports":[{"class":"GetGafferResultCacheExport","key":"edges"},
                                          {"class":"GetGafferResultCacheExport","key":"entities"}]}]})"));
  ASSERT_EQ(out.size(), 2u);
  EXPECT_TRUE(SameElements(out[std::string(kCacheClass) + ": edges"], DocAllElements()));
  EXPECT_TRUE(SameElements(out[std::string(kCacheClass) + ": entities"], DocAllElements()));
}

// The guide's "getting job details" then "getting elements from result
// cache": the export outlives its request and is found by the job id.
TEST(ExportOpsTest, ResultCacheIsReadLaterByJobId) {
  DocFixture f;
  f.user.user_id = "user01";
  ASSERT_OK_AND_ASSIGN(Json detail, f.Run(R"({"class":"OperationChain","operations":[
      {"class":"GetAllElements"},{"class":"ExportToGafferResultCache"},{"class":"DiscardOutput"},
      {"class":"GetJobDetails"}]})"));
  EXPECT_EQ(detail["status"], "RUNNING");
  EXPECT_EQ(detail["user"]["userId"], "user01");
  EXPECT_EQ(detail["opChain"],
            "OperationChain[GetAllElements->ExportToGafferResultCache->DiscardOutput->"
            "GetJobDetails]");
  const std::string job_id = detail["jobId"].get<std::string>();
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"OperationChain","operations":[
      {"class":"GetGafferResultCacheExport","jobId":")" +
                                       job_id + R"(","key":"ALL"}]})"));
  EXPECT_TRUE(SameElements(out, DocAllElements()));
  // The request was tracked as a job (Gaffer's JobTracker records every
  // chain): its id reads back, finished, after the request ended.
  ASSERT_OK_AND_ASSIGN(Json later,
                       f.Run(R"({"class":"GetJobDetails","jobId":")" + job_id + R"("})"));
  EXPECT_EQ(later["jobId"], job_id);
  EXPECT_EQ(later["status"], "FINISHED");
  EXPECT_TRUE(later.contains("endTime"));
}

// Gaffer's exporter: without opAuths only the exporting user (whose id
// counts as an op auth) may read; with opAuths a reader needs all of them.
TEST(ExportOpsTest, ResultCacheReadersNeedEveryRequiredOpAuth) {
  DocFixture f;
  User alice{"alice", {}, {}};
  ASSERT_OK_AND_ASSIGN(Json d, f.executor->Execute(alice, R"({"operations":[
      {"class":"GetAllElements"},{"class":"ExportToGafferResultCache","key":"mine"},
      {"class":"GetAllElements"},
      {"class":"ExportToGafferResultCache","key":"shared","opAuths":["1","2"]},
      {"class":"DiscardOutput"},{"class":"GetJobDetails"}]})"));
  const std::string id = d["jobId"].get<std::string>();
  auto read = [&](const User& u, const std::string& key) {
    Result<Json> r = f.executor->Execute(u, R"({"class":"GetGafferResultCacheExport","jobId":")" +
                                                id + R"(","key":")" + key + "\"}");
    return r.ok() ? r->size() : size_t{999};
  };
  EXPECT_EQ(read(alice, "mine"), 11u);
  EXPECT_EQ(read(User{"bob", {}, {"1", "2", "3"}}, "mine"), 0u);
  EXPECT_EQ(read(User{"bob", {}, {"alice"}}, "mine"), 11u);
  EXPECT_EQ(read(User{"bob", {}, {"1", "2", "3"}}, "shared"), 11u);
  EXPECT_EQ(read(User{"bob", {}, {"1"}}, "shared"), 0u);
  EXPECT_EQ(read(alice, "shared"), 0u);
  EXPECT_EQ(read(alice, "nothing"), 0u);
}

TEST(ExportOpsTest, ResultCacheExportPassesItsInputOn) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"operations":[
      {"class":"GetElements","input":[5]},{"class":"ExportToGafferResultCache"},
      {"class":"ToVertices","edgeVertices":"SOURCE"},{"class":"ToSet"}]})"));
  EXPECT_TRUE(SameMultiset(out, "[5, 2]"));
}

TEST(ExportOpsTest, ResultCacheExportOverTheLimitFails) {
  ExecutorLimits limits;
  limits.max_result_cache_items = 10;
  DocFixture f(limits);
  EXPECT_THAT(f.Run(R"({"operations":[{"class":"GetAllElements"},
      {"class":"ExportToGafferResultCache"}]})")
                  .status(),
              StatusIs(StatusCode::kResourceExhausted));
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"operations":[{"class":"GetAllElements"},
      {"class":"Limit","resultLimit":10},{"class":"ExportToGafferResultCache"},
      {"class":"DiscardOutput"},{"class":"GetGafferResultCacheExport"}]})"));
  EXPECT_EQ(out.size(), 10u);
}

TEST(ExportOpsTest, SetExportOverTheLimitFails) {
  ExecutorLimits limits;
  limits.max_materialised_items = 5;
  DocFixture f(limits);
  EXPECT_THAT(
      f.Run(R"({"operations":[{"class":"GetAllElements"},{"class":"ExportToSet"}]})").status(),
      StatusIs(StatusCode::kResourceExhausted));
}

}  // namespace
}  // namespace quarry
