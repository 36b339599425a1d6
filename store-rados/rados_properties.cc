#include "store-rados/rados_properties.h"

#include <charconv>

namespace quarry {
namespace {

Result<uint32_t> ParseCount(const std::string& key, const std::string& text) {
  uint32_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) {
    return InvalidArgumentError("store property " + key + ": '" + text + "' is not a count");
  }
  return v;
}

bool ValidGraphName(const std::string& name) {
  if (name.empty() || name.size() > 64) return false;
  for (char c : name) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-' || c == '.';
    if (!ok) return false;
  }
  return true;
}

}  // namespace

Result<RadosProperties> RadosProperties::From(const StoreProperties& properties) {
  RadosProperties out;
  auto get = [&](const char* key, std::string* dst) {
    auto it = properties.raw.find(key);
    if (it != properties.raw.end()) *dst = it->second;
  };
  get("quarry.rados.conf", &out.conf);
  get("quarry.rados.pool", &out.pool);
  get("quarry.rados.graph", &out.graph);
  get("quarry.rados.client", &out.client);
  if (out.conf.empty()) return InvalidArgumentError("store property quarry.rados.conf is required");
  if (out.pool.empty()) return InvalidArgumentError("store property quarry.rados.pool is empty");
  if (!ValidGraphName(out.graph)) {
    return InvalidArgumentError("store property quarry.rados.graph: '" + out.graph +
                                "' must be 1-64 of [A-Za-z0-9_.-]");
  }
  auto tablets = properties.raw.find("quarry.rados.tablets");
  if (tablets != properties.raw.end()) {
    QUARRY_ASSIGN_OR_RETURN(out.tablets, ParseCount(tablets->first, tablets->second));
    if (out.tablets == 0 || out.tablets > kMaxTablets || (out.tablets & (out.tablets - 1)) != 0) {
      return InvalidArgumentError("store property quarry.rados.tablets: " + tablets->second +
                                  " is not a power of two in 1.." + std::to_string(kMaxTablets));
    }
  }
  auto timeout = properties.raw.find("quarry.rados.op.timeout.s");
  if (timeout != properties.raw.end()) {
    QUARRY_ASSIGN_OR_RETURN(out.op_timeout_s, ParseCount(timeout->first, timeout->second));
  }
  return out;
}

}  // namespace quarry
