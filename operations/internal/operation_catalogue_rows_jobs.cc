// Catalogue rows of the job and export operations (Gaffer 2.3.2's
// operation.impl.job and operation.impl.export), as
// operation_catalogue_table.cc describes rows. ExportTo's input is its type
// variable T, unbounded: java.lang.Object. GetJobResults hides GetExport's key
// (@JsonIgnore): only jobId is left. GetExports' output class is the one
// Gaffer's REST API reports (gafferpy's generated GetExports).
//
// The examples export two strings under the key "catalogue-example" and read
// that key back; a set export lives for its own request, so reading it in
// another request answers nothing. GetJobResults names a job nobody ran:
// it answers NotFound, as Gaffer does for an unknown job.
#include "operations/internal/operation_catalogue_table.h"

namespace quarry::operations_internal {
namespace {

using K = OperationKind;

constexpr std::string_view kAnyIterable = "java.lang.Iterable<?>";
constexpr std::string_view kJobDetail = "uk.gov.gchq.gaffer.jobtracker.JobDetail";

OperationFieldInfo String(std::string name) { return Field(std::move(name), "java.lang.String"); }

std::vector<CatalogueRow> JobDetailRows() {
  return {
      {K::kGetJobDetails,
       "Gets the details of a single job",
       {String("jobId"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.job.GetJobDetails"})",
       kJobDetail,
       ""},
      {K::kGetAllJobDetails,
       "Gets all running and historic job details",
       {Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.job.GetAllJobDetails"})",
       "java.lang.Iterable<uk.gov.gchq.gaffer.jobtracker.JobDetail>",
       ""},
      {K::kGetJobResults,
       "Gets the results of a job",
       {String("jobId"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.job.GetJobResults", "jobId": "catalogue-example-job"})",
       kAnyIterable,
       ""},
      {K::kCancelScheduledJob,
       "Cancels a scheduled job",
       {Field("jobId", "java.lang.String", /*required=*/true), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.job.CancelScheduledJob", "jobId": "catalogue-example-job"})",
       "",
       ""},
  };
}

std::vector<CatalogueRow> SetExportRows() {
  return {
      {K::kExportToSet,
       "Exports results to a Set",
       {Input("java.lang.Object"), String("key"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.export.set.ExportToSet", "input": ["a", "b"], "key": "catalogue-example"})",
       "java.lang.Object",
       "java.lang.Object"},
      {K::kGetSetExport,
       "Fetches data from a Set cache",
       {String("jobId"), Int("start"), Int("end"), String("key"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.export.set.GetSetExport", "key": "catalogue-example"})",
       kAnyIterable,
       ""},
      {K::kGetExports,
       "Fetches multiple exports",
       {Field("getExports", "java.util.List<uk.gov.gchq.gaffer.operation.export.GetExport>"),
        Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.export.GetExports", "getExports": [{"class": "uk.gov.gchq.gaffer.operation.impl.export.set.GetSetExport", "key": "catalogue-example"}]})",
       "java.util.Map<java.lang.String,java.util.Set<java.lang.Object>>",
       ""},
  };
}

// The example writes two lines to a file under /tmp and reads them back.
std::vector<CatalogueRow> LocalFileRows() {
  return {
      {K::kExportToLocalFile,
       "Exports elements to a local file",
       {Input("java.lang.String[]"), Field("filePath", "java.lang.String", /*required=*/true),
        Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.export.localfile.ExportToLocalFile", "filePath": "/tmp/quarry-catalogue-example.txt", "input": ["a", "b"]})",
       "java.lang.Iterable<? extends java.lang.String>",
       kIterable},
      {K::kImportFromLocalFile,
       "Fetches data from a local file",
       {Field("filePath", "java.lang.String", /*required=*/true), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.export.localfile.ImportFromLocalFile", "filePath": "/tmp/quarry-catalogue-example.txt"})",
       "java.lang.Iterable<? extends java.lang.String>",
       ""},
  };
}

std::vector<CatalogueRow> ResultCacheRows() {
  return {
      {K::kExportToGafferResultCache,
       "Exports to a cache backed by a Gaffer graph",
       {Input("java.lang.Object"), Field("opAuths", "java.util.Set<java.lang.String>"),
        String("key"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.export.resultcache.ExportToGafferResultCache", "input": ["a", "b"], "key": "catalogue-example"})",
       "java.lang.Object",
       "java.lang.Object"},
      {K::kGetGafferResultCacheExport,
       "Fetches data from a Gaffer result cache",
       {String("jobId"), String("key"), Options()},
       R"({"class": "uk.gov.gchq.gaffer.operation.impl.export.resultcache.GetGafferResultCacheExport", "key": "catalogue-example"})",
       kAnyIterable,
       ""},
  };
}

}  // namespace

std::vector<CatalogueRow> JobAndExportRows() {
  std::vector<CatalogueRow> rows;
  for (auto part : {JobDetailRows, SetExportRows, ResultCacheRows, LocalFileRows}) {
    for (CatalogueRow& row : part()) rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace quarry::operations_internal
