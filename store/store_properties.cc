#include "store/store_properties.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <fstream>
#include <sstream>

namespace quarry {
namespace {

constexpr std::string_view kByteEntityClass =
    "uk.gov.gchq.gaffer.accumulostore.key.core.impl.byteEntity.ByteEntityKeyPackage";
constexpr std::string_view kClassicClass =
    "uk.gov.gchq.gaffer.accumulostore.key.core.impl.classic.ClassicKeyPackage";

constexpr std::array<std::string_view, 4> kGenericKeys = {
    kStoreKey, "gaffer.store.accumulo.keypackage.class", "quarry.keypackage", "gaffer.store.class"};

std::string_view Trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t\r\f");
  if (b == std::string_view::npos) return {};
  size_t e = s.find_last_not_of(" \t\r\f");
  return s.substr(b, e - b + 1);
}

// Splits .properties text into key/value pairs: '#'/'!' comments, '=' or ':'
// separators, and lines continued with a trailing backslash.
std::map<std::string, std::string> SplitLines(std::string_view text) {
  std::map<std::string, std::string> out;
  std::string logical;
  std::istringstream in{std::string(text)};
  std::string line;
  while (std::getline(in, line)) {
    std::string_view t = Trim(line);
    if (logical.empty() && (t.empty() || t[0] == '#' || t[0] == '!')) continue;
    if (!t.empty() && t.back() == '\\') {
      logical.append(t.substr(0, t.size() - 1));
      continue;
    }
    logical.append(t);
    size_t sep = logical.find_first_of("=:");
    std::string_view key = Trim(std::string_view(logical).substr(0, sep));
    std::string_view value = sep == std::string::npos
                                 ? std::string_view()
                                 : Trim(std::string_view(logical).substr(sep + 1));
    if (!key.empty()) out[std::string(key)] = std::string(value);
    logical.clear();
  }
  return out;
}

Result<std::string> ParseKeyPackage(std::string_view v) {
  if (v == "byteEntity" || v == kByteEntityClass) return std::string("byteEntity");
  if (v == "classic" || v == kClassicClass) return std::string("classic");
  return InvalidArgumentError(
      "key package: expected byteEntity, classic or a Gaffer key-package "
      "class, got '" +
      std::string(v) + "'");
}

// The keys every store reads; store-specific keys are left to the store.
Status ApplyGenericKey(const std::string& key, const std::string& v, StoreProperties* p) {
  if (key == "gaffer.store.accumulo.keypackage.class" || key == "quarry.keypackage") {
    QUARRY_ASSIGN_OR_RETURN(p->key_package, ParseKeyPackage(v));
  } else if (key == kStoreKey) {
    // Whether a store of this name is registered is the factory's check
    // (store/store_factory.h), made when a graph is created or opened.
    if (v.empty()) return InvalidArgumentError(key + ": expected a store name, got ''");
    p->store = v;
  }
  return Status::OK();
}

std::string JoinChoices(std::span<const std::string_view> choices) {
  std::string out;
  for (size_t i = 0; i < choices.size(); ++i) {
    if (i > 0) out += i + 1 == choices.size() ? " or " : ", ";
    out += choices[i];
  }
  return out;
}

}  // namespace

const std::string* StoreProperties::Find(std::string_view key) const {
  auto it = raw.find(std::string(key));
  return it == raw.end() ? nullptr : &it->second;
}

std::vector<std::string> StoreProperties::UnknownKeys(
    std::span<const std::string_view> store_keys) const {
  std::vector<std::string> out;
  for (const auto& [k, v] : raw) {
    bool known = std::find(kGenericKeys.begin(), kGenericKeys.end(), k) != kGenericKeys.end() ||
                 std::find(store_keys.begin(), store_keys.end(), k) != store_keys.end();
    // Gaffer's general and Accumulo connection keys are accepted silently.
    bool gaffer = k.rfind("gaffer.", 0) == 0 || k.rfind("accumulo.", 0) == 0;
    if (!known && !gaffer) out.push_back(k);
  }
  return out;
}

