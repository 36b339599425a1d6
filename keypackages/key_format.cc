#include "keypackages/key_format.h"

namespace quarry {

bool HasInsertId(std::string_view key) {
  // Three byte tests, not a compare: every cell of a scan is split, and the
  // library memcmp call was a twentieth of a hub scan's decoding thread.
  if (key.size() < kInsertIdSuffixBytes) return false;
  const char* tag = key.data() + key.size() - kInsertIdSuffixBytes;
  return tag[0] == kInsertIdTag[0] && tag[1] == kInsertIdTag[1] && tag[2] == kInsertIdTag[2];
}

std::string_view WithoutInsertId(std::string_view key) {
  return HasInsertId(key) ? key.substr(0, key.size() - kInsertIdSuffixBytes) : key;
}

void AppendInsertId(uint64_t id, std::string* key) {
  key->append(kInsertIdTag);
  for (int shift = 56; shift >= 0; shift -= 8) {
    key->push_back(static_cast<char>((id >> shift) & 0xff));
  }
}

Result<KeyParts> SplitKey(std::string_view key) {
  KeyParts parts;
  if (HasInsertId(key)) {
    parts.has_insert_id = true;
    for (char c : key.substr(key.size() - kInsertIdBytes)) {
      parts.insert_id = (parts.insert_id << 8) | static_cast<uint8_t>(c);
    }
    key.remove_suffix(kInsertIdSuffixBytes);
  }
  size_t cut[3];
  size_t end = key.size();
  for (int i = 2; i >= 0; --i) {
    size_t pos = end == 0 ? std::string_view::npos : key.rfind(kKeyDelimiter, end - 1);
    if (pos == std::string_view::npos) {
      return DataLossError("key " + std::to_string(key.size()) +
                           " bytes long has too few delimiters to hold row, group, qualifier "
                           "and visibility");
    }
    cut[i] = pos;
    end = pos;
  }
  parts.row_section = key.substr(0, cut[0]);
  if (parts.row_section.find(kKeyDelimiter) == std::string_view::npos) {
    return DataLossError("key row section holds no vertex delimiter");
  }
  parts.group = key.substr(cut[0] + 1, cut[1] - cut[0] - 1);
  parts.column_qualifier = key.substr(cut[1] + 1, cut[2] - cut[1] - 1);
  parts.visibility = key.substr(cut[2] + 1);
  return parts;
}

std::string_view RowPrefix(std::string_view key) {
  size_t pos = key.find(kKeyDelimiter);
  if (pos == std::string_view::npos) return std::string_view();
  return key.substr(0, pos + 1);
}

bool InRowPrefixDomain(std::string_view key) {
  return key.find(kKeyDelimiter) != std::string_view::npos;
}

Result<size_t> RowAndGroupLength(std::string_view key) {
  QUARRY_ASSIGN_OR_RETURN(KeyParts parts, SplitKey(key));
  return parts.row_section.size() + 1 + parts.group.size() + 1;
}

}  // namespace quarry
