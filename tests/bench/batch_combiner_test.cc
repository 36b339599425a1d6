#include "bench/common/batch_combiner.h"

#include <gtest/gtest.h>

#include <vector>

namespace quarry::bench {
namespace {

struct EdgeKey {
  uint32_t src, dst, day;
  int64_t count;
};

void ExpectEdges(const std::vector<EdgeRow>& got, const std::vector<EdgeKey>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(got[i].src, want[i].src) << "row " << i;
    EXPECT_EQ(got[i].dst, want[i].dst) << "row " << i;
    EXPECT_EQ(got[i].day, want[i].day) << "row " << i;
    EXPECT_EQ(got[i].count, want[i].count) << "row " << i;
  }
}

TEST(BatchCombinerTest, SumsRepeatedEdgesAndSourceVertices) {
  BatchCombiner combiner;
  for (EdgeEvent e : {EdgeEvent{1, 2, 0}, EdgeEvent{1, 2, 0}, EdgeEvent{1, 2, 1},
                      EdgeEvent{3, 1, 0}, EdgeEvent{1, 2, 0}}) {
    combiner.Add(e);
  }
  EXPECT_EQ(combiner.events(), 5u);
  std::vector<EdgeRow> edges;
  std::vector<VertexRow> vertices;
  combiner.Drain(&edges, &vertices);
  // (1,2,0) three times; (1,2,1) and (3,1,0) once. Vertex 1 is the source of
  // four events, 3 of one; 2 is only ever a destination, so it has no row.
  ExpectEdges(edges, {{1, 2, 0, 3}, {1, 2, 1, 1}, {3, 1, 0, 1}});
  ASSERT_EQ(vertices.size(), 2u);
  EXPECT_EQ(vertices[0].vertex, 1u);
  EXPECT_EQ(vertices[0].count, 4);
  EXPECT_EQ(vertices[1].vertex, 3u);
  EXPECT_EQ(vertices[1].count, 1);
}

TEST(BatchCombinerTest, SortsRowsBySrcThenDstThenDay) {
  BatchCombiner combiner;
  for (EdgeEvent e :
       {EdgeEvent{5, 0, 0}, EdgeEvent{2, 9, 9}, EdgeEvent{2, 1, 3}, EdgeEvent{2, 1, 2}}) {
    combiner.Add(e);
  }
  std::vector<EdgeRow> edges;
  std::vector<VertexRow> vertices;
  combiner.Drain(&edges, &vertices);
  ExpectEdges(edges, {{2, 1, 2, 1}, {2, 1, 3, 1}, {2, 9, 9, 1}, {5, 0, 0, 1}});
  ASSERT_EQ(vertices.size(), 2u);
  EXPECT_EQ(vertices[0].vertex, 2u);
  EXPECT_EQ(vertices[0].count, 3);
  EXPECT_EQ(vertices[1].vertex, 5u);
  EXPECT_EQ(vertices[1].count, 1);
}

TEST(BatchCombinerTest, DrainEmptiesTheCombiner) {
  BatchCombiner combiner;
  combiner.Add(EdgeEvent{7, 8, 1});
  std::vector<EdgeRow> edges;
  std::vector<VertexRow> vertices;
  combiner.Drain(&edges, &vertices);
  EXPECT_EQ(combiner.events(), 0u);
  // The next batch starts from zero: the earlier event is not counted again.
  combiner.Add(EdgeEvent{7, 8, 1});
  combiner.Drain(&edges, &vertices);
  ExpectEdges(edges, {{7, 8, 1, 1}});
  ASSERT_EQ(vertices.size(), 1u);
  EXPECT_EQ(vertices[0].count, 1);
  combiner.Drain(&edges, &vertices);
  EXPECT_TRUE(edges.empty());
  EXPECT_TRUE(vertices.empty());
}

}  // namespace
}  // namespace quarry::bench
