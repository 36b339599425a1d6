#include "operations/internal/json_fields.h"

namespace quarry::operations_internal {
namespace {

Status WrongType(std::string_view path, std::string_view field, std::string_view type) {
  return InvalidArgumentError(json_fields::Join(path, field) + ": expected " + std::string(type));
}

}  // namespace

Result<bool> GetBool(const Json& obj, std::string_view path, std::string_view field, bool dflt) {
  const Json* j = json_fields::Find(obj, field);
  if (j == nullptr) return dflt;
  if (!j->is_boolean()) return WrongType(path, field, "a boolean");
  return j->get<bool>();
}

Result<std::optional<int64_t>> GetInt(const Json& obj, std::string_view path,
                                      std::string_view field) {
  const Json* j = json_fields::Find(obj, field);
  if (j == nullptr) return std::optional<int64_t>();
  if (j->is_number_unsigned()) {
    uint64_t u = j->get<uint64_t>();
    if (u > static_cast<uint64_t>(INT64_MAX)) return WrongType(path, field, "a 64-bit integer");
    return std::optional<int64_t>(static_cast<int64_t>(u));
  }
  if (!j->is_number_integer()) return WrongType(path, field, "an integer");
  return std::optional<int64_t>(j->get<int64_t>());
}

Result<std::optional<double>> GetNumber(const Json& obj, std::string_view path,
                                        std::string_view field) {
  const Json* j = json_fields::Find(obj, field);
  if (j == nullptr) return std::optional<double>();
  if (!j->is_number()) return WrongType(path, field, "a number");
  return std::optional<double>(j->get<double>());
}

Result<std::optional<std::string>> GetString(const Json& obj, std::string_view path,
                                             std::string_view field) {
  const Json* j = json_fields::Find(obj, field);
  if (j == nullptr) return std::optional<std::string>();
  if (!j->is_string()) return WrongType(path, field, "a string");
  return std::optional<std::string>(j->get<std::string>());
}

Result<std::vector<std::pair<std::string, std::string>>> GetStringMap(const Json& obj,
                                                                      std::string_view path,
                                                                      std::string_view field) {
  std::vector<std::pair<std::string, std::string>> out;
  const Json* j = json_fields::Find(obj, field);
  if (j == nullptr) return out;
  if (!j->is_object()) return WrongType(path, field, "an object of strings");
  for (auto it = j->begin(); it != j->end(); ++it) {
    if (!it->is_string()) {
      return InvalidArgumentError(json_fields::Join(json_fields::Join(path, field), it.key()) +
                                  ": expected a string");
    }
    out.emplace_back(it.key(), it->get<std::string>());
  }
  return out;
}

}  // namespace quarry::operations_internal
