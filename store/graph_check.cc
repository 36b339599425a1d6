#include "store/graph_check.h"

namespace quarry {

std::string ReportedKeyHex(std::string_view key) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : key.substr(0, 64)) {
    out.push_back(kDigits[c >> 4]);
    out.push_back(kDigits[c & 15]);
  }
  if (key.size() > 64) out += "...";
  return out;
}

}  // namespace quarry
