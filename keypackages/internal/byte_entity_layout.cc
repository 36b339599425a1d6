// ByteEntity rows (gaffer-compat.md §4.1, §9.2, §9.4):
//   entity  V 00 01        edge  X 00 f 00 Y 00 f
// Seeded ranges are exact: one range per contiguous run of flags under V.
#include <string>

#include "keypackages/internal/row_layout.h"
#include "keypackages/key_format.h"

namespace quarry::internal {
namespace {

char FlagOf(RowKind kind) {
  ByteEntityFlag f = ByteEntityFlag::kEntity;
  switch (kind) {
    case RowKind::kEntity:
      f = ByteEntityFlag::kEntity;
      break;
    case RowKind::kDirectedSourceFirst:
      f = ByteEntityFlag::kDirectedSourceFirst;
      break;
    case RowKind::kDirectedDestinationFirst:
      f = ByteEntityFlag::kDirectedDestinationFirst;
      break;
    case RowKind::kUndirected:
      f = ByteEntityFlag::kUndirected;
      break;
  }
  return static_cast<char>(f);
}

bool KindOf(char flag, RowKind* kind) {
  switch (static_cast<ByteEntityFlag>(flag)) {
    case ByteEntityFlag::kEntity:
      *kind = RowKind::kEntity;
      return true;
    case ByteEntityFlag::kDirectedSourceFirst:
      *kind = RowKind::kDirectedSourceFirst;
      return true;
    case ByteEntityFlag::kDirectedDestinationFirst:
      *kind = RowKind::kDirectedDestinationFirst;
      return true;
    case ByteEntityFlag::kUndirected:
      *kind = RowKind::kUndirected;
      return true;
  }
  return false;
}

Status Malformed(std::string_view section) {
  return DataLossError("malformed ByteEntity row: " + HexBytes(section));
}

// [v 00 first_flag, v 00 (last_flag + 1)).
KeyRange FlagRun(std::string_view v, int first_flag, int last_flag) {
  std::string start(v);
  start.push_back(kKeyDelimiter);
  std::string end = start;
  start.push_back(static_cast<char>(first_flag));
  end.push_back(static_cast<char>(last_flag + 1));
  return KeyRange::HalfOpen(std::move(start), std::move(end));
}

class ByteEntityRowLayout final : public RowLayout {
 public:
  void AppendEntityRow(std::string_view v, std::string* dst) const override {
    dst->append(v);
    dst->push_back(kKeyDelimiter);
    dst->push_back(FlagOf(RowKind::kEntity));
  }

  void AppendEdgeRow(std::string_view first, std::string_view second, RowKind kind,
                     std::string* dst) const override {
    const char flag = FlagOf(kind);
    dst->append(first);
    dst->push_back(kKeyDelimiter);
    dst->push_back(flag);
    dst->push_back(kKeyDelimiter);
    dst->append(second);
    dst->push_back(kKeyDelimiter);
    dst->push_back(flag);
  }

  Result<RowInfo> ParseRowSection(std::string_view s) const override {
    RowInfo info;
    const size_t i = s.find(kKeyDelimiter);
    if (i == std::string_view::npos || i + 1 >= s.size() || !KindOf(s[i + 1], &info.kind)) {
      return Malformed(s);
    }
    info.first = s.substr(0, i);
    if (info.kind == RowKind::kEntity) {
      if (s.size() != i + 2) return Malformed(s);
      return info;
    }
    if (i + 2 >= s.size() || s[i + 2] != kKeyDelimiter) return Malformed(s);
    const size_t j = s.find(kKeyDelimiter, i + 3);
    if (j == std::string_view::npos || s.size() != j + 2 || s[j + 1] != s[i + 1]) {
      return Malformed(s);
    }
    info.second = s.substr(i + 3, j - i - 3);
    return info;
  }

  void AppendVertexRanges(std::string_view v, const RowFilter& select,
                          std::vector<KeyRange>* out) const override {
    bool wanted[6] = {false, false, false, false, false, false};  // Indexed by flag.
    RowInfo probe;
    for (RowKind kind : {RowKind::kEntity, RowKind::kDirectedSourceFirst,
                         RowKind::kDirectedDestinationFirst, RowKind::kUndirected}) {
      probe.kind = kind;
      wanted[static_cast<int>(FlagOf(kind))] = select.Accepts(probe);
    }
    for (int flag = 1; flag <= 4; ++flag) {
      if (!wanted[flag]) continue;
      int last = flag;
      while (wanted[last + 1]) ++last;
      out->push_back(FlagRun(v, flag, last));
      flag = last;
    }
  }

  void AppendEdgeRanges(std::string_view s, std::string_view d, DirectedType directed,
                        IncludeIncomingOutgoing /*in_out: ignored, as Gaffer does*/,
                        std::vector<KeyRange>* out) const override {
    std::string row;
    if (directed != DirectedType::kUndirected) {
      AppendEdgeRow(s, d, RowKind::kDirectedSourceFirst, &row);
      row.push_back(kKeyDelimiter);
      out->push_back(KeyRange::Prefix(row));
    }
    if (directed != DirectedType::kDirected) {
      row.clear();
      AppendEdgeRow(s, d, RowKind::kUndirected, &row);
      row.push_back(kKeyDelimiter);
      out->push_back(KeyRange::Prefix(row));
    }
  }

  bool SeededScansNeedFilter() const override { return false; }
};

}  // namespace

const RowLayout& ByteEntityLayout() {
  static const ByteEntityRowLayout* layout = new ByteEntityRowLayout();
  return *layout;
}

}  // namespace quarry::internal
