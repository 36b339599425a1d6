// The operation catalogue against Gaffer: gafferpy's integration test
// (tests/integration/test_connector.py) holds Gaffer 2's exact
// OperationDetail JSON for GetAllElements; Store.getNextOperations decides
// "next"; AccumuloStore.TRAITS lists the traits.
#include "operations/operation_catalogue.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include "operations/executor.h"
#include "operations/operation.h"
#include "schema/schema.h"
#include "tests/operations/fake_graph.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::Not;

std::vector<OperationKind> SupportedKinds() {
  std::vector<OperationKind> kinds;
  for (int i = 1; !OperationClassName(static_cast<OperationKind>(i)).empty(); ++i) {
    kinds.push_back(static_cast<OperationKind>(i));
  }
  return kinds;
}

TEST(OperationCatalogueTest, EverySupportedOperationHasExactlyOneEntry) {
  std::vector<OperationKind> kinds = SupportedKinds();
  ASSERT_GE(kinds.size(), 29u);
  EXPECT_EQ(SupportedOperationInfos().size(), kinds.size());
  for (OperationKind kind : kinds) {
    std::string_view name = OperationClassName(kind);
    int entries = 0;
    for (const OperationInfo& info : SupportedOperationInfos()) entries += info.class_name == name;
    EXPECT_EQ(entries, 1) << name;
    const OperationInfo* found = FindOperationInfo(name);
    ASSERT_NE(found, nullptr) << name;
    EXPECT_EQ(found->class_name, name);
    EXPECT_FALSE(found->summary.empty()) << name;
    EXPECT_EQ(found->example["class"], name) << name;
  }
  EXPECT_EQ(FindOperationInfo("uk.gov.gchq.gaffer.operation.OperationChain"), nullptr);
  EXPECT_EQ(FindOperationInfo("getAllElements"),
            FindOperationInfo("uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"));
  EXPECT_EQ(FindOperationInfo("com.example.Nope"), nullptr);
}

std::shared_ptr<FakeGraph> RoadTrafficGraph() {
  std::string dir = testing::SharedDir() + "/gaffer-examples/road-traffic/";
  auto schema = Schema::FromFiles({dir + "elements.json", dir + "types.json"});
  EXPECT_TRUE(schema.ok()) << schema.status().ToString();
  return std::make_shared<FakeGraph>(*schema);
}

// Every example parses as its class and runs on the road-traffic graph, in
// catalogue order (the named operation's example runs what an earlier row's
// example added). GetJobResults' example names a job nobody ran: Gaffer
// answers with no results, and so does Quarry; CancelScheduledJob's is not
// found.
TEST(OperationCatalogueTest, EveryExampleParsesAndRuns) {
  Executor executor(RoadTrafficGraph());
  for (const OperationInfo& info : SupportedOperationInfos()) {
    auto chain = ParseOperationChain(info.example.dump(), ParseLimits());
    ASSERT_TRUE(chain.ok()) << info.class_name << ": " << chain.status().ToString();
    ASSERT_EQ(chain->operations.size(), 1u);
    EXPECT_EQ(OperationClassName(chain->operations[0].kind), info.class_name);
    auto result = executor.Execute(User(), info.example.dump());
    if (chain->operations[0].kind == OperationKind::kGetJobResults) {
      ASSERT_TRUE(result.ok()) << result.status().ToString();
      EXPECT_EQ(*result, Json::array());
      continue;
    }
    // CancelScheduledJob's example names a job nobody scheduled.
    if (chain->operations[0].kind == OperationKind::kCancelScheduledJob) {
      EXPECT_EQ(result.status().code(), StatusCode::kNotFound) << result.status().ToString();
      continue;
    }
    EXPECT_TRUE(result.ok()) << info.class_name << ": " << result.status().ToString();
  }
}

// The named rows against Gaffer's classes: @Required fields that are Jackson
// properties (AddNamedOperation's @Required "operations" is not one), the
// JsonNode setters, and outputs only for Outputs.
TEST(OperationCatalogueTest, NamedRowsFollowGaffersClasses) {
  auto required = [](std::string_view name) {
    std::set<std::string> out;
    for (const OperationFieldInfo& f : FindOperationInfo(name)->fields) {
      if (f.required) out.insert(f.name);
    }
    return out;
  };
  EXPECT_THAT(required("AddNamedOperation"), ::testing::IsEmpty());
  EXPECT_THAT(required("AddNamedView"), ElementsAre("name", "view"));
  EXPECT_THAT(required("DeleteNamedOperation"), ElementsAre("operationName"));
  EXPECT_THAT(required("DeleteNamedView"), ElementsAre("name"));
  EXPECT_THAT(required("NamedOperation"), ElementsAre("operationName"));
  EXPECT_THAT(required("ToMap"), ElementsAre("elementGenerator"));
  Json add = OperationDetailJson(*FindOperationInfo("AddNamedOperation"));
  EXPECT_FALSE(add.contains("outputClassName"));
  EXPECT_EQ(add["summary"], "Adds a new named operation");
  EXPECT_EQ(OperationDetailJson(*FindOperationInfo("GetAllNamedViews"))["outputClassName"],
            "java.lang.Iterable<uk.gov.gchq.gaffer.data.elementdefinition.view.NamedViewDetail>");
  EXPECT_EQ(OperationDetailJson(*FindOperationInfo("GetWalks"))["outputClassName"],
            "java.lang.Iterable<uk.gov.gchq.gaffer.data.graph.Walk>");
}

