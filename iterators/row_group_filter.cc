#include "iterators/row_group_filter.h"

#include <utility>

#include "iterators/internal/key_group.h"

namespace quarry {

RowGroupFilter::RowGroupFilter(std::unique_ptr<KvIterator> source, const KeyPackage& package,
                               RowGroupFilterOptions options)
    : FilterIterator(std::move(source)), package_(package), options_(std::move(options)) {}

Result<bool> RowGroupFilter::Accept(std::string_view /*key*/, std::string_view /*value*/) {
  if (!options_.groups.has_value() && !options_.row_filter.has_value()) return true;
  QUARRY_ASSIGN_OR_RETURN(const KeyParts* parts, Parts());
  if (options_.groups.has_value()) {
    std::string_view group;
    QUARRY_RETURN_IF_ERROR(iterators_internal::GroupOfParts(*parts, &scratch_, &group));
    if (options_.groups->find(group) == options_.groups->end()) return false;
  }
  if (!options_.row_filter.has_value()) return true;
  return package_.Accepts(*parts, *options_.row_filter);
}

}  // namespace quarry
