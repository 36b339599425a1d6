// Parsing of operation inputs: seed lists, element lists, generic item lists
// and Gaffer Pair objects. Errors name the JSON path of the offending item.
#pragma once

#include <string_view>
#include <utility>
#include <vector>

#include "graph-core/element_id.h"
#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "operations/item.h"

namespace quarry::operations_internal {

// An array of seeds (EntitySeed / EdgeSeed JSON, elements, or raw values
// read as EntitySeed); each item is an ElementId.
Result<std::vector<Item>> ParseSeedList(const Json& json, std::string_view path);
// An array of Entity / Edge JSON; each item is an Element.
Result<std::vector<Item>> ParseElementList(const Json& json, std::string_view path);
// An array of anything: elements, seeds, or typed values. A non-array is one
// item (Gaffer's single-object inputs, e.g. ToSingletonList).
Result<std::vector<Item>> ParseItemList(const Json& json, std::string_view path);
Result<Item> ParseItem(const Json& json, std::string_view path);
// ParseItem's item where `json` reads as one (an element, a seed, a typed
// value), else `json` itself as an opaque item (a map, a nested list).
Item ParseItemOrJson(Json json);

// A Pair's side: a seed, optionally wrapped as {"<seed class>": {...}}.
Result<ElementId> ParsePairSeed(const Json& json, std::string_view path);
// {"class": "...Pair", "first": A, "second": B} with seed sides.
Result<std::pair<ElementId, ElementId>> ParseSeedPair(const Json& json, std::string_view path);
// A side holding a seed list: an array, or {"Iterable"|"java.lang.Iterable"|
// any one key: [...]}.
Result<std::vector<Item>> ParsePairSeedList(const Json& json, std::string_view path);

// The element id an item stands for: an element's id, a seed, or a raw
// value as EntitySeed. `what` names the operation in errors.
Result<ElementId> ItemToSeed(const Item& item, std::string_view what);
// REQUIRES nothing; InvalidArgument if the item is not an element.
Result<Element> ItemToElement(const Item& item, std::string_view what);

// True if `class_name` (full or simple) is the class `full_name`.
bool IsClass(std::string_view class_name, std::string_view full_name);

}  // namespace quarry::operations_internal
