// Classic rows (gaffer-compat.md §4.1, §9.2, §9.4), with the entity row
// section ending 00 00 (see key_format.h):
//   entity  V 00 00        edge  X 00 Y 00 f
// A vertex's rows are one key range; the RowFilter restricts edges.
#include <string>

#include "keypackages/internal/row_layout.h"
#include "keypackages/key_format.h"

namespace quarry::internal {
namespace {

char FlagOf(RowKind kind) {
  ClassicFlag f = ClassicFlag::kUndirected;
  switch (kind) {
    case RowKind::kEntity:  // Not used: entities carry no flag.
    case RowKind::kUndirected:
      f = ClassicFlag::kUndirected;
      break;
    case RowKind::kDirectedSourceFirst:
      f = ClassicFlag::kDirectedSourceFirst;
      break;
    case RowKind::kDirectedDestinationFirst:
      f = ClassicFlag::kDirectedDestinationFirst;
      break;
  }
  return static_cast<char>(f);
}

bool EdgeKindOf(char flag, RowKind* kind) {
  switch (static_cast<ClassicFlag>(flag)) {
    case ClassicFlag::kUndirected:
      *kind = RowKind::kUndirected;
      return true;
    case ClassicFlag::kDirectedSourceFirst:
      *kind = RowKind::kDirectedSourceFirst;
      return true;
    case ClassicFlag::kDirectedDestinationFirst:
      *kind = RowKind::kDirectedDestinationFirst;
      return true;
  }
  return false;
}

Status Malformed(std::string_view section) {
  return DataLossError("malformed Classic row: " + HexBytes(section));
}

std::string WithBytes(std::string_view base, std::initializer_list<char> bytes) {
  std::string s(base);
  for (char b : bytes) s.push_back(b);
  return s;
}

class ClassicRowLayout final : public RowLayout {
 public:
  void AppendEntityRow(std::string_view v, std::string* dst) const override {
    dst->append(v);
    dst->push_back(kKeyDelimiter);
    dst->push_back(kKeyDelimiter);
  }

  void AppendEdgeRow(std::string_view first, std::string_view second, RowKind kind,
                     std::string* dst) const override {
    dst->append(first);
    dst->push_back(kKeyDelimiter);
    dst->append(second);
    dst->push_back(kKeyDelimiter);
    dst->push_back(FlagOf(kind));
  }

  Result<RowInfo> ParseRowSection(std::string_view s) const override {
    RowInfo info;
    const size_t i = s.find(kKeyDelimiter);
    if (i == std::string_view::npos || i + 1 >= s.size()) return Malformed(s);
    info.first = s.substr(0, i);
    if (s.size() == i + 2 && s[i + 1] == kKeyDelimiter) {
      info.kind = RowKind::kEntity;
      return info;
    }
    const size_t j = s.find(kKeyDelimiter, i + 1);
    if (j == std::string_view::npos || s.size() != j + 2 || !EdgeKindOf(s[j + 1], &info.kind)) {
      return Malformed(s);
    }
    info.second = s.substr(i + 1, j - i - 1);
    return info;
  }

  void AppendVertexRanges(std::string_view v, const RowFilter& select,
                          std::vector<KeyRange>* out) const override {
    const std::string v0 = WithBytes(v, {kKeyDelimiter});
    if (select.entities && select.edges) {
      out->push_back(KeyRange::Prefix(v0));
    } else if (select.entities) {
      out->push_back(KeyRange::Prefix(WithBytes(v0, {kKeyDelimiter, kKeyDelimiter})));
    } else if (select.edges) {
      out->push_back(KeyRange::HalfOpen(WithBytes(v0, {kKeyDelimiter, kKeyDelimiterPlusOne}),
                                        PrefixSuccessor(v0)));
    }
  }

  void AppendEdgeRanges(std::string_view s, std::string_view d, DirectedType directed,
                        IncludeIncomingOutgoing in_out, std::vector<KeyRange>* out) const override {
    // INCOMING looks the edge up under its destination (Gaffer's
    // ClassicRangeFactory): the flipped row still yields S->D.
    const bool incoming = in_out == IncludeIncomingOutgoing::kIncoming;
    std::string base(incoming ? d : s);
    base.push_back(kKeyDelimiter);
    base.append(incoming ? s : d);
    base.push_back(kKeyDelimiter);
    if (directed == DirectedType::kEither) {
      out->push_back(KeyRange::HalfOpen(
          WithBytes(base, {FlagOf(RowKind::kUndirected)}),
          WithBytes(base, {static_cast<char>(
                              static_cast<int>(ClassicFlag::kDirectedDestinationFirst) + 1)})));
      return;
    }
    RowKind kind = RowKind::kUndirected;
    if (directed == DirectedType::kDirected) {
      kind = incoming ? RowKind::kDirectedDestinationFirst : RowKind::kDirectedSourceFirst;
    }
    out->push_back(KeyRange::Prefix(WithBytes(base, {FlagOf(kind), kKeyDelimiter})));
  }

  bool SeededScansNeedFilter() const override { return true; }
};

}  // namespace

const RowLayout& ClassicLayout() {
  static const ClassicRowLayout* layout = new ClassicRowLayout();
  return *layout;
}

}  // namespace quarry::internal
