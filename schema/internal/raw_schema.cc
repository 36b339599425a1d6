#include "schema/internal/raw_schema.h"

#include <array>

namespace quarry::schema_internal {

std::string Origin::Where() const { return path.empty() ? file : file + ": " + path; }

Origin Origin::Field(std::string_view key) const {
  return Origin{file, path.empty() ? std::string(key) : path + "." + std::string(key)};
}

Origin Origin::Item(size_t index) const {
  return Origin{file, path + "[" + std::to_string(index) + "]"};
}

Status SchemaError(const Origin& origin, std::string_view what) {
  return InvalidArgumentError(origin.Where() + ": " + std::string(what));
}

const RawTypeRef* RawElementDef::FindProperty(std::string_view name) const {
  for (const RawTypeRef& p : properties) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

const RawTypeRef* RawElementDef::FindIdentifier(std::string_view name) const {
  for (const RawTypeRef& id : identifiers) {
    if (id.name == name) return &id;
  }
  return nullptr;
}

const RawTypeDef* RawSchema::FindType(std::string_view name) const {
  auto it = types.find(name);
  return it == types.end() ? nullptr : &it->second;
}

const RawElementDef* RawSchema::FindGroup(std::string_view group) const {
  if (auto it = entities.find(group); it != entities.end()) return &it->second;
  if (auto it = edges.find(group); it != edges.end()) return &it->second;
  return nullptr;
}

std::optional<std::string> RawSchema::timestamp_property() const {
  auto it = config.find(kTimestampPropertyKey);
  if (it == config.end()) return std::nullopt;
  return it->second;
}

bool IsIdentifierTypeName(std::string_view name) {
  static constexpr std::array<std::string_view, 7> kNames = {
      "VERTEX", "SOURCE", "DESTINATION", "DIRECTED", "MATCHED_VERTEX", "ADJACENT_MATCHED_VERTEX",
      "GROUP"};
  for (std::string_view n : kNames) {
    if (n == name) return true;
  }
  return false;
}

bool IsValidGroupOrPropertyName(std::string_view name) {
  for (char c : name) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '|' || c == '-';
    if (!ok) return false;
  }
  return true;
}

std::string CanonicalSimpleClassName(std::string_view class_name) {
  size_t dot = class_name.rfind('.');
  std::string simple(dot == std::string_view::npos ? class_name : class_name.substr(dot + 1));
  if (!simple.empty() && simple[0] >= 'a' && simple[0] <= 'z') simple[0] -= 32;
  return simple;
}

std::string FunctionClassName(const Json& function) {
  if (!function.is_object()) return "";
  auto it = function.find("class");
  return it != function.end() && it->is_string() ? CanonicalSimpleClassName(it->get<std::string>())
                                                 : std::string();
}

}  // namespace quarry::schema_internal
