// Chain semantics, paging and limits of the Executor (FakeGraph with the
// gaffer-doc example graph).
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/operations/test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

constexpr std::string_view kE5 =
    R"({"class":"uk.gov.gchq.gaffer.data.element.Entity","group":"entity","vertex":5,
        "properties":{"count":3}})";
constexpr std::string_view kEdge25Dest =
    R"({"class":"uk.gov.gchq.gaffer.data.element.Edge","group":"edge","source":2,
        "destination":5,"directed":true,"matchedVertex":"DESTINATION",
        "properties":{"count":1}})";

TEST(ExecutorTest, NullInputReceivesPreviousOutput) {
  DocFixture f;
  // GetAdjacentIds(5) = [EntitySeed 2]; GetElements(2) then has 5 results.
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"operations":[
      {"class":"GetAdjacentIds","input":[5]},{"class":"GetElements"},{"class":"Count"}]})"));
  EXPECT_EQ(out, Json(5));
  ASSERT_EQ(f.graph->last_seeds().size(), 1u);
  EXPECT_EQ(f.graph->last_seeds()[0], ElementId(EntitySeed{Value::Int32(2)}));
}

TEST(ExecutorTest, ExplicitInputIsKept) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"operations":[{"class":"GetAllElements"},
      {"class":"GetElements","input":[5]}]})"));
  EXPECT_TRUE(SameMultiset(out, "[" + std::string(kE5) + "," + std::string(kEdge25Dest) + "]"));
}

TEST(ExecutorTest, ElementsFromThePreviousStepAreSeeds) {
  DocFixture f;
  // GetElements(5) gives entity 5 and edge 2->5: seeds EntitySeed(5), EdgeSeed(2,5).
  ASSERT_OK(f.Run(R"({"operations":[{"class":"GetElements","input":[5]},
      {"class":"GetElements"}]})")
                .status());
  EXPECT_THAT(f.graph->last_seeds(),
              ::testing::UnorderedElementsAre(
                  ElementId(EntitySeed{Value::Int32(5)}),
                  ElementId(EdgeSeed{Value::Int32(2), Value::Int32(5), DirectedType::kDirected})));
}

TEST(ExecutorTest, NestedChainsAndTopLevelWithoutClass) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"operations":[
      {"class":"OperationChain","operations":[{"class":"GetAllElements"},
                                              {"class":"Limit","resultLimit":4}]},
      {"class":"Count"}]})"));
  EXPECT_EQ(out, Json(4));
  ASSERT_OK_AND_ASSIGN(out, f.Run("{}"));
  EXPECT_TRUE(out.is_null());
}

TEST(ExecutorTest, AddThenGet) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"operations":[
      {"class":"AddElements","input":[{"class":"Entity","group":"entity","vertex":9,
                                       "properties":{"count":1}}]},
      {"class":"GetElements","input":[9]}]})"));
  EXPECT_TRUE(SameMultiset(out, R"([{"class":"uk.gov.gchq.gaffer.data.element.Entity",
      "group":"entity","vertex":9,"properties":{"count":1}}])"));
  ASSERT_OK_AND_ASSIGN(out, f.Run(R"({"class":"AddElements","input":[]})"));
  EXPECT_TRUE(out.is_null());
}

TEST(ExecutorTest, AddElementsValidation) {
  DocFixture f;
  std::string bad = R"({"class":"AddElements",%s"input":[
      {"class":"Entity","group":"nope","vertex":1},{"class":"Entity","group":"entity","vertex":8}]})";
  auto with = [&](std::string_view flags) {
    std::string s = bad;
    s.replace(s.find("%s"), 2, flags);
    return s;
  };
  EXPECT_THAT(f.Run(with("")).status(), StatusIs(StatusCode::kInvalidArgument));
  size_t before = f.graph->elements().size();
  ASSERT_OK(f.Run(with(R"("skipInvalidElements":true,)")).status());
  EXPECT_EQ(f.graph->elements().size(), before + 1);
  ASSERT_OK(f.Run(with(R"("validate":false,)")).status());
  EXPECT_EQ(f.graph->elements().size(), before + 3);
}

TEST(ExecutorTest, AddElementsFromAStreamInBatches) {
  DocFixture f;
  // GetAllElements streams 11 elements into AddElements: one batch.
  int calls = f.graph->add_calls();
  ASSERT_OK(
      f.Run(R"({"operations":[{"class":"GetAllElements"},{"class":"AddElements"}]})").status());
  EXPECT_EQ(f.graph->add_calls(), calls + 1);
  EXPECT_EQ(f.graph->elements().size(), 22u);
}

