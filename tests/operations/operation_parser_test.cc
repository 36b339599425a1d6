#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "operations/operation.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

using ::testing::HasSubstr;

Result<Operation> Parse(std::string_view text) { return ParseOperationChain(text, ParseLimits()); }

// The single operation of a one-operation document.
Operation ParseOne(std::string_view text) {
  Result<Operation> chain = Parse(text);
  EXPECT_TRUE(chain.ok()) << chain.status().ToString();
  if (!chain.ok() || chain->operations.size() != 1) return Operation();
  return chain->operations[0];
}

TEST(OperationClassTest, FullAndSimpleNamesResolve) {
  struct Case {
    std::string_view full;
    OperationKind kind;
  } cases[] = {
      {"uk.gov.gchq.gaffer.operation.impl.add.AddElements", OperationKind::kAddElements},
      {"uk.gov.gchq.gaffer.operation.impl.get.GetElements", OperationKind::kGetElements},
      {"uk.gov.gchq.gaffer.operation.impl.get.GetAllElements", OperationKind::kGetAllElements},
      {"uk.gov.gchq.gaffer.operation.impl.get.GetAdjacentIds", OperationKind::kGetAdjacentIds},
      {"uk.gov.gchq.gaffer.accumulostore.operation.impl.GetElementsBetweenSets",
       OperationKind::kGetElementsBetweenSets},
      {"uk.gov.gchq.gaffer.accumulostore.operation.impl.GetElementsBetweenSetsPairs",
       OperationKind::kGetElementsBetweenSetsPairs},
      {"uk.gov.gchq.gaffer.accumulostore.operation.impl.GetElementsWithinSet",
       OperationKind::kGetElementsWithinSet},
      {"uk.gov.gchq.gaffer.accumulostore.operation.impl.GetElementsInRanges",
       OperationKind::kGetElementsInRanges},
      {"uk.gov.gchq.gaffer.operation.impl.Count", OperationKind::kCount},
      {"uk.gov.gchq.gaffer.operation.impl.CountGroups", OperationKind::kCountGroups},
      {"uk.gov.gchq.gaffer.operation.impl.Limit", OperationKind::kLimit},
      {"uk.gov.gchq.gaffer.operation.impl.DiscardOutput", OperationKind::kDiscardOutput},
      {"uk.gov.gchq.gaffer.operation.impl.output.ToSet", OperationKind::kToSet},
      {"uk.gov.gchq.gaffer.operation.impl.output.ToList", OperationKind::kToList},
      {"uk.gov.gchq.gaffer.operation.impl.output.ToArray", OperationKind::kToArray},
      {"uk.gov.gchq.gaffer.operation.impl.output.ToStream", OperationKind::kToStream},
      {"uk.gov.gchq.gaffer.operation.impl.output.ToSingletonList", OperationKind::kToSingletonList},
      {"uk.gov.gchq.gaffer.operation.impl.output.ToVertices", OperationKind::kToVertices},
      {"uk.gov.gchq.gaffer.operation.impl.output.ToEntitySeeds", OperationKind::kToEntitySeeds},
      {"uk.gov.gchq.gaffer.operation.impl.output.ToCsv", OperationKind::kToCsv},
      {"uk.gov.gchq.gaffer.store.operation.GetSchema", OperationKind::kGetSchema},
      {"uk.gov.gchq.gaffer.operation.impl.SplitStoreFromIterable",
       OperationKind::kSplitStoreFromIterable},
      {"uk.gov.gchq.gaffer.operation.impl.SampleElementsForSplitPoints",
       OperationKind::kSampleElementsForSplitPoints},
      {"uk.gov.gchq.gaffer.operation.impl.GenerateSplitPointsFromSample",
       OperationKind::kGenerateSplitPointsFromSample},
      {"uk.gov.gchq.gaffer.operation.impl.add.AddElementsFromFile",
       OperationKind::kAddElementsFromFile},
      {"uk.gov.gchq.quarry.operation.Checkpoint", OperationKind::kCheckpoint},
      {"uk.gov.gchq.quarry.operation.PreviewValidation", OperationKind::kPreviewValidation},
      {"uk.gov.gchq.gaffer.operation.OperationChain", OperationKind::kOperationChain},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(OperationKindFromClassName(c.full), c.kind) << c.full;
    EXPECT_EQ(OperationClassName(c.kind), c.full);
    std::string simple(c.full.substr(c.full.rfind('.') + 1));
    EXPECT_EQ(OperationKindFromClassName(simple), c.kind) << simple;
    simple[0] = static_cast<char>(std::tolower(simple[0]));  // Gaffer capitalises simple names.
    EXPECT_EQ(OperationKindFromClassName(simple), c.kind) << simple;
  }
  EXPECT_EQ(OperationKindFromClassName("uk.gov.gchq.gaffer.operation.impl.get.Nope"), std::nullopt);
  EXPECT_EQ(OperationKindFromClassName("java.lang.GetElements"), std::nullopt);
  EXPECT_EQ(OperationKindFromClassName(""), std::nullopt);
}

