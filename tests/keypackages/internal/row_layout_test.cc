// Byte-level tests of the two row layouts, on hand-escaped vertex bytes.
#include "keypackages/internal/row_layout.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "keypackages/key_format.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::internal {
namespace {

using namespace std::string_literals;
using ::quarry::testing::StatusIs;

constexpr RowKind kAllKinds[] = {RowKind::kEntity, RowKind::kDirectedSourceFirst,
                                 RowKind::kDirectedDestinationFirst, RowKind::kUndirected};

std::string EntityRow(const RowLayout& l, std::string_view v) {
  std::string s;
  l.AppendEntityRow(v, &s);
  return s;
}

std::string EdgeRow(const RowLayout& l, std::string_view a, std::string_view b, RowKind k) {
  std::string s;
  l.AppendEdgeRow(a, b, k, &s);
  return s;
}

// A key with group "g", empty qualifier and visibility.
std::string KeyOf(const std::string& row_section) { return row_section + "\0g\0\0"s; }

TEST(ByteEntityLayoutTest, RowsMatchGafferTables) {
  const RowLayout& l = ByteEntityLayout();
  EXPECT_EQ(EntityRow(l, "A"), "A\x00\x01"s);
  EXPECT_EQ(EdgeRow(l, "A", "B", RowKind::kDirectedSourceFirst),
            "A\x00\x02\x00"
            "B\x00\x02"s);
  EXPECT_EQ(EdgeRow(l, "B", "A", RowKind::kDirectedDestinationFirst),
            "B\x00\x03\x00"
            "A\x00\x03"s);
  EXPECT_EQ(EdgeRow(l, "A", "B", RowKind::kUndirected),
            "A\x00\x04\x00"
            "B\x00\x04"s);
}

TEST(ClassicLayoutTest, RowsMatchGafferTables) {
  const RowLayout& l = ClassicLayout();
  EXPECT_EQ(EntityRow(l, "A"), "A\x00\x00"s);  // Gaffer's row "A" plus our 00 00 ending.
  EXPECT_EQ(EdgeRow(l, "A", "B", RowKind::kDirectedSourceFirst),
            "A\x00"
            "B\x00\x02"s);
  EXPECT_EQ(EdgeRow(l, "B", "A", RowKind::kDirectedDestinationFirst),
            "B\x00"
            "A\x00\x03"s);
  EXPECT_EQ(EdgeRow(l, "A", "B", RowKind::kUndirected),
            "A\x00"
            "B\x00\x01"s);
}

class RowLayoutTest : public ::testing::TestWithParam<const RowLayout*> {
 protected:
  const RowLayout& layout() const { return *GetParam(); }
  // Vertices (already escaped): empty, a prefix of another, escape bytes, 0xFF.
  std::vector<std::string> Vertices() const {
    return {"", "A", "AB", "B", "\x01\x01"s, "\x01\x02\xff"s, "\xff"};
  }
  struct Row {
    std::string key;
    RowKind kind;
    std::string first, second;
  };
  std::vector<Row> AllRows() const {
    std::vector<Row> rows;
    for (const std::string& a : Vertices()) {
      rows.push_back({KeyOf(EntityRow(layout(), a)), RowKind::kEntity, a, ""});
      for (const std::string& b : Vertices()) {
        for (RowKind k : kAllKinds) {
          if (k == RowKind::kEntity) continue;
          rows.push_back({KeyOf(EdgeRow(layout(), a, b, k)), k, a, b});
        }
      }
    }
    return rows;
  }
};

TEST_P(RowLayoutTest, ParseInvertsAppend) {
  for (const Row& row : AllRows()) {
    ASSERT_OK_AND_ASSIGN(KeyParts parts, SplitKey(row.key));
    ASSERT_OK_AND_ASSIGN(RowInfo info, layout().ParseRowSection(parts.row_section));
    EXPECT_EQ(info.kind, row.kind) << HexBytes(row.key);
    EXPECT_EQ(info.first, row.first) << HexBytes(row.key);
    EXPECT_EQ(info.second, row.second) << HexBytes(row.key);
    EXPECT_EQ(RowPrefix(row.key), row.first + "\0"s);
  }
}

TEST_P(RowLayoutTest, MalformedSectionsAreDataLoss) {
  for (std::string bad : {"A"s, "A\x00"s, "A\x00\x09"s,
                          "A\x00\x02\x00"
                          "B\x00\x04"s,
                          "A\x00\x01\x01"s,
                          "A\x00"
                          "B\x00\x07"s,
                          "A\x00"
                          "B\x00\x02\x02"s}) {
    auto r = layout().ParseRowSection(bad);
    if (r.ok()) {
      // A section valid in one layout may be malformed in the other; it must
      // then re-encode to the same bytes.
      std::string again =
          r.value().kind == RowKind::kEntity
              ? EntityRow(layout(), r.value().first)
              : EdgeRow(layout(), r.value().first, r.value().second, r.value().kind);
      EXPECT_EQ(again, bad);
    } else {
      EXPECT_THAT(r, StatusIs(StatusCode::kDataLoss));
    }
  }
}

TEST_P(RowLayoutTest, VertexRangesCoverExactlyTheSelectedRows) {
  const bool exact = !layout().SeededScansNeedFilter();
  for (const std::string& v : Vertices()) {
    for (int mask = 1; mask < 4; ++mask) {
      for (DirectedType dt :
           {DirectedType::kEither, DirectedType::kDirected, DirectedType::kUndirected}) {
        for (IncludeIncomingOutgoing io :
             {IncludeIncomingOutgoing::kEither, IncludeIncomingOutgoing::kIncoming,
              IncludeIncomingOutgoing::kOutgoing}) {
          RowFilter select{(mask & 1) != 0, (mask & 2) != 0, dt, io, false};
          std::vector<KeyRange> ranges;
          layout().AppendVertexRanges(v, select, &ranges);
          for (const Row& row : AllRows()) {
            bool in = false;
            for (const KeyRange& r : ranges) in = in || r.Contains(row.key);
            bool wanted =
                row.first == v && select.Accepts(RowInfo{row.kind, row.first, row.second});
            // Classic ranges separate entities from edges only.
            bool kind_wanted =
                row.first == v && (row.kind == RowKind::kEntity ? select.entities : select.edges);
            EXPECT_EQ(in, exact ? wanted : kind_wanted)
                << HexBytes(row.key) << " vertex " << HexBytes(v) << " mask " << mask;
          }
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Layouts, RowLayoutTest,
                         ::testing::Values(&ByteEntityLayout(), &ClassicLayout()));

std::vector<std::string> Covered(const RowLayout& l, std::string_view s, std::string_view d,
                                 DirectedType dt, IncludeIncomingOutgoing io,
                                 const std::vector<std::string>& keys) {
  std::vector<KeyRange> ranges;
  l.AppendEdgeRanges(s, d, dt, io, &ranges);
  std::vector<std::string> out;
  for (const std::string& k : keys) {
    for (const KeyRange& r : ranges) {
      if (r.Contains(k)) {
        out.push_back(k);
        break;
      }
    }
  }
  return out;
}

TEST(ByteEntityLayoutTest, EdgeRangesEitherTakeSourceFirstDirectedAndUndirected) {
  const RowLayout& l = ByteEntityLayout();
  const std::string ab2 = KeyOf(
      "A\x00\x02\x00"
      "B\x00\x02"s);
  const std::string ab3 = KeyOf(
      "A\x00\x03\x00"
      "B\x00\x03"s);  // B->A under A.
  const std::string ab4 = KeyOf(
      "A\x00\x04\x00"
      "B\x00\x04"s);
  const std::string a1 = KeyOf("A\x00\x01"s);
  const std::vector<std::string> keys = {ab2, ab3, ab4, a1};
  using V = std::vector<std::string>;
  EXPECT_EQ(Covered(l, "A", "B", DirectedType::kEither, IncludeIncomingOutgoing::kEither, keys),
            (V{ab2, ab4}));
  EXPECT_EQ(Covered(l, "A", "B", DirectedType::kDirected, IncludeIncomingOutgoing::kIncoming, keys),
            (V{ab2}));
  EXPECT_EQ(Covered(l, "A", "B", DirectedType::kUndirected, IncludeIncomingOutgoing::kEither, keys),
            (V{ab4}));
}

TEST(ClassicLayoutTest, EdgeRangesEitherAlsoTakeTheReverseDirectedRow) {
  const RowLayout& l = ClassicLayout();
  const std::string ab1 = KeyOf(
      "A\x00"
      "B\x00\x01"s);
  const std::string ab2 = KeyOf(
      "A\x00"
      "B\x00\x02"s);
  const std::string ab3 = KeyOf(
      "A\x00"
      "B\x00\x03"s);  // B->A stored under A.
  const std::string ba3 = KeyOf(
      "B\x00"
      "A\x00\x03"s);  // A->B stored under B.
  const std::string a = KeyOf("A\x00\x00"s);
  const std::vector<std::string> keys = {ab1, ab2, ab3, ba3, a};
  using V = std::vector<std::string>;
  EXPECT_EQ(Covered(l, "A", "B", DirectedType::kEither, IncludeIncomingOutgoing::kEither, keys),
            (V{ab1, ab2, ab3}));
  EXPECT_EQ(Covered(l, "A", "B", DirectedType::kDirected, IncludeIncomingOutgoing::kIncoming, keys),
            (V{ba3}));
  EXPECT_EQ(Covered(l, "A", "B", DirectedType::kDirected, IncludeIncomingOutgoing::kOutgoing, keys),
            (V{ab2}));
  EXPECT_EQ(Covered(l, "A", "B", DirectedType::kUndirected, IncludeIncomingOutgoing::kEither, keys),
            (V{ab1}));
}

TEST(ClassicLayoutTest, EntityKeySortsBeforeEdgeKeysOfItsVertexAsInAccumulo) {
  const RowLayout& l = ClassicLayout();
  // Entity "A", edge A->"" (empty vertex) and A->B: Accumulo rows sort
  // "A" < "A 00 00 02" < "A 00 B 00 02".
  std::string entity = KeyOf(EntityRow(l, "A"));
  std::string to_empty = KeyOf(EdgeRow(l, "A", "", RowKind::kDirectedSourceFirst));
  std::string to_b = KeyOf(EdgeRow(l, "A", "B", RowKind::kDirectedSourceFirst));
  std::string entity_ab = KeyOf(EntityRow(l, "AB"));
  EXPECT_LT(entity, to_empty);
  EXPECT_LT(to_empty, to_b);
  EXPECT_LT(to_b, entity_ab);
}

}  // namespace
}  // namespace quarry::internal
