#include "store-rocks/distinct_key.h"

namespace quarry {

void AppendDistinctSuffix(uint64_t id, std::string* key) {
  key->push_back('\x00');
  for (int shift = 56; shift >= 0; shift -= 8) {
    key->push_back(static_cast<char>((id >> shift) & 0xff));
  }
}

Result<std::string_view> StripDistinctSuffix(std::string_view stored) {
  if (stored.size() <= kDistinctSuffixBytes) {
    return DataLossError("stored key of a non-aggregated group is " +
                         std::to_string(stored.size()) + " bytes, too short for its " +
                         std::to_string(kDistinctSuffixBytes) + "-byte distinct suffix");
  }
  size_t cut = stored.size() - kDistinctSuffixBytes;
  if (stored[cut] != '\x00') {
    return DataLossError("stored key of a non-aggregated group lacks the 00 before its id");
  }
  return stored.substr(0, cut);
}

Result<uint64_t> DistinctId(std::string_view stored) {
  QUARRY_ASSIGN_OR_RETURN(std::string_view key, StripDistinctSuffix(stored));
  uint64_t id = 0;
  for (size_t i = key.size() + 1; i < stored.size(); ++i) {
    id = (id << 8) | static_cast<uint8_t>(stored[i]);
  }
  return id;
}

}  // namespace quarry
