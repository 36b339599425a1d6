#include "operations/internal/input_parser.h"

#include <cctype>
#include <string>

#include "graph-core/json_element.h"

namespace quarry::operations_internal {
namespace {

std::string IndexPath(std::string_view path, size_t i) {
  return std::string(path) + "[" + std::to_string(i) + "]";
}

Status ExpectArray(const Json& json, std::string_view path) {
  if (!json.is_array()) return InvalidArgumentError(std::string(path) + ": expected an array");
  return Status::OK();
}

constexpr std::string_view kPairClass = "uk.gov.gchq.gaffer.commonutil.pair.Pair";

bool IsSeedOrElementClass(std::string_view name) {
  return IsClass(name, kEntitySeedClass) || IsClass(name, kEdgeSeedClass) ||
         IsClass(name, kEntityClass) || IsClass(name, kEdgeClass);
}

}  // namespace

bool IsClass(std::string_view class_name, std::string_view full_name) {
  if (class_name == full_name) return true;
  size_t dot = full_name.rfind('.');
  std::string_view simple = full_name.substr(dot + 1);
  return class_name.find('.') == std::string_view::npos && !class_name.empty() &&
         class_name.size() == simple.size() &&
         std::toupper(static_cast<unsigned char>(class_name[0])) == simple[0] &&
         class_name.substr(1) == simple.substr(1);
}

Result<std::vector<Item>> ParseSeedList(const Json& json, std::string_view path) {
  QUARRY_RETURN_IF_ERROR(ExpectArray(json, path));
  std::vector<Item> out;
  out.reserve(json.size());
  for (size_t i = 0; i < json.size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(ElementId id, ElementIdFromJson(json[i], IndexPath(path, i)));
    out.emplace_back(std::move(id));
  }
  return out;
}

Result<std::vector<Item>> ParseElementList(const Json& json, std::string_view path) {
  QUARRY_RETURN_IF_ERROR(ExpectArray(json, path));
  std::vector<Item> out;
  out.reserve(json.size());
  for (size_t i = 0; i < json.size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(Element e, ElementFromJson(json[i], IndexPath(path, i)));
    out.emplace_back(std::move(e));
  }
  return out;
}

Result<Item> ParseItem(const Json& json, std::string_view path) {
  if (json.is_object()) {
    auto cls = json.find("class");
    if (cls != json.end() && cls->is_string()) {
      std::string name = cls->get<std::string>();
      if (IsClass(name, kEntityClass) || IsClass(name, kEdgeClass)) {
        QUARRY_ASSIGN_OR_RETURN(Element e, ElementFromJson(json, path));
        return Item(std::move(e));
      }
      if (IsClass(name, kEntitySeedClass) || IsClass(name, kEdgeSeedClass)) {
        QUARRY_ASSIGN_OR_RETURN(ElementId id, ElementIdFromJson(json, path));
        return Item(std::move(id));
      }
    }
  }
  QUARRY_ASSIGN_OR_RETURN(Value v, ValueFromJson(json, path));
  return Item(std::move(v));
}

Item ParseItemOrJson(Json json) {
  Result<Item> parsed = ParseItem(json, "item");
  return parsed.ok() ? std::move(*parsed) : Item(std::move(json));
}

Result<std::vector<Item>> ParseItemList(const Json& json, std::string_view path) {
  std::vector<Item> out;
  if (!json.is_array()) {
    QUARRY_ASSIGN_OR_RETURN(Item item, ParseItem(json, path));
    out.push_back(std::move(item));
    return out;
  }
  out.reserve(json.size());
  for (size_t i = 0; i < json.size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(Item item, ParseItem(json[i], IndexPath(path, i)));
    out.push_back(std::move(item));
  }
  return out;
}

Result<ElementId> ParsePairSeed(const Json& json, std::string_view path) {
  if (json.is_object() && json.size() == 1 && !json.contains("class")) {
    auto it = json.begin();
    if (IsSeedOrElementClass(it.key())) {
      std::string inner_path = std::string(path) + "." + it.key();
      if (it->is_object() && !it->contains("class")) {  // The key names the class.
        Json inner = *it;
        inner["class"] = it.key();
        return ElementIdFromJson(inner, inner_path);
      }
      return ElementIdFromJson(*it, inner_path);
    }
  }
  return ElementIdFromJson(json, path);
}

Result<std::pair<ElementId, ElementId>> ParseSeedPair(const Json& json, std::string_view path) {
  if (!json.is_object()) return InvalidArgumentError(std::string(path) + ": expected a Pair");
  auto cls = json.find("class");
  if (cls != json.end() && (!cls->is_string() || !IsClass(cls->get<std::string>(), kPairClass))) {
    return InvalidArgumentError(std::string(path) + ".class: expected " + std::string(kPairClass));
  }
  auto first = json.find("first");
  auto second = json.find("second");
  if (first == json.end() || second == json.end()) {
    return InvalidArgumentError(std::string(path) + ": a Pair needs \"first\" and \"second\"");
  }
  QUARRY_ASSIGN_OR_RETURN(ElementId a, ParsePairSeed(*first, std::string(path) + ".first"));
  QUARRY_ASSIGN_OR_RETURN(ElementId b, ParsePairSeed(*second, std::string(path) + ".second"));
  return std::make_pair(std::move(a), std::move(b));
}

Result<std::vector<Item>> ParsePairSeedList(const Json& json, std::string_view path) {
  if (json.is_object() && json.size() == 1 && !json.contains("class")) {
    auto it = json.begin();
    return ParseSeedList(*it, std::string(path) + "." + it.key());
  }
  return ParseSeedList(json, path);
}

Result<ElementId> ItemToSeed(const Item& item, std::string_view what) {
  if (const auto* e = std::get_if<Element>(&item)) return IdOf(*e);
  if (const auto* id = std::get_if<ElementId>(&item)) return *id;
  if (const auto* v = std::get_if<Value>(&item)) return ElementId(EntitySeed{*v});
  return ElementIdFromJson(std::get<Json>(item), std::string(what) + " input");
}

Result<Element> ItemToElement(const Item& item, std::string_view what) {
  if (const auto* e = std::get_if<Element>(&item)) return *e;
  if (const auto* j = std::get_if<Json>(&item)) {
    return ElementFromJson(*j, std::string(what) + " input");
  }
  return InvalidArgumentError(std::string(what) +
                              ": input item is not an element: " + ItemToJson(item).dump());
}

}  // namespace quarry::operations_internal
