// RocksGraph: AddElements (gaffer-compat.md §9.10).
#include <rocksdb/write_batch.h>

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <utility>

#include "graph-core/clock.h"
#include "iterators/aggregate.h"
#include "iterators/visibility.h"
#include "store-rocks/internal/rocks_graph.h"
#include "store-rocks/internal/write_order.h"

namespace quarry::internal {
namespace {

std::string Where(size_t index, const Element& e) {
  return "element " + std::to_string(index) + " (group '" + e.group() + "')";
}

rocksdb::Slice S(const std::string& s) { return rocksdb::Slice(s); }

// About the bytes a WriteBatch holds for `cells`: each record's key and
// value, their lengths, its type and column family, and room for an insert id.
template <typename Cells>
size_t BatchBytes(const Cells& cells) {
  size_t bytes = 12;  // The batch header.
  for (const auto& c : cells) bytes += c.kv.key.size() + c.kv.value.size() + 16;
  return bytes;
}

}  // namespace

// Schema validation (with IsA) when asked, and always Gaffer's ingest check
// that the visibility property parses as an Accumulo expression.
Status RocksGraph::CheckElement(size_t index, const Element& element, bool validate) const {
  const SchemaElementDefinition* def = schema_->Group(element.group());
  if (def == nullptr || def->kind() != element.kind()) {
    return InvalidArgumentError(Where(index, element) + ": no " +
                                (element.is_entity() ? "entity" : "edge") +
                                " group of that name in the schema");
  }
  if (validate) {
    Status s = def->Validate(element, /*include_is_a=*/true);
    if (!s.ok()) return InvalidArgumentError(Where(index, element) + ": " + s.message());
  }
  const auto& vis_property = schema_->visibility_property();
  if (vis_property.has_value()) {
    const Value* v = element.properties().Find(*vis_property);
    if (v != nullptr && (v->type() == ValueType::kString || v->type() == ValueType::kBytes)) {
      Result<VisibilityExpression> parsed = VisibilityExpression::Parse(v->AsString());
      if (!parsed.ok()) {
        return InvalidArgumentError(Where(index, element) + ": property '" + *vis_property +
                                    "': " + parsed.status().message());
      }
    }
  }
  return Status::OK();
}

Status RocksGraph::AddElements(std::span<const Element> elements, const AddElementsOptions& options,
                               AddElementsResult* result) {
  AddElementsResult local;
  if (result == nullptr) result = &local;
  *result = AddElementsResult();
  Status s = WriteElements(elements, options, result);
  if (!s.ok()) *result = AddElementsResult();  // Nothing was stored.
  return s;
}

Status RocksGraph::WriteElements(std::span<const Element> elements,
                                 const AddElementsOptions& options, AddElementsResult* result) {
  std::vector<Cell> cells;
  cells.reserve(elements.size() * 2);  // An edge is two cells, an entity one.
  QUARRY_RETURN_IF_ERROR(
      EncodeElements(elements, options, result, [&cells](const GroupState& group, KeyValue& kv) {
        cells.push_back({&group, std::move(kv)});
      }));
  if (coalescer_ != nullptr && !cells.empty()) return coalescer_->Write(std::move(cells));
  return WriteCells(&cells);
}

Status RocksGraph::EncodeElements(std::span<const Element> elements,
                                  const AddElementsOptions& options, AddElementsResult* result,
                                  const CellSink& sink) const {
  const int64_t timestamp = NowMillis();
  std::vector<KeyValue> kvs;
  for (size_t i = 0; i < elements.size(); ++i) {
    if (SkipsUnknownGroup(*schema_, elements[i], options)) {
      ++result->skipped;
      continue;
    }
    Status s = CheckElement(i, elements[i], options.validate);
    if (!s.ok() && options.skip_invalid_elements) {
      ++result->skipped;
      continue;
    }
    QUARRY_RETURN_IF_ERROR(s);
    kvs.clear();
    s = package_->Encode(elements[i], timestamp, &kvs);
    if (!s.ok()) return InvalidArgumentError(Where(i, elements[i]) + ": " + s.message());
    const GroupState* state = group(elements[i].group());
    for (KeyValue& kv : kvs) sink(*state, kv);
    ++result->added;
  }
  return Status::OK();
}

// Key order per group (write_order.h): each memtable insert starts from the
// previous one's place in the skip list. The sort moves small index entries,
// not cells: sorting the cells themselves was 9% of an ingesting thread
// (session 14 profile), mostly moving them.
void RocksGraph::SortByGroupAndKey(std::vector<Cell>* cells) {
  std::vector<WriteOrderEntry> order;
  order.reserve(cells->size());
  for (size_t i = 0; i < cells->size(); ++i) {
    const Cell& c = (*cells)[i];
    order.push_back(MakeWriteOrderEntry(c.group, c.kv.key, static_cast<uint32_t>(i)));
  }
  SortWriteOrder(&order);
  std::vector<Cell> sorted;
  sorted.reserve(cells->size());
  for (const WriteOrderEntry& e : order) sorted.push_back(std::move((*cells)[e.index]));
  cells->swap(sorted);
}

// One WriteBatch per instance, each cell in its shard's instance: Merge for
// aggregated groups, Put under a fresh insert id
// (keypackages/key_format.h) for the others. Every cell
// is encoded before anything is written; the batches are written one
// instance after the other (atomic within an instance only).
Status RocksGraph::WriteCells(std::vector<Cell>* cells) {
  if (cells->empty()) return Status::OK();
  uint64_t id_cells = 0;
  for (const Cell& c : *cells) id_cells += c.group->insert_ids ? 1 : 0;
  uint64_t next_id = 0;
  if (id_cells > 0) {
    QUARRY_ASSIGN_OR_RETURN(next_id, ids_->Reserve(id_cells));
  }
  SortByGroupAndKey(cells);
  FoldEqualKeys(cells);
  std::shared_lock<std::shared_mutex> lock(shard_mu_);
  std::vector<rocksdb::WriteBatch> batches;
  batches.reserve(dbs_.size());
  // Sized up front: growing a 10,000-cell batch's buffer copied it again
  // and again (memmove in ingest profiles).
  const size_t reserve = BatchBytes(*cells) / dbs_.size() + 64;
  for (size_t i = 0; i < dbs_.size(); ++i) batches.emplace_back(reserve);
  for (Cell& c : *cells) {
    size_t i = dbs_.size() == 1 ? 0 : shards_.InstanceOf(c.kv.key);
    rocksdb::Status s;
    if (c.group->insert_ids) {
      AppendInsertId(next_id++, &c.kv.key);
      s = batches[i].Put(c.group->cfs[i], S(c.kv.key), S(c.kv.value));
    } else {
      s = batches[i].Merge(c.group->cfs[i], S(c.kv.key), S(c.kv.value));
    }
    QUARRY_RETURN_IF_ERROR(FromRocks(s, "building the write batch"));
  }
  return WriteBatches(&batches, "writing elements");
}

// hotkeys2 (issue 18): a hot key written by several batches of one group
// commit reaches the memtable as one entry, not one per batch, so a read
// skips fewer shadowed versions and the write inserts fewer.
void RocksGraph::FoldEqualKeys(std::vector<Cell>* cells) const {
  std::vector<Cell>& c = *cells;
  std::vector<std::string_view> values;
  std::string folded;
  size_t out = 0;
  for (size_t i = 0; i < c.size();) {
    size_t end = i + 1;
    while (end < c.size() && c[end].group == c[i].group && c[end].kv.key == c[i].kv.key) ++end;
    const GroupState& group = *c[i].group;
    bool fold = end - i > 1 && group.merge_operator != nullptr && !group.insert_ids;
    if (fold) {
      values.clear();
      for (size_t j = i; j < end; ++j) values.push_back(c[j].kv.value);
      const PropertyLayout& layout = *package_->LayoutFor(group.def->group());
      folded.clear();
      fold = MergeStoredValues(layout, values, OperandOrder::kOldestFirst, &folded).ok();
    }
    if (fold) c[i].kv.value.swap(folded);
    const size_t kept_end = fold ? i + 1 : end;  // A folded run keeps its first cell.
    for (size_t j = i; j < kept_end; ++j, ++out) {
      if (out != j) c[out] = std::move(c[j]);
    }
    i = end;
  }
  c.resize(out);
}

Status RocksGraph::WriteBatches(std::vector<rocksdb::WriteBatch>* batches,
                                const std::string& what) {
  for (size_t i = 0; i < batches->size(); ++i) {
    if ((*batches)[i].Count() == 0) continue;
    RocksInstance& db = *dbs_[i];
    QUARRY_RETURN_IF_ERROR(FromRocks(db.db()->Write(db.write_options(), &(*batches)[i]), what));
    if (properties_.durability == Durability::kFlush) {
      // The batch is stored; a failed WAL flush only weakens its durability.
      QUARRY_RETURN_IF_ERROR(FromRocks(db.db()->FlushWAL(/*sync=*/false), "flushing the WAL"));
    }
  }
  return Status::OK();
}

}  // namespace quarry::internal
