// Reading the group of a key in Quarry's key format (keypackages/key_format.h)
// without decoding the element.
#pragma once

#include <string>
#include <string_view>

#include "graph-core/status.h"
#include "keypackages/key_format.h"

namespace quarry::iterators_internal {

// Sets *group to the key's (unescaped) group name: a view into `key`, or into
// *scratch when the escaped name holds an escape byte. DataLoss if malformed.
Status GroupOfKey(std::string_view key, std::string* scratch, std::string_view* group);
// GroupOfKey of a key already split: a view into the key's bytes or
// *scratch. DataLoss if the escaped name is malformed.
Status GroupOfParts(const KeyParts& parts, std::string* scratch, std::string_view* group);

// The length of the key prefix that holds its row, group and first `n`
// column-qualifier fields (groupBy properties): query-time aggregation merges
// cells whose keys agree up to here. REQUIRES: n > 0 (use RowAndGroupLength
// for 0). DataLoss if the key is malformed or holds fewer than `n` fields.
Result<size_t> RowGroupAndQualifierPrefixLength(std::string_view key, size_t n);

}  // namespace quarry::iterators_internal
