#include "iterators/scan_stack.h"

#include <utility>

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

// One ElementFilterIterator stage's plan, or nullptr when no group has
// anything to test.
std::shared_ptr<const ElementFilterPlan> PrepareStage(const Schema& schema,
                                                      const DefinitionMap& groups, bool validate,
                                                      bool post_aggregation) {
  std::map<std::string, ElementTests, std::less<>> tests;
  for (const auto& [group, definition] : groups) {
    tests.emplace(group,
                  ElementTests{validate, post_aggregation ? definition.post_aggregation_filter
                                                          : definition.pre_aggregation_filter});
  }
  auto plan = std::make_shared<const ElementFilterPlan>(PrepareElementFilter(schema, tests));
  return plan->empty() ? nullptr : plan;
}

bool HasElementStage(const ViewElementDefinition& definition) {
  return !definition.transform_functions.empty() || !definition.post_transform_filter.empty() ||
         definition.properties.has_value() || !definition.exclude_properties.empty();
}

}  // namespace

Result<std::shared_ptr<const ScanTemplate>> ScanTemplate::Create(const Schema& schema,
                                                                 const View& view, bool validate) {
  QUARRY_ASSIGN_OR_RETURN(View expanded, ExpandViewForSchema(view, schema));
  return CreateExpanded(schema, std::move(expanded), validate);
}

Result<std::shared_ptr<const ScanTemplate>> ScanTemplate::CreateExpanded(const Schema& schema,
                                                                         View expanded,
                                                                         bool validate) {
  QUARRY_RETURN_IF_ERROR(ValidateViewForSchema(expanded, schema));
  std::shared_ptr<ScanTemplate> t(new ScanTemplate());
  t->view_ = std::move(expanded);
  const DefinitionMap groups = ViewGroups(t->view_);
  for (const auto& [group, definition] : groups) {
    t->groups_.insert(group);
    const SchemaElementDefinition* def = schema.Group(group);
    if (def == nullptr) {
      return InvalidArgumentError("view group '" + group + "' is not in the schema");
    }
    const std::vector<std::string>* group_by =
        definition.group_by.has_value() ? &*definition.group_by : nullptr;
    QUARRY_ASSIGN_OR_RETURN(
        QueryAggregation aggregation,
        QueryAggregation::Create(schema, *def, group_by, definition.aggregator));
    if (aggregation.required()) t->aggregations_.emplace(group, std::move(aggregation));
    if (HasElementStage(definition)) t->element_stages_.emplace(group, definition);
  }
  t->pre_aggregation_ = PrepareStage(schema, groups, validate, /*post_aggregation=*/false);
  t->post_aggregation_ =
      PrepareStage(schema, groups, /*validate=*/false, /*post_aggregation=*/true);
  return std::shared_ptr<const ScanTemplate>(std::move(t));
}

Result<std::unique_ptr<KvIterator>> ScanTemplate::BuildKvStack(
    const KeyPackage& package, const ScanOptions& options, std::unique_ptr<KvIterator> source,
    SharedRanges merged, MultiRangeIterator** ranges_layer) const {
  if (source == nullptr) return InvalidArgumentError("scan stack: no source iterator");
  auto ranges = std::make_unique<MultiRangeIterator>(std::move(source), std::move(merged));
  if (ranges_layer != nullptr) *ranges_layer = ranges.get();
  std::unique_ptr<KvIterator> it = std::move(ranges);
  const PropertyLayout* source_layout = nullptr;  // Set when the source's one group is viewed.
  if (!options.source_group.empty() && groups_.count(options.source_group) != 0) {
    source_layout = package.LayoutFor(options.source_group);
  }
  RowGroupFilterOptions rows;
  if (source_layout == nullptr) rows.groups = groups_;
  rows.row_filter = package.FilterFor(options.kind, options.seed_options);
  if (rows.groups.has_value() || rows.row_filter.has_value()) {
    it = std::make_unique<RowGroupFilter>(std::move(it), package, std::move(rows));
  }
  if (source_layout == nullptr || source_layout->visibility() != nullptr) {
    QUARRY_ASSIGN_OR_RETURN(
        std::unique_ptr<VisibilityFilter> visible,
        VisibilityFilter::Create(
            std::move(it), VisibilityFilterOptions{options.auths, KeyFormatVisibilityExtractor(),
                                                   options.visibility_cache_capacity}));
    it = std::move(visible);
  }
  if (pre_aggregation_ != nullptr) {
    it = std::make_unique<ElementFilterIterator>(std::move(it), package, pre_aggregation_,
                                                 options.matched_vertex);
  }
  if (!aggregations_.empty()) {
    QUARRY_ASSIGN_OR_RETURN(
        it, QueryAggregationIterator::Create(std::move(it), package, aggregations_));
  }
  if (post_aggregation_ != nullptr) {
    it = std::make_unique<ElementFilterIterator>(std::move(it), package, post_aggregation_,
                                                 options.matched_vertex);
  }
  return it;
}

Result<std::unique_ptr<ScanElementIterator>> ScanTemplate::Build(
    const KeyPackage& package, const ScanOptions& options, std::unique_ptr<KvIterator> source,
    std::vector<KeyRange> ranges) const {
  return Build(package, options, std::move(source), MergedRanges(std::move(ranges)));
}

Result<std::unique_ptr<ScanElementIterator>> ScanTemplate::Build(
    const KeyPackage& package, const ScanOptions& options, std::unique_ptr<KvIterator> source,
    SharedRanges merged, MultiRangeIterator** ranges_layer) const {
  QUARRY_ASSIGN_OR_RETURN(
      std::unique_ptr<KvIterator> stack,
      BuildKvStack(package, options, std::move(source), std::move(merged), ranges_layer));
  auto scan = std::make_unique<ScanElementIterator>(std::move(stack), package, element_stages_,
                                                    options.matched_vertex);
  scan->Seek(KeyRange::All());
  return scan;
}

Result<std::unique_ptr<ScanElementIterator>> BuildScan(const KeyPackage& package, const View& view,
                                                       const ScanOptions& options,
                                                       std::unique_ptr<KvIterator> source,
                                                       std::vector<KeyRange> ranges) {
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<const ScanTemplate> t,
                          ScanTemplate::Create(package.schema(), view, options.validate));
  return t->Build(package, options, std::move(source), std::move(ranges));
}

}  // namespace quarry
