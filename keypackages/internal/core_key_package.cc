#include "keypackages/internal/core_key_package.h"

#include <algorithm>
#include <atomic>
#include <string>
#include <utility>
#include <variant>

#include "schema/escaping.h"

namespace quarry::internal {
namespace {

// Gaffer's DirectedType.areCompatible / DirectedType.and.
bool Compatible(DirectedType a, DirectedType b) {
  return a == DirectedType::kEither || b == DirectedType::kEither || a == b;
}
DirectedType And(DirectedType a, DirectedType b) { return a == DirectedType::kEither ? b : a; }

// Sets *raw to `escaped` unescaped: a view of `escaped` itself when it holds
// neither an escape byte nor a raw 00 (the common case, no copy), else of
// the front of *scratch (whose size may exceed the view's). Errors as
// Unescape.
Status UnescapeView(std::string_view escaped, std::string* scratch, std::string_view* raw) {
  // 00 and 01 are the only bytes below 02; one pass, no per-byte memchr.
  if (std::none_of(escaped.begin(), escaped.end(),
                   [](char c) { return static_cast<unsigned char>(c) < 2; })) {
    *raw = escaped;
    return Status::OK();
  }
  // Into the scratch's own bytes, grown only when a piece is longer than
  // any before: no resize per cell.
  if (scratch->size() < escaped.size()) scratch->resize(escaped.size());
  QUARRY_ASSIGN_OR_RETURN(size_t length, UnescapeTo(escaped, scratch->data()));
  *raw = std::string_view(scratch->data(), length);
  return Status::OK();
}

// What one thread decoded last, so that consecutive cells of one row and one
// group (every cell of a seeded scan; runs of them in a full scan) skip the
// unescaping, parsing and map lookup. Valid for the package whose serial it
// holds; a decode of another package just replaces it.
struct DecodeMemo {
  uint64_t package = 0;  // 0: nothing remembered (serials start at 1).
  std::string group_key;
  const std::pair<const std::string, PropertyLayout>* group = nullptr;
  uint64_t vertex_package = 0;
  std::string vertex_key;
  Value vertex;
};

DecodeMemo& Memo() {
  thread_local DecodeMemo memo;
  return memo;
}

Status NeedEntitiesOrEdges() {
  return InvalidArgumentError("a seeded scan must include entities, edges or both");
}

}  // namespace

Result<std::unique_ptr<const KeyPackage>> CoreKeyPackage::Create(
    std::string_view name, const RowLayout& layout, std::shared_ptr<const Schema> schema,
    uint32_t value_format) {
  if (!schema->vertex_serialiser().IsConsistent()) {
    return InvalidArgumentError("vertex serialiser " +
                                std::string(schema->vertex_serialiser().ClassName()) +
                                " is not consistent, so it cannot be used in keys");
  }
  std::unique_ptr<CoreKeyPackage> package(new CoreKeyPackage(name, layout, schema, value_format));
  for (const auto* groups : {&schema->entity_groups(), &schema->edge_groups()}) {
    for (const SchemaElementDefinition* def : *groups) {
      QUARRY_ASSIGN_OR_RETURN(PropertyLayout pl, PropertyLayout::For(*schema, *def, value_format));
      package->groups_.emplace(def->group(), std::move(pl));
    }
  }
  return std::unique_ptr<const KeyPackage>(std::move(package));
}

Status CoreKeyPackage::AppendVertex(const Value& vertex, std::string_view what, std::string* raw,
                                    std::string* dst) const {
  if (vertex.is_null()) return InvalidArgumentError(std::string(what) + " is null");
  Status s = schema_->vertex_serialiser().Serialise(vertex, raw);
  if (!s.ok()) return InvalidArgumentError(std::string(what) + ": " + s.message());
  Escape(*raw, dst);
  return Status::OK();
}

Status CoreKeyPackage::DecodeVertex(std::string_view escaped, std::string* scratch,
                                    Value* out) const {
  std::string_view raw;
  QUARRY_RETURN_IF_ERROR(UnescapeView(escaped, scratch, &raw));
  const Serialiser& ser = schema_->vertex_serialiser();
  if (raw.empty()) {
    *out = ser.DeserialiseEmpty();
  } else if (Status s = ser.DeserialiseInto(raw, out); !s.ok()) {
    return DataLossError("vertex: " + s.message());
  }
  if (out->is_null()) return DataLossError("vertex decodes to null: " + HexBytes(raw));
  return Status::OK();
}

Status CoreKeyPackage::DecodeRowVertex(std::string_view escaped, std::string* scratch,
                                       Value* out) const {
  DecodeMemo& memo = Memo();
  if (memo.vertex_package == serial_ && memo.vertex_key == escaped) {
    *out = memo.vertex;
    return Status::OK();
  }
  QUARRY_RETURN_IF_ERROR(DecodeVertex(escaped, scratch, out));
  memo.vertex_package = serial_;
  memo.vertex_key.assign(escaped);
  memo.vertex = *out;
  return Status::OK();
}

Result<const std::pair<const std::string, PropertyLayout>*> CoreKeyPackage::GroupOfKey(
    std::string_view group, std::string* scratch) const {
  DecodeMemo& memo = Memo();
  if (memo.package == serial_ && memo.group_key == group) return memo.group;
  std::string_view name;
  QUARRY_RETURN_IF_ERROR(UnescapeView(group, scratch, &name));
  auto it = groups_.find(name);
  if (it == groups_.end()) {
    return DataLossError("key names unknown group '" + std::string(name) + "'");
  }
  memo.package = serial_;
  memo.group_key.assign(group);
  memo.group = &*it;
  return memo.group;
}

uint64_t CoreKeyPackage::NextSerial() {
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

Status CoreKeyPackage::AppendTail(const PropertyLayout& pl, const Properties& properties,
                                  std::string* dst) const {
  std::string raw;
  dst->push_back(kKeyDelimiter);
  Escape(pl.definition().group(), dst);
  dst->push_back(kKeyDelimiter);
  QUARRY_RETURN_IF_ERROR(pl.EncodeColumnQualifier(properties, &raw));
  Escape(raw, dst);
  dst->push_back(kKeyDelimiter);
  raw.clear();
  QUARRY_RETURN_IF_ERROR(pl.EncodeVisibility(properties, &raw));
  Escape(raw, dst);
  return Status::OK();
}

Status CoreKeyPackage::Encode(const Element& element, int64_t timestamp,
                              std::vector<KeyValue>* out) const {
  auto it = groups_.find(element.group());
  if (it == groups_.end()) {
    return InvalidArgumentError("group '" + element.group() + "' is not in the schema");
  }
  const PropertyLayout& pl = it->second;
  if (pl.definition().kind() != element.kind()) {
    return InvalidArgumentError("group '" + element.group() + "' is " +
                                (element.is_entity() ? "an edge" : "an entity") + " group, not " +
                                (element.is_entity() ? "an entity" : "an edge"));
  }
  if (pl.timestamp() != nullptr) {
    const Value* t = element.properties().Find(pl.timestamp()->name);
    if (t != nullptr && t->type() == ValueType::kInt64) timestamp = t->AsInt64();
  }
  std::string tail, raw_first, first;
  QUARRY_RETURN_IF_ERROR(AppendTail(pl, element.properties(), &tail));
  KeyValue kv;
  QUARRY_RETURN_IF_ERROR(pl.EncodeValue(element.properties(), timestamp, &kv.value));
  if (element.is_entity()) {
    QUARRY_RETURN_IF_ERROR(AppendVertex(element.vertex(), "vertex", &raw_first, &first));
    layout_.AppendEntityRow(first, &kv.key);
    kv.key += tail;
    out->push_back(std::move(kv));
    return Status::OK();
  }
  std::string raw_second, second;
  QUARRY_RETURN_IF_ERROR(AppendVertex(element.source(), "source", &raw_first, &first));
  QUARRY_RETURN_IF_ERROR(AppendVertex(element.destination(), "destination", &raw_second, &second));
  const bool directed = element.directed();
  layout_.AppendEdgeRow(first, second,
                        directed ? RowKind::kDirectedSourceFirst : RowKind::kUndirected, &kv.key);
  kv.key += tail;
  if (raw_first == raw_second) {  // Self-loop: one row (§9.5).
    out->push_back(std::move(kv));
    return Status::OK();
  }
  KeyValue reverse;
  layout_.AppendEdgeRow(second, first,
                        directed ? RowKind::kDirectedDestinationFirst : RowKind::kUndirected,
                        &reverse.key);
  reverse.key += tail;
  reverse.value = kv.value;
  out->push_back(std::move(kv));
  out->push_back(std::move(reverse));
  return Status::OK();
}

Result<RowInfo> CoreKeyPackage::ParseRowSection(const KeyParts& parts) const {
  return layout_.ParseRowSection(parts.row_section);
}

Status CoreKeyPackage::DecodeInto(const KeyParts& parts, std::string_view value,
                                  Element* out) const {
  QUARRY_ASSIGN_OR_RETURN(RowInfo row, layout_.ParseRowSection(parts.row_section));
  // Reused per thread: unescaping a piece that holds escape bytes must not
  // allocate per cell.
  thread_local std::string scratch;
  QUARRY_ASSIGN_OR_RETURN(const auto* group_entry, GroupOfKey(parts.group, &scratch));
  const std::string& group = group_entry->first;
  const PropertyLayout& pl = group_entry->second;
  if (pl.definition().is_entity() != !row.is_edge()) {
    return DataLossError("group '" + group + "' stored under a row of the wrong kind");
  }
  // The vertices are decoded into the element's own slots, whose storage the
  // previous cell's vertices leave behind.
  if (!row.is_edge()) {
    QUARRY_RETURN_IF_ERROR(DecodeRowVertex(row.first, &scratch, &out->ResetToEntityInPlace(group)));
  } else {
    const bool destination_first = row.kind == RowKind::kDirectedDestinationFirst;
    auto [source, destination] = out->ResetToEdgeInPlace(
        group, row.kind != RowKind::kUndirected,
        destination_first ? MatchedVertex::kDestination : MatchedVertex::kSource);
    QUARRY_RETURN_IF_ERROR(
        DecodeRowVertex(row.first, &scratch, destination_first ? destination : source));
    QUARRY_RETURN_IF_ERROR(
        DecodeVertex(row.second, &scratch, destination_first ? source : destination));
    out->NormaliseEdge();
  }
  // The properties are checked now and decoded only when read: a consumer
  // of identifiers alone never pays for them.
  thread_local std::string visibility_scratch;
  std::string_view column_qualifier, visibility;
  QUARRY_RETURN_IF_ERROR(UnescapeView(parts.column_qualifier, &scratch, &column_qualifier));
  QUARRY_RETURN_IF_ERROR(UnescapeView(parts.visibility, &visibility_scratch, &visibility));
  return pl.HoldCell(column_qualifier, visibility, value, &out->mutable_properties());
}

Status CoreKeyPackage::VertexRanges(const Value& vertex, const RowFilter& select,
                                    std::vector<KeyRange>* out) const {
  std::string raw, escaped;
  QUARRY_RETURN_IF_ERROR(AppendVertex(vertex, "seed vertex", &raw, &escaped));
  layout_.AppendVertexRanges(escaped, select, out);
  return Status::OK();
}

Status CoreKeyPackage::EntitySeedRanges(const Value& vertex, const SeedOptions& options,
                                        std::vector<KeyRange>* out) const {
  RowFilter select;
  select.entities = options.seed_matching_equal || options.include_entities;
  select.edges = !options.seed_matching_equal && options.include_edges;
  select.directed_type = options.directed_type;
  select.include_incoming_outgoing = options.include_incoming_outgoing;
  if (!select.entities && !select.edges) return NeedEntitiesOrEdges();
  return VertexRanges(vertex, select, out);
}

Status CoreKeyPackage::EdgeSeedRanges(const EdgeSeed& seed, const SeedOptions& options,
                                      std::vector<KeyRange>* out) const {
  if (!options.include_entities && !options.include_edges) return NeedEntitiesOrEdges();
  if (options.include_edges && Compatible(options.directed_type, seed.directed_type)) {
    std::string raw, s, d;
    QUARRY_RETURN_IF_ERROR(AppendVertex(seed.source, "seed source", &raw, &s));
    raw.clear();
    QUARRY_RETURN_IF_ERROR(AppendVertex(seed.destination, "seed destination", &raw, &d));
    layout_.AppendEdgeRanges(s, d, And(options.directed_type, seed.directed_type),
                             options.include_incoming_outgoing, out);
  }
  if (options.include_entities && !options.seed_matching_equal) {
    RowFilter entities_only;
    entities_only.edges = false;
    QUARRY_RETURN_IF_ERROR(VertexRanges(seed.source, entities_only, out));
    QUARRY_RETURN_IF_ERROR(VertexRanges(seed.destination, entities_only, out));
  }
  return Status::OK();
}

Status CoreKeyPackage::RangesFor(const ElementId& seed, const SeedOptions& options,
                                 std::vector<KeyRange>* out) const {
  if (const auto* entity = std::get_if<EntitySeed>(&seed)) {
    return EntitySeedRanges(entity->vertex, options, out);
  }
  return EdgeSeedRanges(std::get<EdgeSeed>(seed), options, out);
}

Status CoreKeyPackage::RangesBetween(const ElementId& a, const ElementId& b,
                                     const SeedOptions& options, std::vector<KeyRange>* out) const {
  SeedOptions either = options;
  either.include_incoming_outgoing = IncludeIncomingOutgoing::kEither;
  std::vector<KeyRange> ranges;
  QUARRY_RETURN_IF_ERROR(RangesFor(a, either, &ranges));
  QUARRY_RETURN_IF_ERROR(RangesFor(b, either, &ranges));
  if (ranges.empty()) return Status::OK();
  MergeOverlapping(&ranges);  // Sorted by start; the last one ends highest.
  KeyRange span = ranges.front();
  span.end = ranges.back().end;
  span.end_inclusive = ranges.back().end_inclusive;
  out->push_back(std::move(span));
  return Status::OK();
}

std::optional<RowFilter> CoreKeyPackage::FilterFor(ScanKind kind,
                                                   const SeedOptions& options) const {
  RowFilter f;
  f.directed_type = options.directed_type;
  f.include_incoming_outgoing = options.include_incoming_outgoing;
  switch (kind) {
    case ScanKind::kSeeded:
      if (!layout_.SeededScansNeedFilter()) return std::nullopt;
      return f;
    case ScanKind::kAllElements:
      // Gaffer applies OUTGOING to non-seeded scans: directed edges come from
      // their source-first row only; undirected ones are de-duplicated (§9.6).
      f.entities = options.include_entities;
      f.edges = options.include_edges;
      f.include_incoming_outgoing = IncludeIncomingOutgoing::kOutgoing;
      f.deduplicate_undirected = true;
      return f;
    case ScanKind::kRanges:
      f.entities = options.include_entities;
      f.edges = options.include_edges;
      return f;
  }
  return f;
}

const PropertyLayout* CoreKeyPackage::LayoutFor(std::string_view group) const {
  auto it = groups_.find(group);
  return it == groups_.end() ? nullptr : &it->second;
}

Status CoreKeyPackage::RebuildKey(std::string_view key, const Properties& properties,
                                  std::string* dst) const {
  QUARRY_ASSIGN_OR_RETURN(KeyParts parts, SplitKey(key));
  std::string group;
  QUARRY_RETURN_IF_ERROR(Unescape(parts.group, &group));
  const PropertyLayout* pl = LayoutFor(group);
  if (pl == nullptr) return DataLossError("key names unknown group '" + group + "'");
  dst->append(parts.row_section);
  QUARRY_RETURN_IF_ERROR(AppendTail(*pl, properties, dst));
  if (parts.has_insert_id) AppendInsertId(parts.insert_id, dst);
  return Status::OK();
}

}  // namespace quarry::internal
