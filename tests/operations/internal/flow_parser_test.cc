// Parsing of the element-function, comparison, flow-control, variable and
// trait operations: class names as Gaffer's, fields as its JSON.
#include "operations/internal/flow_parser.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "operations/operation.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIsWithMessage;

// A document holding one operation parses it as the root, whose path is ""
// (so messages read "trait: required"); inside a chain it is "operations[i]".
Result<Operation> First(std::string_view text) {
  QUARRY_ASSIGN_OR_RETURN(Operation chain, ParseOperationChain(text, ParseLimits()));
  return chain.operations.at(0);
}

TEST(FlowParserTest, ClassNamesFullAndSimple) {
  const std::pair<std::string_view, OperationKind> cases[] = {
      {"uk.gov.gchq.gaffer.operation.impl.function.Filter", OperationKind::kFilter},
      {"uk.gov.gchq.gaffer.operation.impl.function.Transform", OperationKind::kTransform},
      {"uk.gov.gchq.gaffer.operation.impl.function.Aggregate", OperationKind::kAggregate},
      {"uk.gov.gchq.gaffer.operation.impl.compare.Sort", OperationKind::kSort},
      {"uk.gov.gchq.gaffer.operation.impl.compare.Max", OperationKind::kMax},
      {"uk.gov.gchq.gaffer.operation.impl.compare.Min", OperationKind::kMin},
      {"uk.gov.gchq.gaffer.operation.impl.Validate", OperationKind::kValidate},
      {"uk.gov.gchq.gaffer.operation.impl.If", OperationKind::kIf},
      {"uk.gov.gchq.gaffer.operation.impl.While", OperationKind::kWhile},
      {"uk.gov.gchq.gaffer.operation.impl.ForEach", OperationKind::kForEach},
      {"uk.gov.gchq.gaffer.operation.impl.SetVariable", OperationKind::kSetVariable},
      {"uk.gov.gchq.gaffer.operation.impl.GetVariable", OperationKind::kGetVariable},
      {"uk.gov.gchq.gaffer.operation.impl.GetVariables", OperationKind::kGetVariables},
      {"uk.gov.gchq.gaffer.store.operation.GetTraits", OperationKind::kGetTraits},
      {"uk.gov.gchq.gaffer.store.operation.HasTrait", OperationKind::kHasTrait},
  };
  for (const auto& [full, kind] : cases) {
    EXPECT_EQ(OperationKindFromClassName(full), kind) << full;
    EXPECT_EQ(OperationClassName(kind), full);
    EXPECT_EQ(OperationKindFromClassName(full.substr(full.rfind('.') + 1)), kind) << full;
  }
}

TEST(FlowParserTest, ElementFunctionFields) {
  ASSERT_OK_AND_ASSIGN(Operation op, First(R"({"class":"Filter","unknown":1,
      "globalElements":{"predicates":[{"selection":["count"],"predicate":{"class":"Exists"}}]},
      "edges":{"edge":{"predicates":[]},"edge1":null}})"));
  ASSERT_NE(op.element_functions, nullptr);
  EXPECT_FALSE(op.element_functions->entities.has_value());
  ASSERT_TRUE(op.element_functions->edges.has_value());
  EXPECT_EQ(op.element_functions->edges->size(), 2u);
  EXPECT_EQ(op.element_functions->global_elements.predicates().size(), 1u);
  ASSERT_OK_AND_ASSIGN(op, First(R"({"class":"Aggregate","edges":{"edge":{
      "elementAggregator":{"operators":[{"selection":["count"],
        "binaryOperator":{"class":"StringConcat","separator":","}}]},"groupBy":[]}}})"));
  const GroupFunctions& g = op.element_functions->edges->at(0).second;
  ASSERT_TRUE(g.group_by.has_value());
  EXPECT_TRUE(g.group_by->empty());
  EXPECT_EQ(g.aggregator.size(), 1u);
  EXPECT_THAT(First(R"({"class":"Transform","entities":{"entity":{"functions":[{"selection":["a"],
      "function":{"class":"NoSuchFunction"},"projection":["b"]}]}}})")
                  .status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "entities.entity.functions[0]"));
  EXPECT_THAT(First(R"({"class":"Filter","edges":[]})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "edges"));
}

TEST(FlowParserTest, ComparisonAndFlowFields) {
  ASSERT_OK_AND_ASSIGN(Operation op, First(R"({"class":"Sort","deduplicate":false,
      "resultLimit":10,"comparators":[{"property":"count","groups":["a","b"],"reversed":true}]})"));
  ASSERT_NE(op.comparison, nullptr);
  EXPECT_EQ(op.comparison->result_limit, 10);
  EXPECT_FALSE(op.comparison->deduplicate);
  ASSERT_EQ(op.comparison->comparators.size(), 1u);
  EXPECT_TRUE(op.comparison->comparators[0].reversed);
  EXPECT_EQ(op.comparison->comparators[0].groups, (std::vector<std::string>{"a", "b"}));

  ASSERT_OK_AND_ASSIGN(op, First(R"({"class":"If","input":[1],
      "conditional":{"predicate":{"class":"IsTrue"},"transform":{"class":"Count"}},
      "then":{"class":"Limit","resultLimit":1},"otherwise":{"class":"Count"}})"));
  ASSERT_NE(op.flow, nullptr);
  EXPECT_FALSE(op.flow->condition.has_value());
  ASSERT_TRUE(op.flow->conditional.has_value());
  EXPECT_EQ(op.flow->conditional->transform->path, "conditional.transform");
  EXPECT_EQ(op.flow->then_op->kind, OperationKind::kLimit);
  EXPECT_EQ(op.flow->otherwise_op->kind, OperationKind::kCount);
  ASSERT_TRUE(op.input.has_value());

  ASSERT_OK_AND_ASSIGN(op, First(R"({"class":"While","condition":true,
      "operation":{"class":"GetAdjacentIds"}})"));
  EXPECT_EQ(op.flow->max_repeats, 1000);  // Gaffer's While.MAX_REPEATS.
  EXPECT_EQ(op.flow->condition, true);
  EXPECT_EQ(op.flow->operation->path, "operation");

  ASSERT_OK_AND_ASSIGN(op, First(R"({"class":"HasTrait","trait":"VISIBILITY",
                                     "currentTraits":false})"));
  EXPECT_EQ(op.trait, "VISIBILITY");
  EXPECT_FALSE(op.current_traits);
  EXPECT_THAT(First(R"({"class":"HasTrait"})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "trait: required"));
  EXPECT_THAT(First(R"({"class":"GetVariables","variableNames":[1]})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "variableNames[0]"));
}

}  // namespace
}  // namespace quarry