TEST(ExecutorTest, AddElementsExplicitInputWinsInOneCall) {
  DocFixture f;
  // The 11 elements GetAllElements streams are dropped: AddElements adds its
  // own two-element input, atomically in one call.
  int calls = f.graph->add_calls();
  ASSERT_OK(f.Run(R"({"operations":[{"class":"GetAllElements"},{"class":"AddElements","input":[
      {"class":"Entity","group":"entity","vertex":8,"properties":{"count":1}},
      {"class":"Entity","group":"entity","vertex":9,"properties":{"count":1}}]}]})")
                .status());
  EXPECT_EQ(f.graph->add_calls(), calls + 1);
  EXPECT_EQ(f.graph->elements().size(), 13u);
}

TEST(ExecutorTest, CursorPages) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(auto cursor, f.executor->Open(f.user, R"({"class":"GetAllElements"})"));
  std::vector<size_t> sizes;
  while (!cursor->done()) {
    ASSERT_OK_AND_ASSIGN(std::vector<Json> page, cursor->NextPage(4));
    sizes.push_back(page.size());
  }
  // The page that reaches the end says so: no empty page after it.
  EXPECT_EQ(sizes, (std::vector<size_t>{4, 4, 3}));
  // A page exactly as large as the rest of the result ends it too.
  for (const size_t page_items : {size_t{11}, size_t{12}}) {
    ASSERT_OK_AND_ASSIGN(cursor, f.executor->Open(f.user, R"({"class":"GetAllElements"})"));
    ASSERT_OK_AND_ASSIGN(std::vector<Json> page, cursor->NextPage(page_items));
    EXPECT_EQ(page.size(), 11u);
    EXPECT_TRUE(cursor->done()) << page_items;
  }
  // An empty result: one empty page, then done.
  ASSERT_OK_AND_ASSIGN(cursor, f.executor->Open(f.user, R"({"class":"GetElements",
      "input":[{"class":"EntitySeed","vertex":999}]})"));
  EXPECT_FALSE(cursor->done());
  ASSERT_OK_AND_ASSIGN(std::vector<Json> none, cursor->NextPage(4));
  EXPECT_TRUE(none.empty());
  EXPECT_TRUE(cursor->done());
  ASSERT_OK_AND_ASSIGN(cursor, f.executor->Open(f.user, R"({"operations":[
      {"class":"GetAllElements"},{"class":"Count"}]})"));
  ASSERT_OK_AND_ASSIGN(std::vector<Json> page, cursor->NextPage(10));
  EXPECT_EQ(page, std::vector<Json>{Json(11)});
  EXPECT_TRUE(cursor->done());
}

// Chains whose results are elements, seeds, values, one JSON object (a
// single result) and the schema, for the text-versus-tree tests.
constexpr const char* kTextChains[] = {
    R"({"class":"GetAllElements"})", R"({"class":"GetAdjacentIds","input":[2,5]})",
    R"({"operations":[{"class":"GetAllElements"},{"class":"ToVertices","edgeVertices":"BOTH"}]})",
    R"({"operations":[{"class":"GetAllElements"},{"class":"CountGroups"}]})",
    R"({"class":"GetSchema"})"};

// Issue 13: text pages carry exactly the bytes of the tree pages dumped,
// page for page, for elements, seeds, values and a single JSON result.
TEST(ExecutorTest, CursorTextPagesAreTheTreePagesDumped) {
  DocFixture f;
  for (const char* chain : kTextChains) {
    ASSERT_OK_AND_ASSIGN(auto trees, f.executor->Open(f.user, chain));
    ASSERT_OK_AND_ASSIGN(auto texts, f.executor->Open(f.user, chain));
    size_t items = 0;
    while (!trees->done()) {
      ASSERT_OK_AND_ASSIGN(std::vector<Json> page, trees->NextPage(3));
      JsonTextPage text;
      ASSERT_OK(texts->NextPageText(3, &text));
      ASSERT_EQ(text.size(), page.size()) << chain;
      for (size_t i = 0; i < page.size(); ++i) {
        EXPECT_EQ(text.item(i), page[i].dump(-1, ' ', false, Json::error_handler_t::replace))
            << chain;
      }
      items += page.size();
      EXPECT_EQ(texts->done(), trees->done()) << chain;
    }
    EXPECT_GT(items, 0u) << chain;
  }
}