TEST(OperationParserTest, SingleOperationBecomesChainOfOne) {
  ASSERT_OK_AND_ASSIGN(Operation chain, Parse(R"({"class":"GetAllElements"})"));
  EXPECT_EQ(chain.kind, OperationKind::kOperationChain);
  ASSERT_EQ(chain.operations.size(), 1u);
  EXPECT_EQ(chain.operations[0].kind, OperationKind::kGetAllElements);
  EXPECT_FALSE(chain.operations[0].view.has_value());
  EXPECT_EQ(chain.operations[0].directed_type, DirectedType::kEither);
}

TEST(OperationParserTest, ChainForms) {
  for (std::string_view text : {
           R"({"class":"uk.gov.gchq.gaffer.operation.OperationChain",
               "operations":[{"class":"GetAllElements"},{"class":"Count"}]})",
           R"({"operations":[{"class":"GetAllElements"},{"class":"Count"}]})",
           R"({"class":"OperationChain","operations":[{"class":"GetAllElements"},
               {"class":"uk.gov.gchq.gaffer.operation.impl.Count"}]})",
       }) {
    ASSERT_OK_AND_ASSIGN(Operation chain, Parse(text));
    ASSERT_EQ(chain.operations.size(), 2u) << text;
    EXPECT_EQ(chain.operations[0].kind, OperationKind::kGetAllElements);
    EXPECT_EQ(chain.operations[1].kind, OperationKind::kCount);
    EXPECT_EQ(chain.operations[1].path, "operations[1]");
  }
  // No class and no operations: an empty chain.
  ASSERT_OK_AND_ASSIGN(Operation empty, Parse("{}"));
  EXPECT_TRUE(empty.operations.empty());
}

TEST(OperationParserTest, NestedChain) {
  ASSERT_OK_AND_ASSIGN(Operation chain, Parse(R"({"operations":[
      {"class":"OperationChain","operations":[{"class":"GetAllElements"}]},
      {"class":"Count"}]})"));
  ASSERT_EQ(chain.operations.size(), 2u);
  ASSERT_EQ(chain.operations[0].operations.size(), 1u);
  EXPECT_EQ(chain.operations[0].operations[0].path, "operations[0].operations[0]");
}

TEST(OperationParserTest, UnknownClassNamesPath) {
  EXPECT_THAT(Parse(R"({"operations":[{"class":"GetAllElements"},{"class":"X"}]})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "operations[1].class: unknown operation class 'X'"));
  EXPECT_THAT(
      Parse(R"({"class":"a.b.C"})").status(),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "class: unknown operation class 'a.b.C'"));
  EXPECT_THAT(Parse(R"({"class":5})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "class: expected a string"));
  EXPECT_THAT(Parse(R"({"operations":[5]})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "operations[0]: expected an operation object"));
  EXPECT_THAT(Parse(R"({"operations":{}})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "operations: expected an array"));
}

TEST(OperationParserTest, MalformedJsonAndNonObjects) {
  EXPECT_THAT(Parse("{").status(), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(Parse("").status(), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(Parse("[]").status(), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(Parse("42").status(), StatusIs(StatusCode::kInvalidArgument));
}

TEST(OperationParserTest, OptionsAreStringMap) {
  Operation op = ParseOne(R"({"class":"GetAllElements","options":{"a":"1","b":"x"}})");
  ASSERT_EQ(op.options.size(), 2u);
  EXPECT_EQ(op.options[0], std::make_pair(std::string("a"), std::string("1")));
  EXPECT_THAT(Parse(R"({"class":"GetAllElements","options":{"a":1}})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "options.a: expected a string"));
  EXPECT_THAT(Parse(R"({"class":"GetAllElements","options":[]})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "options: expected an object"));
}

TEST(OperationParserTest, DepthLimitIsCheckedBeforeParsing) {
  // 200k levels: must be refused cleanly, without recursion in the parser,
  // the JSON destructor or our walkers.
  std::string deep(200000, '[');
  deep += std::string(200000, ']');
  EXPECT_THAT(Parse(deep).status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "deeper"));
  std::string deep_objects;
  for (int i = 0; i < 200000; ++i) deep_objects += R"({"a":)";
  deep_objects += "1" + std::string(200000, '}');
  EXPECT_THAT(Parse(deep_objects).status(), StatusIs(StatusCode::kInvalidArgument));
  // Brackets inside strings do not count.
  std::string in_string =
      R"({"class":"GetAllElements","options":{"x":")" + std::string(1000, '[') + R"(\"[["}})";
  EXPECT_OK(Parse(in_string).status());
  // Just within the limit parses.
  ParseLimits limits;
  limits.max_depth = 3;
  EXPECT_OK(ParseOperationChain(R"({"operations":[{"class":"Count"}]})", limits).status());
  EXPECT_THAT(
      ParseOperationChain(R"({"operations":[{"class":"Count","options":{}}]})", limits).status(),
      StatusIs(StatusCode::kInvalidArgument));
}

TEST(OperationParserTest, SizeLimit) {
  ParseLimits limits;
  limits.max_bytes = 10;
  EXPECT_THAT(ParseOperationChain(R"({"class":"GetAllElements"})", limits).status(),
              StatusIs(StatusCode::kResourceExhausted));
}

}  // namespace
}  // namespace quarry
