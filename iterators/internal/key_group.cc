#include "iterators/internal/key_group.h"

#include "keypackages/key_format.h"
#include "schema/escaping.h"
#include "schema/vlong.h"

namespace quarry::iterators_internal {

Status GroupOfKey(std::string_view key, std::string* scratch, std::string_view* group) {
  QUARRY_ASSIGN_OR_RETURN(KeyParts parts, SplitKey(key));
  return GroupOfParts(parts, scratch, group);
}

Status GroupOfParts(const KeyParts& parts, std::string* scratch, std::string_view* group) {
  if (parts.group.find(kEscapeByte) == std::string_view::npos) {
    *group = parts.group;
    return Status::OK();
  }
  scratch->clear();
  QUARRY_RETURN_IF_ERROR(Unescape(parts.group, scratch));
  *group = *scratch;
  return Status::OK();
}

Result<size_t> RowGroupAndQualifierPrefixLength(std::string_view key, size_t n) {
  QUARRY_ASSIGN_OR_RETURN(KeyParts parts, SplitKey(key));
  QUARRY_ASSIGN_OR_RETURN(size_t row_and_group, RowAndGroupLength(key));
  std::string cq;
  QUARRY_RETURN_IF_ERROR(Unescape(parts.column_qualifier, &cq));
  size_t pos = 0;
  for (size_t i = 0; i < n; ++i) {
    Result<std::string_view> field = ReadLengthPrefixed(cq, &pos);
    if (!field.ok()) {
      return DataLossError("column qualifier holds fewer than " + std::to_string(n) +
                           " groupBy fields: " + field.status().message());
    }
  }
  // Escaping maps each byte on its own, so the escaped prefix is the escape
  // of the unescaped prefix.
  std::string escaped_prefix;
  Escape(std::string_view(cq).substr(0, pos), &escaped_prefix);
  return row_and_group + escaped_prefix.size();
}

}  // namespace quarry::iterators_internal
