#include "store-rocks/metadata_format.h"

#include <charconv>

#include "keypackages/value_format.h"

namespace quarry {

std::string EncodeSplitPoints(const std::vector<std::string>& points) {
  std::string out;
  for (const std::string& p : points) {
    uint32_t n = static_cast<uint32_t>(p.size());
    for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<char>(n >> shift));
    out += p;
  }
  return out;
}

Result<std::vector<std::string>> DecodeSplitPoints(std::string_view bytes) {
  std::vector<std::string> points;
  while (!bytes.empty()) {
    if (bytes.size() < 4) return DataLossError("split points: truncated length");
    uint32_t n = 0;
    for (int i = 0; i < 4; ++i) n = (n << 8) | static_cast<uint8_t>(bytes[i]);
    bytes.remove_prefix(4);
    if (bytes.size() < n) return DataLossError("split points: truncated point");
    points.emplace_back(bytes.substr(0, n));
    bytes.remove_prefix(n);
  }
  return points;
}

Result<uint64_t> ParseMetaNumber(std::string_view key, std::string_view text) {
  uint64_t n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) {
    return DataLossError("metadata " + std::string(key) + ": '" + std::string(text) +
                         "' is not a number");
  }
  return n;
}

Result<uint32_t> StoredValueFormat(const std::map<std::string, std::string>& meta) {
  auto it = meta.find(std::string(kMetaValueFormat));
  if (it == meta.end()) return DataLossError("graph metadata lacks quarry.value_format");
  QUARRY_ASSIGN_OR_RETURN(uint64_t stored, ParseMetaNumber(kMetaValueFormat, it->second));
  return ReadableValueFormat(stored, kMetaValueFormat);
}

}  // namespace quarry
