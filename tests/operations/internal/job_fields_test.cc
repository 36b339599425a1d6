// Parsing the job and export operations' fields (Gaffer's JSON for
// GetJobDetails, GetJobResults, ExportToSet, GetSetExport, GetExports,
// ExportToGafferResultCache, GetGafferResultCacheExport).
#include "operations/internal/job_fields.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIsWithMessage;

// Parses `text` as the first operation of a chain, so paths read
// "operations[0]...".
Result<Operation> ParseOne(std::string_view text) {
  const std::string doc = R"({"operations":[)" + std::string(text) + "]}";
  QUARRY_ASSIGN_OR_RETURN(Operation chain, ParseOperationChain(doc, ParseLimits{}));
  return chain.operations.at(0);
}

TEST(JobFieldsTest, ClassNamesFullAndSimple) {
  for (const auto& [name, kind] : std::vector<std::pair<std::string, OperationKind>>{
           {"uk.gov.gchq.gaffer.operation.impl.job.GetJobDetails", OperationKind::kGetJobDetails},
           {"uk.gov.gchq.gaffer.operation.impl.job.GetAllJobDetails",
            OperationKind::kGetAllJobDetails},
           {"uk.gov.gchq.gaffer.operation.impl.job.GetJobResults", OperationKind::kGetJobResults},
           {"uk.gov.gchq.gaffer.operation.impl.export.set.ExportToSet",
            OperationKind::kExportToSet},
           {"uk.gov.gchq.gaffer.operation.impl.export.set.GetSetExport",
            OperationKind::kGetSetExport},
           {"uk.gov.gchq.gaffer.operation.impl.export.GetExports", OperationKind::kGetExports},
           {"uk.gov.gchq.gaffer.operation.impl.export.resultcache.ExportToGafferResultCache",
            OperationKind::kExportToGafferResultCache},
           {"uk.gov.gchq.gaffer.operation.impl.export.resultcache.GetGafferResultCacheExport",
            OperationKind::kGetGafferResultCacheExport}}) {
    EXPECT_EQ(OperationKindFromClassName(name), kind) << name;
    EXPECT_EQ(OperationClassName(kind), name);
    EXPECT_EQ(OperationKindFromClassName(name.substr(name.rfind('.') + 1)), kind) << name;
  }
}

TEST(JobFieldsTest, ExportFields) {
  ASSERT_OK_AND_ASSIGN(Operation op, ParseOne(R"({"class":"GetSetExport","start":2,"end":4,
      "key":"edges","jobId":"j"})"));
  EXPECT_EQ(op.export_start, 2);
  EXPECT_EQ(op.export_end, 4);
  EXPECT_EQ(op.export_key, "edges");
  EXPECT_EQ(op.job_id, "j");
  ASSERT_OK_AND_ASSIGN(op, ParseOne(R"({"class":"ExportToGafferResultCache",
      "opAuths":["a","b"],"input":[1,2]})"));
  EXPECT_EQ(op.export_op_auths, (std::vector<std::string>{"a", "b"}));
  EXPECT_FALSE(op.export_key.has_value());
  ASSERT_TRUE(op.input.has_value());
  EXPECT_EQ(op.input->size(), 2u);
  ASSERT_OK_AND_ASSIGN(op, ParseOne(R"({"class":"GetExports","getExports":[
      {"class":"GetSetExport","key":"a"},{"class":"GetGafferResultCacheExport","jobId":"j"}]})"));
  ASSERT_EQ(op.get_exports.size(), 2u);
  EXPECT_EQ(op.get_exports[1].kind, OperationKind::kGetGafferResultCacheExport);
  EXPECT_EQ(op.get_exports[1].path, "operations[0].getExports[1]");
}

TEST(JobFieldsTest, BadFieldsNameTheirPath) {
  EXPECT_THAT(ParseOne(R"({"class":"GetSetExport","start":-1})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "operations[0].start"));
  EXPECT_THAT(ParseOne(R"({"class":"GetSetExport","start":4,"end":2})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "operations[0].end"));
  EXPECT_THAT(ParseOne(R"({"class":"GetJobDetails","jobId":5})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "operations[0].jobId"));
  EXPECT_THAT(ParseOne(R"({"class":"ExportToGafferResultCache","opAuths":"a"})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "operations[0].opAuths"));
  EXPECT_THAT(ParseOne(R"({"class":"ExportToGafferResultCache","opAuths":["a",1]})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "operations[0].opAuths[1]"));
  EXPECT_THAT(
      ParseOne(R"({"class":"GetExports","getExports":[{"class":"Count"}]})").status(),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "operations[0].getExports[0].class"));
  EXPECT_THAT(ParseOne(R"({"class":"GetExports","getExports":{}})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "operations[0].getExports"));
}

// Gaffer's GetJobResults.setKey: keys other than the default are refused.
TEST(JobFieldsTest, GetJobResultsTakesNoKey) {
  ASSERT_OK(ParseOne(R"({"class":"GetJobResults","jobId":"j","key":"ALL"})").status());
  EXPECT_THAT(ParseOne(R"({"class":"GetJobResults","jobId":"j","key":"other"})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "keys cannot be used"));
}

}  // namespace
}  // namespace quarry