TEST(ExecutorTest, ExecuteTextIsExecuteDumped) {
  DocFixture f;
  for (const char* chain : kTextChains) {
    ASSERT_OK_AND_ASSIGN(Json tree, f.executor->Execute(f.user, chain));
    std::string text;
    ASSERT_OK(f.executor->ExecuteText(f.user, chain, &text));
    EXPECT_EQ(text, tree.dump(-1, ' ', false, Json::error_handler_t::replace)) << chain;
  }
  // Written by hand: a number, nothing, and an empty list.
  std::string text = "stale";
  ASSERT_OK(f.executor->ExecuteText(
      f.user, R"({"operations":[{"class":"GetAllElements"},{"class":"Count"}]})", &text));
  EXPECT_EQ(text, "11");
  ASSERT_OK(f.executor->ExecuteText(f.user, "{}", &text));
  EXPECT_EQ(text, "null");
  ASSERT_OK(f.executor->ExecuteText(f.user, R"({"class":"GetElements","input":[99]})", &text));
  EXPECT_EQ(text, "[]");
}

TEST(ExecutorTest, ExecuteTextKeepsTheMaterialisationLimit) {
  ExecutorLimits limits;
  limits.max_materialised_items = 11;  // The example graph's GetAllElements.
  DocFixture f(limits);
  std::string text;
  ASSERT_OK(f.executor->ExecuteText(f.user, R"({"class":"GetAllElements"})", &text));
  EXPECT_EQ(Json::parse(text).size(), 11u);
  limits.max_materialised_items = 10;
  DocFixture g(limits);
  EXPECT_THAT(g.executor->ExecuteText(g.user, R"({"class":"GetAllElements"})", &text),
              StatusIsWithMessage(StatusCode::kResourceExhausted, "more than 10 items"));
}

TEST(ExecutorTest, CursorKeepsTheGraphAlive) {
  std::unique_ptr<ResultCursor> cursor;
  {
    DocFixture f;
    ASSERT_OK_AND_ASSIGN(cursor, f.executor->Open(f.user, R"({"class":"GetElements",
                                                            "input":[2]})"));
  }
  ASSERT_OK_AND_ASSIGN(std::vector<Json> page, cursor->NextPage(100));
  EXPECT_EQ(page.size(), 5u);
}

TEST(ExecutorTest, MaterialisationLimit) {
  ExecutorLimits limits;
  limits.max_materialised_items = 5;
  DocFixture f(limits);
  EXPECT_THAT(f.Run(R"({"class":"GetAllElements"})").status(),
              StatusIs(StatusCode::kResourceExhausted));
  EXPECT_THAT(f.Run(R"({"operations":[{"class":"GetAllElements"},{"class":"ToSet"}]})").status(),
              StatusIs(StatusCode::kResourceExhausted));
  // Paging is not limited.
  ASSERT_OK_AND_ASSIGN(auto cursor, f.executor->Open(f.user, R"({"class":"GetAllElements"})"));
  ASSERT_OK_AND_ASSIGN(std::vector<Json> page, cursor->NextPage(100));
  EXPECT_EQ(page.size(), 11u);
  // Streaming steps need no memory: Count over 11 elements is fine.
  ASSERT_OK_AND_ASSIGN(Json n, f.Run(R"({"operations":[{"class":"GetAllElements"},
                                                       {"class":"Count"}]})"));
  EXPECT_EQ(n, Json(11));
}

TEST(ExecutorTest, DocumentLimits) {
  ExecutorLimits limits;
  limits.max_operation_json_bytes = 100;
  DocFixture f(limits);
  EXPECT_THAT(f.Run(R"({"class":"GetElements","input":[)" + std::string(200, '1') + "]}").status(),
              StatusIs(StatusCode::kResourceExhausted));
  DocFixture g;
  std::string deep = R"({"class":"GetElements","input":)" + std::string(200000, '[') +
                     std::string(200000, ']') + "}";
  EXPECT_THAT(g.Run(deep).status(), StatusIsWithMessage(StatusCode::kInvalidArgument, "deeper"));
}

TEST(ExecutorTest, ErrorsNameThePath) {
  DocFixture f;
  EXPECT_THAT(f.Run(R"({"operations":[{"class":"GetAllElements"},{"class":"X"}]})").status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "operations[1].class: unknown operation class 'X'"));
  EXPECT_THAT(f.Run(R"({"operations":[{"class":"GetElements","input":[1],
      "view":{"globalEntities":[{"groups":["nope"]}]}}]})")
                  .status(),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "operations[0].view"));
}

TEST(ExecutorTest, GetSchema) {
  DocFixture f;
  ASSERT_OK_AND_ASSIGN(Json out, f.Run(R"({"class":"GetSchema","compact":true})"));
  ASSERT_TRUE(out.is_object());
  EXPECT_TRUE(out["entities"].contains("entity"));
  EXPECT_TRUE(out["edges"].contains("edge"));
}

}  // namespace
}  // namespace quarry
