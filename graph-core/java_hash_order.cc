#include "graph-core/java_hash_order.h"

#include <algorithm>
#include <numeric>

namespace quarry {
namespace {

// Appends the UTF-16 code units of the code point starting at utf8[*i] to
// the running hash and advances *i. Malformed bytes count as themselves.
void HashCodePoint(std::string_view utf8, size_t* i, uint32_t* h) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(utf8[k]); };
  unsigned char lead = byte(*i);
  uint32_t cp = lead;
  size_t extra = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0;
  if (extra > 0 && *i + extra < utf8.size()) {
    cp = lead & (0x3F >> extra);
    for (size_t k = 1; k <= extra; ++k) cp = (cp << 6) | (byte(*i + k) & 0x3F);
  } else {
    extra = 0;
  }
  *i += extra + 1;
  if (cp >= 0x10000) {
    cp -= 0x10000;
    *h = *h * 31 + (0xD800 + (cp >> 10));
    *h = *h * 31 + (0xDC00 + (cp & 0x3FF));
  } else {
    *h = *h * 31 + cp;
  }
}

}  // namespace

int32_t JavaStringHashCode(std::string_view utf8) {
  uint32_t h = 0;  // Unsigned: Java's int arithmetic wraps.
  for (size_t i = 0; i < utf8.size();) HashCodePoint(utf8, &i, &h);
  return static_cast<int32_t>(h);
}

std::vector<size_t> JavaHashOrder(const std::vector<std::string>& keys) {
  std::vector<int32_t> hash_codes;
  hash_codes.reserve(keys.size());
  for (const std::string& key : keys) hash_codes.push_back(JavaStringHashCode(key));
  return JavaHashOrderOfHashCodes(hash_codes);
}

std::vector<size_t> JavaHashOrderOfHashCodes(const std::vector<int32_t>& hash_codes) {
  uint32_t capacity = 16;
  while (hash_codes.size() > capacity / 4 * 3) capacity *= 2;
  std::vector<uint32_t> bucket(hash_codes.size());
  for (size_t i = 0; i < hash_codes.size(); ++i) {
    uint32_t h = static_cast<uint32_t>(hash_codes[i]);
    bucket[i] = (h ^ (h >> 16)) & (capacity - 1);
  }
  std::vector<size_t> order(hash_codes.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return bucket[a] < bucket[b]; });
  return order;
}

namespace {

// Java's hashCode() of a String, Integer, Short, Long or Boolean.
std::optional<int32_t> JavaHashCode(const Value& v) {
  switch (v.type()) {
    case ValueType::kString:
      return JavaStringHashCode(v.AsString());
    case ValueType::kInt32:
    case ValueType::kInt16:
      return v.AsInt32();
    case ValueType::kInt64: {
      const auto bits = static_cast<uint64_t>(v.AsInt64());
      return static_cast<int32_t>(static_cast<uint32_t>(bits ^ (bits >> 32)));
    }
    case ValueType::kBool:
      return v.AsBool() ? 1231 : 1237;
    default:
      return std::nullopt;
  }
}

}  // namespace

std::optional<std::vector<size_t>> JavaHashOrderOfValues(const std::vector<Value>& items) {
  std::vector<int32_t> hash_codes;
  hash_codes.reserve(items.size());
  for (const Value& v : items) {
    std::optional<int32_t> h = JavaHashCode(v);
    if (!h.has_value()) return std::nullopt;
    hash_codes.push_back(*h);
  }
  return JavaHashOrderOfHashCodes(hash_codes);
}

std::vector<std::string> InJavaHashOrder(const std::vector<std::string>& keys) {
  std::vector<std::string> out;
  out.reserve(keys.size());
  for (size_t i : JavaHashOrder(keys)) out.push_back(keys[i]);
  return out;
}

}  // namespace quarry
