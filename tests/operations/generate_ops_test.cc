// GenerateElements and GenerateObjects through the executor: Gaffer's
// road-traffic loader chain (GenerateElements with the CSV generator into
// AddElements) and the REST examples' generators.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "operations/internal/exec.h"
#include "schema/schema.h"
#include "tests/operations/test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIsWithMessage;

std::string RoadTrafficDir() { return testing::SharedDir() + "/gaffer-examples/road-traffic/"; }

std::shared_ptr<FakeGraph> RoadTrafficGraph() {
  auto schema =
      Schema::FromFiles({RoadTrafficDir() + "elements.json", RoadTrafficDir() + "types.json"});
  EXPECT_TRUE(schema.ok()) << schema.status().ToString();
  return std::make_shared<FakeGraph>(*schema);
}

Json SampleLinesJson() {
  std::ifstream in(RoadTrafficDir() + "roadTrafficSampleData-100rows.csv");
  Json lines = Json::array();
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(GenerateOpsTest, RoadTrafficLoaderChainAddsEveryElement) {
  auto graph = RoadTrafficGraph();
  Executor executor(graph);
  Json chain = {
      {"class", "OperationChain"},
      {"operations",
       {{{"class", "uk.gov.gchq.gaffer.operation.impl.generate.GenerateElements"},
         {"elementGenerator",
          {{"class", "uk.gov.gchq.gaffer.traffic.generator.RoadTrafficCsvElementGenerator"}}},
         {"input", SampleLinesJson()}},
        {{"class", "uk.gov.gchq.gaffer.operation.impl.add.AddElements"},
         {"skipInvalidElements", false}}}}};
  ASSERT_OK_AND_ASSIGN(Json out, executor.Execute(User(), chain.dump()));
  EXPECT_TRUE(out.is_null());
  EXPECT_EQ(graph->elements().size(), 2300u);  // 100 rows x 23 elements.
}

TEST(GenerateOpsTest, GenerateElementsReturnsGaffersElementJson) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class": "GenerateElements",
      "elementGenerator": {"class": "uk.gov.gchq.gaffer.rest.example.ExampleElementGenerator"},
      "input": [{"class": "uk.gov.gchq.gaffer.rest.example.ExampleDomainObject",
                 "ids": ["vertex1"], "type": "entity"},
                {"class": "uk.gov.gchq.gaffer.rest.example.ExampleDomainObject",
                 "ids": ["vertex1", "vertex2", true], "type": "edge"}]})"));
  EXPECT_TRUE(SameMultiset(out, R"([
      {"class": "uk.gov.gchq.gaffer.data.element.Entity", "group": "entity",
       "vertex": "vertex1", "properties": {}},
      {"class": "uk.gov.gchq.gaffer.data.element.Edge", "group": "edge", "source": "vertex1",
       "destination": "vertex2", "directed": true, "properties": {}}])"));
}

TEST(GenerateOpsTest, GenerateObjectsFromThePreviousOutput) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"operations": [
      {"class": "GetElements", "input": [5], "view": {"entities": {"entity": {}}}},
      {"class": "uk.gov.gchq.gaffer.operation.impl.generate.GenerateObjects",
       "elementGenerator": {"class": "uk.gov.gchq.gaffer.rest.example.ExampleDomainObjectGenerator"}}
      ]})"));
  EXPECT_EQ(out, Json::parse(R"([{"ids": [5], "type": "entity"}])"));
}

TEST(GenerateOpsTest, UnknownGeneratorIsABadRequestBeforeAnythingRuns) {
  auto graph = RoadTrafficGraph();
  Executor executor(graph);
  EXPECT_THAT(executor.Execute(User(), R"({"operations": [
      {"class": "AddElements", "input": []},
      {"class": "GenerateElements", "elementGenerator": {"class": "com.example.Mine"},
       "input": ["x"]}]})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "operations[1].elementGenerator.class: unknown element generator "
                                  "class 'com.example.Mine'"));
  EXPECT_THAT(executor.Execute(User(), R"({"class": "GenerateElements", "input": ["x"]})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "elementGenerator: required"));
  EXPECT_EQ(graph->add_calls(), 0);
}

// An input stream that counts how many items have been pulled from it.
class CountingStream : public ItemStream {
 public:
  CountingStream(std::vector<Item> items, size_t* pulled)
      : items_(std::move(items)), pulled_(pulled) {
    *pulled_ = items_.empty() ? 0 : 1;
  }
  bool Valid() const override { return index_ < items_.size(); }
  void Next() override {
    ++index_;
    if (index_ < items_.size()) ++*pulled_;
  }
  const Item& item() const override { return items_[index_]; }
  Status status() const override { return Status::OK(); }

 private:
  std::vector<Item> items_;
  size_t index_ = 0;
  size_t* pulled_;
};

// Generation is lazy: the first row's 23 elements need only the header and
// the first row, so a chain into AddElements holds one batch, not the input.
TEST(GenerateOpsTest, GenerateElementsPullsItsInputLazily) {
  std::vector<Item> lines;
  for (const Json& line : SampleLinesJson()) lines.push_back(Item(line));
  size_t pulled = 0;
  auto input = std::make_unique<CountingStream>(std::move(lines), &pulled);
  ASSERT_OK_AND_ASSIGN(Operation chain,
                       ParseOperationChain(R"({"class": "GenerateElements", "elementGenerator":
          {"class": "uk.gov.gchq.gaffer.traffic.generator.RoadTrafficCsvElementGenerator"}})",
                                           ParseLimits()));
  operations_internal::ExecContext ctx;
  ctx.graph = RoadTrafficGraph();
  ASSERT_OK_AND_ASSIGN(operations_internal::StepOutput out,
                       operations_internal::RunOperation(
                           chain, operations_internal::StepOutput::Stream(std::move(input)), ctx));
  ASSERT_EQ(out.kind, operations_internal::StepOutput::Kind::kStream);
  size_t taken = 0;
  while (out.stream->Valid()) {
    if (++taken == 23) break;  // Stop on the 23rd element, before asking for more.
    out.stream->Next();
  }
  EXPECT_EQ(taken, 23u);
  // The flat map steps its input past each item it maps, so it rests on row 2
  // (not yet generated): 3 of the 101 lines reached.
  EXPECT_EQ(pulled, 3u);
}

}  // namespace
}  // namespace quarry
