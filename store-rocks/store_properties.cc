#include "store-rocks/store_properties.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <fstream>
#include <sstream>
#include <thread>

#include "store-rocks/hot_key_options.h"  // hotkeys (issue 18)

namespace quarry {
namespace {

constexpr std::string_view kByteEntityClass =
    "uk.gov.gchq.gaffer.accumulostore.key.core.impl.byteEntity.ByteEntityKeyPackage";
constexpr std::string_view kClassicClass =
    "uk.gov.gchq.gaffer.accumulostore.key.core.impl.classic.ClassicKeyPackage";

constexpr std::array<std::string_view, 13> kKnownKeys = {
    "gaffer.store.accumulo.keypackage.class",
    "quarry.keypackage",
    "quarry.durability",
    "quarry.block.cache.size",
    "quarry.write.buffer.size",
    "quarry.compression",
    "quarry.bloom.bits",
    "quarry.background.jobs",
    "quarry.data.dirs",
    "quarry.scan.threads",
    "gaffer.store.accumulo.enable.validator.iterator",
    "gaffer.store.class",
    kMaxSuccessiveMergesKey};  // hotkeys (issue 18): store-rocks/hot_key_options.h

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

Result<uint64_t> ParseBytes(std::string_view key, std::string_view v) {
  uint64_t n = 0;
  auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  std::string_view suffix = v.substr(end - v.data());
  uint64_t mult = 1;
  if (suffix == "k" || suffix == "K")
    mult = 1ull << 10;
  else if (suffix == "m" || suffix == "M")
    mult = 1ull << 20;
  else if (suffix == "g" || suffix == "G")
    mult = 1ull << 30;
  else if (!suffix.empty())
    ec = std::errc::invalid_argument;
  if (ec != std::errc() || v.empty()) {
    return InvalidArgumentError(std::string(key) + ": expected a size such as 256m, got '" +
                                std::string(v) + "'");
  }
  return n * mult;
}

Result<int> ParseInt(std::string_view key, std::string_view v, int min, int max) {
  int n = 0;
  auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || end != v.data() + v.size() || n < min || n > max) {
    return InvalidArgumentError(std::string(key) + ": expected an integer in [" +
                                std::to_string(min) + ", " + std::to_string(max) + "], got '" +
                                std::string(v) + "'");
  }
  return n;
}

Result<std::string> ParseKeyPackage(std::string_view v) {
  if (v == "byteEntity" || v == kByteEntityClass) return std::string("byteEntity");
  if (v == "classic" || v == kClassicClass) return std::string("classic");
  return InvalidArgumentError(
      "key package: expected byteEntity, classic or a Gaffer key-package "
      "class, got '" +
      std::string(v) + "'");
}

Result<Durability> ParseDurability(std::string_view v) {
  if (v == "none") return Durability::kNone;
  if (v == "log") return Durability::kLog;
  if (v == "flush") return Durability::kFlush;
  if (v == "sync") return Durability::kSync;
  return InvalidArgumentError("quarry.durability: expected none, log, flush or sync, got '" +
                              std::string(v) + "'");
}

std::vector<std::string> SplitCommas(std::string_view v) {
  std::vector<std::string> out;
  while (!v.empty()) {
    size_t c = v.find(',');
    std::string_view part = Trim(v.substr(0, c));
    if (!part.empty()) out.emplace_back(part);
    if (c == std::string_view::npos) break;
    v.remove_prefix(c + 1);
  }
  return out;
}

Status ApplyKey(const std::string& key, const std::string& v, StoreProperties* p) {
  if (key == "gaffer.store.accumulo.keypackage.class" || key == "quarry.keypackage") {
    QUARRY_ASSIGN_OR_RETURN(p->key_package, ParseKeyPackage(v));
  } else if (key == "quarry.durability") {
    QUARRY_ASSIGN_OR_RETURN(p->durability, ParseDurability(v));
  } else if (key == "quarry.block.cache.size") {
    QUARRY_ASSIGN_OR_RETURN(p->block_cache_bytes, ParseBytes(key, v));
  } else if (key == "quarry.write.buffer.size") {
    QUARRY_ASSIGN_OR_RETURN(p->write_buffer_bytes, ParseBytes(key, v));
    if (p->write_buffer_bytes < (64u << 10)) {
      return InvalidArgumentError(key + ": must be at least 64k");
    }
  } else if (key == "quarry.compression") {
    if (v != "none" && v != "snappy" && v != "lz4" && v != "zstd") {
      return InvalidArgumentError(key + ": expected none, snappy, lz4 or zstd, got '" + v + "'");
    }
    p->compression = v;
  } else if (key == "quarry.bloom.bits") {
    QUARRY_ASSIGN_OR_RETURN(p->bloom_bits_per_key, ParseInt(key, v, 0, 64));
  } else if (key == "quarry.background.jobs") {
    QUARRY_ASSIGN_OR_RETURN(p->background_jobs, ParseInt(key, v, 1, 256));
  } else if (key == "quarry.data.dirs") {
    p->data_dirs = SplitCommas(v);
  } else if (key == "quarry.scan.threads") {
    QUARRY_ASSIGN_OR_RETURN(p->scan_threads, ParseInt(key, v, 0, 1024));
  } else if (key == kMaxSuccessiveMergesKey) {  // hotkeys (issue 18): kept in raw.
    QUARRY_RETURN_IF_ERROR(ParseMaxSuccessiveMerges(v).status());
  } else if (key == "gaffer.store.accumulo.enable.validator.iterator") {
    if (v != "true" && v != "false") return InvalidArgumentError(key + ": expected true or false");
    p->validator_enabled = v == "true";
  }
  return Status::OK();
}

}  // namespace

