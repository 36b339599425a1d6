// Checked readers for fields of Gaffer JSON objects. Every reader checks the
// JSON type before access (nlohmann::json never throws here) and names the
// JSON path of the offending field in its InvalidArgument message.
//
// Class names: Gaffer accepts a full Java class name or, for a name with no
// dot, the simple name with its first letter in either case ("sum" == "Sum").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "graph-core/json_value.h"
#include "graph-core/status.h"

namespace quarry::json_fields {

// "path.key", or "key" when path is empty.
inline std::string Join(std::string_view path, std::string_view key) {
  if (path.empty()) return std::string(key);
  std::string out(path);
  out += '.';
  out += key;
  return out;
}

// "path[index]".
inline std::string Index(std::string_view path, size_t index) {
  return std::string(path) + "[" + std::to_string(index) + "]";
}

// The part after the last dot of a full class name.
inline std::string_view SimpleClassName(std::string_view full_name) {
  size_t dot = full_name.rfind('.');
  return dot == std::string_view::npos ? full_name : full_name.substr(dot + 1);
}

// True if `given` names `full_name`: equal, or a dot-free simple name equal to
// the simple part of `full_name` up to the case of its first letter.
inline bool ClassNameMatches(std::string_view given, std::string_view full_name) {
  if (given == full_name) return true;
  if (given.empty() || given.find('.') != std::string_view::npos) return false;
  std::string_view simple = SimpleClassName(full_name);
  if (simple.size() != given.size()) return false;
  auto upper = [](char c) { return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c; };
  return upper(given[0]) == upper(simple[0]) && given.substr(1) == simple.substr(1);
}

// The object's member `key`, or nullptr when absent or JSON null.
// REQUIRES: json.is_object().
inline const Json* Find(const Json& json, std::string_view key) {
  auto it = json.find(key);
  if (it == json.end() || it->is_null()) return nullptr;
  return &*it;
}

inline Status RequireObject(const Json& json, std::string_view path) {
  if (json.is_object()) return Status::OK();
  return InvalidArgumentError(std::string(path.empty() ? "JSON" : path) +
                              ": expected a JSON object");
}

// The "class" field as a string. InvalidArgument if missing or not a string.
// REQUIRES: json.is_object().
inline Result<std::string> ClassField(const Json& json, std::string_view path) {
  const Json* c = Find(json, "class");
  if (c == nullptr || !c->is_string()) {
    return InvalidArgumentError(Join(path, "class") + ": missing or not a string");
  }
  return c->get<std::string>();
}

inline Result<std::optional<std::string>> OptionalString(const Json& json, std::string_view key,
                                                         std::string_view path) {
  const Json* v = Find(json, key);
  if (v == nullptr) return std::optional<std::string>();
  if (!v->is_string()) return InvalidArgumentError(Join(path, key) + ": expected a string");
  return std::optional<std::string>(v->get<std::string>());
}

inline Result<std::optional<bool>> OptionalBool(const Json& json, std::string_view key,
                                                std::string_view path) {
  const Json* v = Find(json, key);
  if (v == nullptr) return std::optional<bool>();
  if (!v->is_boolean()) return InvalidArgumentError(Join(path, key) + ": expected a boolean");
  return std::optional<bool>(v->get<bool>());
}

// An integer that fits in int32 (Java int).
inline Result<std::optional<int32_t>> OptionalInt32(const Json& json, std::string_view key,
                                                    std::string_view path) {
  const Json* v = Find(json, key);
  if (v == nullptr) return std::optional<int32_t>();
  if (v->is_number_unsigned()) {
    uint64_t u = v->get<uint64_t>();
    if (u <= static_cast<uint64_t>(INT32_MAX))
      return std::optional<int32_t>(static_cast<int32_t>(u));
  } else if (v->is_number_integer()) {
    int64_t i = v->get<int64_t>();
    if (i >= INT32_MIN && i <= INT32_MAX) return std::optional<int32_t>(static_cast<int32_t>(i));
  }
  return InvalidArgumentError(Join(path, key) + ": expected an integer in the int range");
}

// The member `key` as a boolean; `fallback` when absent or null.
inline Result<bool> BoolOr(const Json& json, std::string_view key, std::string_view path,
                           bool fallback) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<bool> v, OptionalBool(json, key, path));
  return v.value_or(fallback);
}

// An integer that fits in int64 (Java long).
inline Result<std::optional<int64_t>> OptionalInt64(const Json& json, std::string_view key,
                                                    std::string_view path) {
  const Json* v = Find(json, key);
  if (v == nullptr) return std::optional<int64_t>();
  if (v->is_number_unsigned()) {
    uint64_t u = v->get<uint64_t>();
    if (u > static_cast<uint64_t>(INT64_MAX)) {
      return InvalidArgumentError(Join(path, key) + ": expected a 64-bit integer");
    }
    return std::optional<int64_t>(static_cast<int64_t>(u));
  }
  if (!v->is_number_integer())
    return InvalidArgumentError(Join(path, key) + ": expected an integer");
  return std::optional<int64_t>(v->get<int64_t>());
}

// Any JSON number, as a double.
inline Result<std::optional<double>> OptionalNumber(const Json& json, std::string_view key,
                                                    std::string_view path) {
  const Json* v = Find(json, key);
  if (v == nullptr) return std::optional<double>();
  if (!v->is_number()) return InvalidArgumentError(Join(path, key) + ": expected a number");
  return std::optional<double>(v->get<double>());
}

// The member `key` as an object of string -> string, in document order;
// empty when absent or null.
inline Result<std::vector<std::pair<std::string, std::string>>> StringMap(const Json& json,
                                                                          std::string_view key,
                                                                          std::string_view path) {
  std::vector<std::pair<std::string, std::string>> out;
  const Json* v = Find(json, key);
  if (v == nullptr) return out;
  const std::string at = Join(path, key);
  if (!v->is_object()) return InvalidArgumentError(at + ": expected an object of strings");
  for (auto it = v->begin(); it != v->end(); ++it) {
    if (!it->is_string()) return InvalidArgumentError(Join(at, it.key()) + ": expected a string");
    out.emplace_back(it.key(), it->get<std::string>());
  }
  return out;
}

// A JSON array of strings at `path`.
inline Result<std::vector<std::string>> StringList(const Json& json, std::string_view path) {
  if (!json.is_array()) return InvalidArgumentError(std::string(path) + ": expected an array");
  std::vector<std::string> out;
  out.reserve(json.size());
  for (size_t i = 0; i < json.size(); ++i) {
    if (!json[i].is_string()) return InvalidArgumentError(Index(path, i) + ": expected a string");
    out.push_back(json[i].get<std::string>());
  }
  return out;
}

// The member `key` as a list of strings; nullopt when absent or null.
inline Result<std::optional<std::vector<std::string>>> OptionalStringList(const Json& json,
                                                                          std::string_view key,
                                                                          std::string_view path) {
  const Json* v = Find(json, key);
  if (v == nullptr) return std::optional<std::vector<std::string>>();
  QUARRY_ASSIGN_OR_RETURN(std::vector<std::string> list, StringList(*v, Join(path, key)));
  return std::optional<std::vector<std::string>>(std::move(list));
}

}  // namespace quarry::json_fields
