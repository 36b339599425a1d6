#include "server/service/operation_summary.h"

#include <gtest/gtest.h>

namespace quarry {
namespace {

using Names = std::vector<std::string>;

TEST(OperationSummaryTest, OneOperationIsItsShortClassName) {
  EXPECT_EQ(OperationClassNames(R"({"class": "uk.gov.gchq.gaffer.operation.impl.get.GetElements",
      "input": [{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": "x"}]})"),
            Names({"GetElements"}));
}

TEST(OperationSummaryTest, ShortNamesAreAcceptedAsGiven) {
  EXPECT_EQ(OperationClassNames(R"({"class": "GetAllElements"})"), Names({"GetAllElements"}));
}

TEST(OperationSummaryTest, AChainListsItsOperationsInOrderNotTheirInputs) {
  EXPECT_EQ(OperationClassNames(R"({"class": "uk.gov.gchq.gaffer.operation.OperationChain",
      "operations": [
        {"class": "uk.gov.gchq.gaffer.operation.impl.get.GetElements",
         "input": [{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": "x"}],
         "view": {"entities": {"e": {"preAggregationFilterFunctions": [
           {"predicate": {"class": "uk.gov.gchq.koryphe.impl.predicate.IsMoreThan", "value": 1},
            "selection": ["count"]}]}}}},
        {"class": "uk.gov.gchq.gaffer.operation.impl.Limit", "resultLimit": 3},
        {"class": "uk.gov.gchq.gaffer.operation.impl.Count"}]})"),
            Names({"GetElements", "Limit", "Count"}));
}

TEST(OperationSummaryTest, ClassAfterTheOperationsIsStillFound) {
  EXPECT_EQ(OperationClassNames(R"({"operations": [{"class": "GetAllElements"}],
                                   "class": "OperationChain"})"),
            Names({"GetAllElements"}));
}

TEST(OperationSummaryTest, NestedChainsAreNotOpened) {
  EXPECT_EQ(OperationClassNames(R"({"class": "OperationChain", "operations": [
      {"class": "OperationChain", "operations": [{"class": "GetAllElements"}]},
      {"class": "Count"}]})"),
            Names({"OperationChain", "Count"}));
}

TEST(OperationSummaryTest, MalformedJsonYieldsWhatCameBeforeTheError) {
  EXPECT_EQ(OperationClassNames(R"({"class": "GetAllElements", "view": )"),
            Names({"GetAllElements"}));
  EXPECT_EQ(OperationClassNames("not json"), Names());
  EXPECT_EQ(OperationClassNames(""), Names());
}

TEST(OperationSummaryTest, LabelIsTheOperationOrOperationChain) {
  EXPECT_EQ(OperationLabel({"GetElements"}), "GetElements");
  EXPECT_EQ(OperationLabel({"GetElements", "Count"}), "OperationChain");
  EXPECT_EQ(OperationLabel({}), "");
}

}  // namespace
}  // namespace quarry
