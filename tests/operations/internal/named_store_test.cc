// Named operation and view details in the graph's metadata: per-kind
// prefixes, round trips, listing in name order, and corrupt entries.
#include "operations/internal/named_store.h"

#include "gtest/gtest.h"
#include "tests/operations/fake_graph.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::operations_internal {
namespace {

using ::quarry::testing::StatusIs;

TEST(NamedStoreTest, RoundTripPerKind) {
  auto graph = FakeGraph::WithDocSchema();
  ASSERT_NE(graph, nullptr);
  Json op = Json::parse(R"({"operationName": "b", "operations": "{}"})");
  Json view = Json::parse(R"({"name": "b", "view": "{}"})");
  ASSERT_OK(PutNamedDetail(*graph, NamedKind::kOperation, "b", op));
  ASSERT_OK(PutNamedDetail(*graph, NamedKind::kOperation, "a", op));
  ASSERT_OK(PutNamedDetail(*graph, NamedKind::kView, "b", view));
  ASSERT_OK_AND_ASSIGN(std::optional<Json> got, GetNamedDetail(*graph, NamedKind::kOperation, "b"));
  ASSERT_TRUE(got.has_value());
  EXPECT_EQ(*got, op);
  ASSERT_OK_AND_ASSIGN(std::optional<Json> other, GetNamedDetail(*graph, NamedKind::kView, "b"));
  EXPECT_EQ(*other, view);
  ASSERT_OK_AND_ASSIGN(std::vector<Json> ops, ListNamedDetails(*graph, NamedKind::kOperation));
  EXPECT_EQ(ops.size(), 2u);
  ASSERT_OK_AND_ASSIGN(std::vector<Json> views, ListNamedDetails(*graph, NamedKind::kView));
  EXPECT_EQ(views.size(), 1u);
  ASSERT_OK(DeleteNamedDetail(*graph, NamedKind::kOperation, "b"));
  ASSERT_OK_AND_ASSIGN(std::optional<Json> gone,
                       GetNamedDetail(*graph, NamedKind::kOperation, "b"));
  EXPECT_FALSE(gone.has_value());
}

TEST(NamedStoreTest, CorruptDetailIsDataLoss) {
  auto graph = FakeGraph::WithDocSchema();
  ASSERT_OK(graph->PutMetadata(std::string(kNamedViewPrefix) + "bad", "not json"));
  EXPECT_THAT(GetNamedDetail(*graph, NamedKind::kView, "bad"), StatusIs(StatusCode::kDataLoss));
  EXPECT_THAT(ListNamedDetails(*graph, NamedKind::kView), StatusIs(StatusCode::kDataLoss));
}

}  // namespace
}  // namespace quarry::operations_internal
