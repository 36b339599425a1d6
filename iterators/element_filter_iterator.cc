#include "iterators/element_filter_iterator.h"

#include <utility>

#include "iterators/internal/key_group.h"
#include "iterators/validate.h"

namespace quarry {

Result<Element> DecodeForScan(const KeyPackage& package, std::string_view key,
                              std::string_view value, bool matched_vertex) {
  QUARRY_ASSIGN_OR_RETURN(Element element, package.Decode(key, value));
  if (!matched_vertex) element.set_matched_vertex(std::nullopt);
  return element;
}

ElementFilterPlan PrepareElementFilter(
    const Schema& schema, const std::map<std::string, ElementTests, std::less<>>& groups) {
  ElementFilterPlan plan;
  for (const auto& [group, tests] : groups) {
    // Validation is dropped for groups whose validators cannot fail, so that
    // they are not decoded for nothing.
    const SchemaElementDefinition* def = schema.Group(group);
    std::optional<GroupValidator> validator;
    if (tests.validate && def != nullptr) validator.emplace(*def);
    if (validator.has_value() && !validator->has_validators()) validator.reset();
    if (!validator.has_value() && tests.filter.empty()) continue;
    plan.groups.emplace(group, ElementFilterPlan::GroupTests{tests.filter, std::move(validator)});
  }
  return plan;
}

ElementFilterIterator::ElementFilterIterator(std::unique_ptr<KvIterator> source,
                                             const KeyPackage& package,
                                             const ElementFilterOptions& options)
    : ElementFilterIterator(std::move(source), package,
                            std::make_shared<const ElementFilterPlan>(
                                PrepareElementFilter(package.schema(), options.groups)),
                            options.matched_vertex) {}

ElementFilterIterator::ElementFilterIterator(std::unique_ptr<KvIterator> source,
                                             const KeyPackage& package,
                                             std::shared_ptr<const ElementFilterPlan> plan,
                                             bool matched_vertex)
    : FilterIterator(std::move(source)),
      package_(package),
      plan_(std::move(plan)),
      matched_vertex_(matched_vertex) {}

Element* ElementFilterIterator::DecodedElement() {
  return decoded_ ? &element_ : source()->DecodedElement();
}

Result<bool> ElementFilterIterator::Accept(std::string_view key, std::string_view value) {
  decoded_ = false;
  if (plan_->empty()) return true;
  std::string_view group;
  QUARRY_RETURN_IF_ERROR(iterators_internal::GroupOfKey(key, &scratch_, &group));
  auto it = plan_->groups.find(group);
  if (it == plan_->groups.end()) return true;
  if (Element* below = source()->DecodedElement(); below != nullptr) {
    element_ = std::move(*below);
  } else {
    QUARRY_ASSIGN_OR_RETURN(element_, package_.Decode(key, value));
  }
  decoded_ = true;
  if (matched_vertex_) return Test(it->second);
  // The tests see the element as the scan returns it; the element handed up
  // keeps its matched vertex (DecodedElement's contract).
  std::optional<MatchedVertex> matched = element_.matched_vertex();
  element_.set_matched_vertex(std::nullopt);
  bool kept = Test(it->second);
  element_.set_matched_vertex(matched);
  return kept;
}

bool ElementFilterIterator::Test(const ElementFilterPlan::GroupTests& tests) const {
  // The validator is the key's group's; Decode checked that the group
  // exists and the row's kind is the group's.
  if (tests.validator.has_value() && !tests.validator->Valid(element_)) return false;
  return tests.filter.Test(element_);
}

}  // namespace quarry
