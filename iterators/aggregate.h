// Aggregation of identical elements: the pure logic shared by the RocksDB
// merge operator (ingest, gaffer-compat.md §4.4 "Aggregator"), compaction and
// query-time groupBy aggregation (§9.8), so all of them give one answer.
//
// Folding. An aggregator is a list of tuple operators (schema/schema.h, §2.5);
// each folds each of its selected properties independently with koryphe's
// null-skipping (a null or absent input leaves the state, a null or absent
// state becomes the input). Properties no tuple selects keep the state's
// value, i.e. operands[0]'s (Gaffer's ElementAggregator leaves them alone; at
// ingest they are the key's groupBy/visibility properties, equal anyway).
//
// Operand order (First/Last, StringConcat, ...). Accumulo hands a Combiner the
// versions of one key NEWEST FIRST, so in the AccumuloStore `First` keeps the
// most recently written value and `Last` the earliest (§4.2, FirstLastIT:
// insert 1, 2, 3 -> First 3, Last 1). Quarry reproduces that: every fold is
// defined as folding newest -> oldest, and callers say which order they hand
// the operands in:
//   * kNewestFirst: operands[0] is the newest (the state), later ones older.
//   * kOldestFirst: operands[0] is the oldest (RocksDB's FullMergeV2 order:
//     existing value, then operands oldest -> newest). Each input is then
//     applied as op(input, state), which for an associative operator gives
//     exactly the newest-first result for every operator, order-sensitive or
//     not (StringConcat included).
// Query-time aggregation folds cells in KEY order with the first cell as the
// state (as Gaffer's CoreKeyGroupByCombiner does): use kNewestFirst with the
// cells in key order.
//
// Errors: an operator rejecting a value (e.g. Sum over Integer and Long) is
// InvalidArgument naming the group and property; a malformed stored value is
// DataLoss. Never a guess.
//
// Thread safety: pure functions; QueryAggregation is immutable after Create.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/binary_operator.h"
#include "graph-core/element.h"
#include "graph-core/status.h"
#include "keypackages/value_format.h"
#include "schema/schema.h"

namespace quarry {

enum class OperandOrder : uint8_t {
  kNewestFirst,  // The first operand is the newest (Accumulo's order).
  kOldestFirst,  // The first operand is the oldest (RocksDB merge order).
};

// Folds `input` into `*state` with `aggregator`. `input_is_newer` says
// whether `input` was written after the state's operands (kOldestFirst
// folding); see the header comment. `group` names the group in messages.
// On error *state may be partly updated.
Status AggregateProperties(const std::vector<TupleBinaryOperator>& aggregator,
                           std::string_view group, const Properties& input, bool input_is_newer,
                           Properties* state);

// Folds `operands` (in `order`) into one set of properties.
// REQUIRES: !operands.empty().
Result<Properties> AggregateAll(const std::vector<TupleBinaryOperator>& aggregator,
                                std::string_view group, std::span<const Properties> operands,
                                OperandOrder order);

// Ingest aggregation of two identical elements (same group, identifiers,
// groupBy values and visibility): folds `input`'s properties into `*state`'s
// with def.ingest_aggregator(). `input_is_newer` as in AggregateProperties.
// InvalidArgument if the groups differ or `def` is not their group.
Status AggregateElements(const SchemaElementDefinition& def, const Element& input,
                         bool input_is_newer, Element* state);

// Ingest aggregation of stored values (keypackages/value_format.h) of one
// key: decodes each with `layout`, folds them with the ingest aggregator and
// appends the encoded result to *dst, with the largest timestamp (Accumulo
// keeps the newest key). Cost: one decode per operand, one encode.
// REQUIRES: !values.empty(). DataLoss naming the group on a malformed value.
Status MergeStoredValues(const PropertyLayout& layout, std::span<const std::string_view> values,
                         OperandOrder order, std::string* dst);

// Query-time aggregation of one group for one view (gaffer-compat.md §2.5,
// §9.8): the effective groupBy, the query aggregator and whether the scan
// needs the groupBy combiner at all.
class QueryAggregation {
 public:
  // `view_group_by`: the view's groupBy, or nullptr for none (the schema's).
  // `view_aggregator`: the view's aggregator tuples (may be empty).
  // InvalidArgument naming the group if the view groupBy is not a prefix of
  // the schema groupBy (§8.1), or a view aggregator tuple selects an unknown
  // property, a property in the effective groupBy, or uses an operator that
  // does not accept the property's class.
  static Result<QueryAggregation> Create(const Schema& schema, const SchemaElementDefinition& def,
                                         const std::vector<std::string>* view_group_by,
                                         const std::vector<TupleBinaryOperator>& view_aggregator);

  // §9.8: the group aggregates, and the view's groupBy differs in size from
  // the schema's or the group has the schema's visibility property. A view
  // aggregator alone (groupBy null) does not make it required.
  bool required() const { return required_; }
  // How many leading groupBy properties (column-qualifier fields) cells
  // must share to be merged: the effective groupBy's size.
  size_t group_by_prefix() const { return group_by_.size(); }
  const std::vector<std::string>& group_by() const { return group_by_; }
  // The query aggregator (includes the visibility property when it is not in
  // the effective groupBy, and the schema groupBy properties the view drops).
  const std::vector<TupleBinaryOperator>& aggregator() const { return aggregator_; }
  const SchemaElementDefinition& definition() const { return *def_; }

  // Folds the next cell's properties (key order) into *state.
  Status Fold(const Properties& input, Properties* state) const {
    return AggregateProperties(aggregator_, def_->group(), input, /*input_is_newer=*/false, state);
  }

 private:
  QueryAggregation() = default;

  const SchemaElementDefinition* def_ = nullptr;
  std::vector<std::string> group_by_;
  std::vector<TupleBinaryOperator> aggregator_;
  bool required_ = false;
};

}  // namespace quarry