std::string_view ToString(Durability d) {
  switch (d) {
    case Durability::kNone:
      return "none";
    case Durability::kLog:
      return "log";
    case Durability::kFlush:
      return "flush";
    case Durability::kSync:
      return "sync";
  }
  return "log";
}

int StoreProperties::EffectiveScanThreads() const {
  if (scan_threads > 0) return scan_threads;
  unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

std::vector<std::string> StoreProperties::unknown_keys() const {
  std::vector<std::string> out;
  for (const auto& [k, v] : raw) {
    bool known = std::find(kKnownKeys.begin(), kKnownKeys.end(), k) != kKnownKeys.end();
    // Gaffer's general and Accumulo connection keys are accepted silently.
    bool gaffer = k.rfind("gaffer.", 0) == 0 || k.rfind("accumulo.", 0) == 0;
    if (!known && !gaffer) out.push_back(k);
  }
  return out;
}

Result<StoreProperties> StoreProperties::Parse(std::string_view text, std::string_view source) {
  StoreProperties p;
  p.raw = SplitLines(text);
  for (const auto& [key, value] : p.raw) {
    Status s = ApplyKey(key, value, &p);
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
  auto line = [&out](std::string_view k, const std::string& v) {
    out.append(k).append("=").append(v).append("\n");
  };
  line("quarry.keypackage", key_package);
  line("quarry.durability", std::string(ToString(durability)));
  line("quarry.block.cache.size", std::to_string(block_cache_bytes));
  line("quarry.write.buffer.size", std::to_string(write_buffer_bytes));
  line("quarry.compression", compression);
  line("quarry.bloom.bits", std::to_string(bloom_bits_per_key));
  line("quarry.background.jobs", std::to_string(background_jobs));
  std::string dirs;
  for (const auto& d : data_dirs) dirs += (dirs.empty() ? "" : ",") + d;
  if (!dirs.empty()) line("quarry.data.dirs", dirs);
  if (scan_threads != 0) line("quarry.scan.threads", std::to_string(scan_threads));
  line("gaffer.store.accumulo.enable.validator.iterator", validator_enabled ? "true" : "false");
  // hotkeys (issue 18): kept as given; absent means the default.
  if (auto it = raw.find(std::string(kMaxSuccessiveMergesKey)); it != raw.end()) {
    line(kMaxSuccessiveMergesKey, it->second);
  }
  return out;
}

}  // namespace quarry
