#include "iterators/element_filter_iterator.h"

#include <utility>

#include "iterators/internal/key_group.h"
#include "iterators/validate.h"

namespace quarry {

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
  return decoded_ != nullptr ? decoded_ : source()->DecodedElement();
}

Result<bool> ElementFilterIterator::Accept(std::string_view /*key*/, std::string_view value) {
  decoded_ = nullptr;
  if (plan_->empty()) return true;
  QUARRY_ASSIGN_OR_RETURN(const KeyParts* parts, Parts());
  std::string_view group;
  QUARRY_RETURN_IF_ERROR(iterators_internal::GroupOfParts(*parts, &scratch_, &group));
  if (!have_last_group_ || group != last_group_) {
    auto it = plan_->groups.find(group);
    last_tests_ = it == plan_->groups.end() ? nullptr : &it->second;
    last_group_.assign(group);
    have_last_group_ = true;
  }
  if (last_tests_ == nullptr) return true;
  // The element of a layer below is used where it lies (the caller may
  // modify it), and one decoded here goes into element_, whose storage every
  // cell reuses: no element is moved or allocated per cell.
  decoded_ = source()->DecodedElement();
  if (decoded_ == nullptr) {
    QUARRY_RETURN_IF_ERROR(package_.DecodeInto(*parts, value, &element_));
    decoded_ = &element_;
  }
  if (matched_vertex_) return Test(*last_tests_, *decoded_);
  // The tests see the element as the scan returns it; the element handed up
  // keeps its matched vertex (DecodedElement's contract).
  std::optional<MatchedVertex> matched = decoded_->matched_vertex();
  decoded_->set_matched_vertex(std::nullopt);
  bool kept = Test(*last_tests_, *decoded_);
  decoded_->set_matched_vertex(matched);
  return kept;
}

bool ElementFilterIterator::Test(const ElementFilterPlan::GroupTests& tests,
                                 const Element& element) const {
  // The validator is the key's group's; Decode checked that the group
  // exists and the row's kind is the group's.
  if (tests.validator.has_value() && !tests.validator->Valid(element)) return false;
  return tests.filter.Test(element);
}

}  // namespace quarry
