#include "iterators/scan_stack.h"

#include <map>
#include <set>
#include <string>
#include <utility>

#include "iterators/aggregate.h"
#include "iterators/element_filter_iterator.h"
#include "iterators/multi_range_iterator.h"
#include "iterators/query_aggregation_iterator.h"
#include "iterators/row_group_filter.h"
#include "iterators/view_validation.h"
#include "iterators/visibility_filter.h"

namespace quarry {
namespace {

using DefinitionMap = std::map<std::string, ViewElementDefinition, std::less<>>;

DefinitionMap ViewGroups(const View& view) {
  DefinitionMap groups;
  for (const auto& [group, definition] : view.entities()) groups.emplace(group, definition);
  for (const auto& [group, definition] : view.edges()) groups.emplace(group, definition);
  return groups;
}

std::unique_ptr<KvIterator> AddRowGroupFilter(std::unique_ptr<KvIterator> it,
                                              const KeyPackage& package,
                                              const DefinitionMap& groups,
                                              const ScanOptions& options) {
  RowGroupFilterOptions filter;
  filter.groups.emplace();
  for (const auto& [group, definition] : groups) filter.groups->insert(group);
  filter.row_filter = package.FilterFor(options.kind, options.seed_options);
  return std::make_unique<RowGroupFilter>(std::move(it), package, std::move(filter));
}

// The element tests of one stage; nullptr-free: returns `it` unchanged when
// no group has anything to test.
std::unique_ptr<KvIterator> AddElementFilter(std::unique_ptr<KvIterator> it,
                                             const KeyPackage& package, const DefinitionMap& groups,
                                             bool validate, bool post_aggregation,
                                             bool matched_vertex) {
  ElementFilterOptions filter;
  filter.matched_vertex = matched_vertex;
  bool any = false;
  for (const auto& [group, definition] : groups) {
    ElementTests tests;
    tests.validate = validate;
    tests.filter =
        post_aggregation ? definition.post_aggregation_filter : definition.pre_aggregation_filter;
    any = any || !tests.empty();
    filter.groups.emplace(group, std::move(tests));
  }
  if (!any) return it;
  return std::make_unique<ElementFilterIterator>(std::move(it), package, std::move(filter));
}

Result<std::unique_ptr<KvIterator>> AddQueryAggregation(std::unique_ptr<KvIterator> it,
                                                        const KeyPackage& package,
                                                        const DefinitionMap& groups) {
  std::map<std::string, QueryAggregation, std::less<>> aggregations;
  for (const auto& [group, definition] : groups) {
    const SchemaElementDefinition* def = package.schema().Group(group);
    if (def == nullptr)
      return InvalidArgumentError("view group '" + group + "' is not in the schema");
    const std::vector<std::string>* group_by =
        definition.group_by.has_value() ? &*definition.group_by : nullptr;
    QUARRY_ASSIGN_OR_RETURN(
        QueryAggregation aggregation,
        QueryAggregation::Create(package.schema(), *def, group_by, definition.aggregator));
    if (aggregation.required()) aggregations.emplace(group, std::move(aggregation));
  }
  if (aggregations.empty()) return it;
  QUARRY_ASSIGN_OR_RETURN(
      std::unique_ptr<QueryAggregationIterator> combiner,
      QueryAggregationIterator::Create(std::move(it), package, std::move(aggregations)));
  return std::unique_ptr<KvIterator>(std::move(combiner));
}

}  // namespace

Result<std::unique_ptr<KvIterator>> BuildScanKvStack(const KeyPackage& package, const View& view,
                                                     const ScanOptions& options,
                                                     std::unique_ptr<KvIterator> source,
                                                     std::vector<KeyRange> ranges) {
  if (source == nullptr) return InvalidArgumentError("scan stack: no source iterator");
  QUARRY_RETURN_IF_ERROR(ValidateViewForSchema(view, package.schema()));
  const DefinitionMap groups = ViewGroups(view);
  std::unique_ptr<KvIterator> it =
      std::make_unique<MultiRangeIterator>(std::move(source), std::move(ranges));
  it = AddRowGroupFilter(std::move(it), package, groups, options);
  QUARRY_ASSIGN_OR_RETURN(
      std::unique_ptr<VisibilityFilter> visible,
      VisibilityFilter::Create(
          std::move(it), VisibilityFilterOptions{options.auths, KeyFormatVisibilityExtractor(),
                                                 options.visibility_cache_capacity}));
  it = std::move(visible);
  it = AddElementFilter(std::move(it), package, groups, options.validate,
                        /*post_aggregation=*/false, options.matched_vertex);
  QUARRY_ASSIGN_OR_RETURN(it, AddQueryAggregation(std::move(it), package, groups));
  return AddElementFilter(std::move(it), package, groups, /*validate=*/false,
                          /*post_aggregation=*/true, options.matched_vertex);
}

Result<std::unique_ptr<ScanElementIterator>> BuildScan(const KeyPackage& package, const View& view,
                                                       const ScanOptions& options,
                                                       std::unique_ptr<KvIterator> source,
                                                       std::vector<KeyRange> ranges) {
  QUARRY_ASSIGN_OR_RETURN(View expanded, ExpandViewForSchema(view, package.schema()));
  QUARRY_ASSIGN_OR_RETURN(
      std::unique_ptr<KvIterator> stack,
      BuildScanKvStack(package, expanded, options, std::move(source), std::move(ranges)));
  auto scan = std::make_unique<ScanElementIterator>(std::move(stack), package, ViewGroups(expanded),
                                                    options.matched_vertex);
  scan->Seek(KeyRange::All());
  return scan;
}

}  // namespace quarry