// gafferpy's expected JSON for GetAllElements, less "next" (which the test
// pops), compared byte for byte.
TEST(OperationCatalogueTest, GetAllElementsDetailIsGaffers) {
  const OperationInfo* info =
      FindOperationInfo("uk.gov.gchq.gaffer.operation.impl.get.GetAllElements");
  ASSERT_NE(info, nullptr);
  Json detail = OperationDetailJson(*info);
  ASSERT_TRUE(detail.contains("next"));
  detail.erase("next");
  EXPECT_EQ(
      detail.dump(),
      R"({"name":"uk.gov.gchq.gaffer.operation.impl.get.GetAllElements",)"
      R"("summary":"Gets all elements compatible with a provided View",)"
      R"("fields":[{"name":"view","className":"uk.gov.gchq.gaffer.data.elementdefinition.view.View","required":false},)"
      R"({"name":"options","className":"java.util.Map<java.lang.String,java.lang.String>","required":false},)"
      R"({"name":"directedType","summary":"Is the Edge directed?","className":"java.lang.String",)"
      R"("options":["DIRECTED","UNDIRECTED","EITHER"],"required":false},)"
      R"({"name":"views","className":"java.util.List<uk.gov.gchq.gaffer.data.elementdefinition.view.View>","required":false}],)"
      R"("exampleJson":{"class":"uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"},)"
      R"("outputClassName":"java.lang.Iterable<uk.gov.gchq.gaffer.data.element.Element>"})");
}

TEST(OperationCatalogueTest, OperationsWithoutOutputHaveNoOutputClassName) {
  Json detail = OperationDetailJson(*FindOperationInfo("AddElements"));
  EXPECT_FALSE(detail.contains("outputClassName"));
  // Limit's resultLimit is @Required in Gaffer.
  for (const OperationFieldInfo& f : FindOperationInfo("Limit")->fields) {
    EXPECT_EQ(f.required, f.name == "resultLimit") << f.name;
  }
}

std::set<std::string> NextOf(std::string_view name) {
  std::vector<std::string> next = NextOperationClassNames(*FindOperationInfo(name));
  EXPECT_TRUE(std::is_sorted(next.begin(), next.end()));
  return {next.begin(), next.end()};
}

// Store.getNextOperations: after an operation with no output, anything;
// otherwise the Input operations whose input class is assignable from the
// output class (or generic).
TEST(OperationCatalogueTest, NextOperationsFollowGaffersRule) {
  EXPECT_EQ(NextOf("AddElements").size(), SupportedOperationInfos().size());
  std::set<std::string> after_count = NextOf("Count");  // A Long.
  // A Long feeds the operations whose input is any Object: ExportTo's T,
  // If's and While's GenericInput, SetVariable's Object, Map's unbound I.
  EXPECT_THAT(
      after_count,
      ElementsAre("uk.gov.gchq.gaffer.operation.impl.DiscardOutput",
                  "uk.gov.gchq.gaffer.operation.impl.If", "uk.gov.gchq.gaffer.operation.impl.Map",
                  "uk.gov.gchq.gaffer.operation.impl.SetVariable",
                  "uk.gov.gchq.gaffer.operation.impl.While",
                  "uk.gov.gchq.gaffer.operation.impl.export.resultcache.ExportToGafferResultCache",
                  "uk.gov.gchq.gaffer.operation.impl.export.set.ExportToSet",
                  "uk.gov.gchq.gaffer.operation.impl.output.ToSingletonList"));
  std::set<std::string> after_get = NextOf("GetAllElements");  // An Iterable.
  EXPECT_THAT(after_get, Contains("uk.gov.gchq.gaffer.operation.impl.add.AddElements"));
  EXPECT_THAT(after_get, Contains("uk.gov.gchq.gaffer.operation.impl.get.GetElements"));
  EXPECT_THAT(after_get, Not(Contains("uk.gov.gchq.gaffer.operation.impl.get.GetAllElements")));
  EXPECT_THAT(after_get, Not(Contains("uk.gov.gchq.gaffer.store.operation.GetSchema")));
  EXPECT_THAT(
      after_get,
      Not(Contains("uk.gov.gchq.gaffer.accumulostore.operation.impl.GetElementsBetweenSetsPairs")));
  // A Set is an Iterable.
  EXPECT_THAT(NextOf("ToSet"), Contains("uk.gov.gchq.gaffer.operation.impl.Count"));
  // An array and a Stream are not.
  EXPECT_THAT(NextOf("ToArray"), Not(Contains("uk.gov.gchq.gaffer.operation.impl.Count")));
}

TEST(OperationCatalogueTest, GeneratorsAndTraits) {
  EXPECT_THAT(ElementGeneratorClassNames(),
              Contains("uk.gov.gchq.gaffer.traffic.generator.RoadTrafficStringElementGenerator"));
  EXPECT_THAT(ObjectGeneratorClassNames(),
              ElementsAre("uk.gov.gchq.gaffer.data.generator.CsvGenerator",
                          "uk.gov.gchq.gaffer.data.generator.MapGenerator",
                          "uk.gov.gchq.gaffer.data.generator.Neo4jCsvGenerator",
                          "uk.gov.gchq.gaffer.data.generator.NeptuneCsvGenerator",
                          "uk.gov.gchq.gaffer.operation.data.generator.EntityIdExtractor",
                          "uk.gov.gchq.gaffer.rest.example.ExampleDomainObjectGenerator"));
  EXPECT_THAT(
      StoreTraitNames(),
      ElementsAre("INGEST_AGGREGATION", "MATCHED_VERTEX", "ORDERED", "POST_AGGREGATION_FILTERING",
                  "POST_TRANSFORMATION_FILTERING", "PRE_AGGREGATION_FILTERING", "QUERY_AGGREGATION",
                  "STORE_VALIDATION", "TRANSFORMATION", "VISIBILITY"));
}

}  // namespace
}  // namespace quarry
