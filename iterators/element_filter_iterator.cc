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
    : FilterIterator(std::move(source)), package_(package), options_(std::move(options)) {
  // Drop validation for groups whose validators cannot fail, so that they
  // are not decoded for nothing.
  for (auto& [group, tests] : options_.groups) {
    const SchemaElementDefinition* def = package_.schema().Group(group);
    if (tests.validate && (def == nullptr || !HasValidators(*def))) tests.validate = false;
  }
}

Result<bool> ElementFilterIterator::Accept(std::string_view key, std::string_view value) {
  std::string_view group;
  QUARRY_RETURN_IF_ERROR(iterators_internal::GroupOfKey(key, &scratch_, &group));
  auto it = options_.groups.find(group);
  if (it == options_.groups.end() || it->second.empty()) return true;
  const ElementTests& tests = it->second;
  QUARRY_ASSIGN_OR_RETURN(Element element,
                          DecodeForScan(package_, key, value, options_.matched_vertex));
  if (tests.validate) {
    const SchemaElementDefinition* def = package_.schema().Group(element.group());
    if (def == nullptr) return DataLossError("cell of unknown group '" + element.group() + "'");
    QUARRY_ASSIGN_OR_RETURN(bool valid, ValidateElement(*def, element));
    if (!valid) return false;
  }
  return tests.filter.Test(element);
}

}  // namespace quarry