Result<StoreProperties> StoreProperties::Parse(std::string_view text, std::string_view source) {
  StoreProperties p;
  p.source = std::string(source);
  p.raw = SplitLines(text);
  for (const auto& [key, value] : p.raw) {
    Status s = ApplyGenericKey(key, value, &p);
    if (!s.ok()) return s.WithContext(source);
  }
  return p;
}

Result<StoreProperties> StoreProperties::FromFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) return NotFoundError("store properties file not found: " + path);
  std::stringstream buf;
  buf << in.rdbuf();
  return Parse(buf.str(), path);
}

std::string StoreProperties::ToPropertiesText() const {
  std::string out;
  if (store != kDefaultStore) out.append(kStoreKey).append("=").append(store).append("\n");
  out.append("quarry.keypackage=").append(key_package).append("\n");
  return out;
}

Result<uint64_t> ReadBytesProperty(const StoreProperties& p, std::string_view key,
                                   uint64_t fallback) {
  const std::string* found = p.Find(key);
  if (found == nullptr) return fallback;
  std::string_view v = *found;
  uint64_t n = 0;
  auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  std::string_view suffix = v.substr(end - v.data());
  uint64_t mult = 1;
  if (suffix == "k" || suffix == "K") {
    mult = 1ull << 10;
  } else if (suffix == "m" || suffix == "M") {
    mult = 1ull << 20;
  } else if (suffix == "g" || suffix == "G") {
    mult = 1ull << 30;
  } else if (!suffix.empty()) {
    ec = std::errc::invalid_argument;
  }
  if (ec != std::errc() || v.empty()) {
    return InvalidArgumentError(std::string(key) + ": expected a size such as 256m, got '" +
                                std::string(v) + "'");
  }
  return n * mult;
}

Result<int> ReadIntProperty(const StoreProperties& p, std::string_view key, int min, int max,
                            int fallback) {
  const std::string* found = p.Find(key);
  if (found == nullptr) return fallback;
  const std::string& v = *found;
  int n = 0;
  auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || end != v.data() + v.size() || n < min || n > max) {
    return InvalidArgumentError(std::string(key) + ": expected an integer in [" +
                                std::to_string(min) + ", " + std::to_string(max) + "], got '" + v +
                                "'");
  }
  return n;
}

Result<bool> ReadBoolProperty(const StoreProperties& p, std::string_view key, bool fallback) {
  const std::string* found = p.Find(key);
  if (found == nullptr) return fallback;
  if (*found != "true" && *found != "false") {
    return InvalidArgumentError(std::string(key) + ": expected true or false, got '" + *found +
                                "'");
  }
  return *found == "true";
}

Result<std::string> ReadChoiceProperty(const StoreProperties& p, std::string_view key,
                                       std::span<const std::string_view> choices,
                                       std::string_view fallback) {
  const std::string* found = p.Find(key);
  if (found == nullptr) return std::string(fallback);
  if (std::find(choices.begin(), choices.end(), *found) == choices.end()) {
    return InvalidArgumentError(std::string(key) + ": expected " + JoinChoices(choices) +
                                ", got '" + *found + "'");
  }
  return *found;
}

std::vector<std::string> ReadListProperty(const StoreProperties& p, std::string_view key) {
  std::vector<std::string> out;
  const std::string* found = p.Find(key);
  std::string_view v = found == nullptr ? std::string_view() : std::string_view(*found);
  while (!v.empty()) {
    size_t c = v.find(',');
    std::string_view part = Trim(v.substr(0, c));
    if (!part.empty()) out.emplace_back(part);
    if (c == std::string_view::npos) break;
    v.remove_prefix(c + 1);
  }
  return out;
}

Status StoreSettingError(const StoreProperties& p, const Status& status) {
  return p.source.empty() ? status : status.WithContext(p.source);
}

}  // namespace quarry
