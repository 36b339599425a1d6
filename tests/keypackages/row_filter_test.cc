#include "keypackages/row_filter.h"

#include <gtest/gtest.h>

namespace quarry {
namespace {

const RowInfo kEntity{RowKind::kEntity, "A", ""};
const RowInfo kOut{RowKind::kDirectedSourceFirst, "A", "B"};
const RowInfo kIn{RowKind::kDirectedDestinationFirst, "A", "B"};
const RowInfo kUndirectedLow{RowKind::kUndirected, "A", "B"};
const RowInfo kUndirectedHigh{RowKind::kUndirected, "B", "A"};
const RowInfo kUndirectedLoop{RowKind::kUndirected, "A", "A"};

TEST(RowFilterTest, DefaultAcceptsEverything) {
  RowFilter f;
  for (const RowInfo& r : {kEntity, kOut, kIn, kUndirectedLow, kUndirectedHigh}) {
    EXPECT_TRUE(f.Accepts(r));
  }
}

// GDv1 Filtering.md: OUTGOING keeps undirected and source-first rows.
TEST(RowFilterTest, IncomingOutgoingOnlyRestrictDirectedRows) {
  RowFilter out{true, true, DirectedType::kEither, IncludeIncomingOutgoing::kOutgoing, false};
  EXPECT_TRUE(out.Accepts(kOut));
  EXPECT_FALSE(out.Accepts(kIn));
  EXPECT_TRUE(out.Accepts(kUndirectedHigh));
  RowFilter in{true, true, DirectedType::kEither, IncludeIncomingOutgoing::kIncoming, false};
  EXPECT_FALSE(in.Accepts(kOut));
  EXPECT_TRUE(in.Accepts(kIn));
  EXPECT_TRUE(in.Accepts(kUndirectedLow));
}

TEST(RowFilterTest, DirectedTypeSelectsEdgeRows) {
  RowFilter d{true, true, DirectedType::kDirected, IncludeIncomingOutgoing::kEither, false};
  EXPECT_TRUE(d.Accepts(kOut));
  EXPECT_FALSE(d.Accepts(kUndirectedLow));
  EXPECT_TRUE(d.Accepts(kEntity));
  RowFilter u{true, true, DirectedType::kUndirected, IncludeIncomingOutgoing::kEither, false};
  EXPECT_FALSE(u.Accepts(kIn));
  EXPECT_TRUE(u.Accepts(kUndirectedHigh));
}

TEST(RowFilterTest, EntitiesAndEdgesSwitches) {
  RowFilter no_edges{true, false, DirectedType::kEither, IncludeIncomingOutgoing::kEither, false};
  EXPECT_TRUE(no_edges.Accepts(kEntity));
  EXPECT_FALSE(no_edges.Accepts(kUndirectedLow));
  RowFilter no_entities{false, true, DirectedType::kEither, IncludeIncomingOutgoing::kEither,
                        false};
  EXPECT_FALSE(no_entities.Accepts(kEntity));
  EXPECT_TRUE(no_entities.Accepts(kIn));
}

TEST(RowFilterTest, DeduplicationKeepsOneRowPerUndirectedEdge) {
  RowFilter f{true, true, DirectedType::kEither, IncludeIncomingOutgoing::kEither, true};
  EXPECT_TRUE(f.Accepts(kUndirectedLow));
  EXPECT_FALSE(f.Accepts(kUndirectedHigh));
  EXPECT_TRUE(f.Accepts(kUndirectedLoop));
}

}  // namespace
}  // namespace quarry
