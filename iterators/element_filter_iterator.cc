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

ElementFilterIterator::ElementFilterIterator(std::unique_ptr<KvIterator> source,
                                             const KeyPackage& package,
                                             ElementFilterOptions options)
    : FilterIterator(std::move(source)),
      package_(package),
      matched_vertex_(options.matched_vertex) {
  // Drop validation for groups whose validators cannot fail, so that they
  // are not decoded for nothing; groups left with no test are not kept.
  for (auto& [group, tests] : options.groups) {
    const SchemaElementDefinition* def = package_.schema().Group(group);
    std::optional<GroupValidator> validator;
    if (tests.validate && def != nullptr) validator.emplace(*def);
    if (!validator.has_value() || !validator->has_validators()) {
      tests.validate = false;
      validator.reset();
    }
    if (tests.empty()) continue;
    groups_.emplace(group, GroupTests{std::move(tests), std::move(validator)});
  }
}

Element* ElementFilterIterator::DecodedElement() {
  return decoded_ ? &element_ : source()->DecodedElement();
}

Result<bool> ElementFilterIterator::Accept(std::string_view key, std::string_view value) {
  decoded_ = false;
  if (groups_.empty()) return true;
  std::string_view group;
  QUARRY_RETURN_IF_ERROR(iterators_internal::GroupOfKey(key, &scratch_, &group));
  auto it = groups_.find(group);
  if (it == groups_.end()) return true;
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

bool ElementFilterIterator::Test(const GroupTests& tests) const {
  // The validator is the key's group's; Decode checked that the group
  // exists and the row's kind is the group's.
  if (tests.validator.has_value() && !tests.validator->Valid(element_)) return false;
  return tests.tests.filter.Test(element_);
}

}  // namespace quarry
