// Item-level functions: what Gaffer's Map operation and Join's
// KeyFunctionMatch apply to whole objects, elements included.
//
// graph-core's Function (graph-core/function.h) works on Values, and a Value
// cannot hold an Element. Gaffer users apply element-aware functions in Map
// (ExtractProperty, ExtractId, ExtractGroup, ToEntityId, ToElementId) and
// iterable functions over streams of elements (IterableFunction, FirstItem,
// LastItem, NthItem, ToList, ToSet, ToArray, IterableConcat, FunctionChain,
// Size, Identity). Those are implemented here over FnObject, which can hold
// elements and nested lists; every other function class is graph-core's,
// applied to one plain Value (a list of plain values passed as a kList).
//
// Thread safety: ItemFunction is immutable after parsing; Apply() is const
// and reentrant.
#pragma once

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "operations/item.h"

namespace quarry {

// One object a function sees or returns: Java's null, one item, or an
// iterable of objects (nested as deep as the functions make it).
struct FnObject {
  std::optional<Item> item;  // Set for a single object.
  bool is_list = false;
  std::vector<FnObject> list;  // When is_list.

  static FnObject Null() { return FnObject(); }
  static FnObject Of(Item i) {
    FnObject o;
    o.item = std::move(i);
    return o;
  }
  static FnObject List(std::vector<FnObject> items) {
    FnObject o;
    o.is_list = true;
    o.list = std::move(items);
    return o;
  }
  bool is_null() const;  // No item and not a list, or a null Value / JSON null.
};

// Gaffer JSON -> object: an array is a list (recursively); an element, a
// seed or a typed value is an item; other JSON (e.g. a plain object) is kept
// as a JSON item.
FnObject FnObjectFromJson(const Json& json);
// Object -> Gaffer JSON (lists as arrays, null as null).
Json FnObjectToJson(const FnObject& object);
// Object -> one Item (a list becomes a JSON array item).
Item FnObjectToItem(const FnObject& object);

// The items of an iterable: a list, or a Value collection (List, TreeSet,
// HashSet) as Value items. nullopt if `object` is not iterable.
std::optional<std::vector<FnObject>> AsIterable(const FnObject& object);

class ItemFunction {
 public:
  virtual ~ItemFunction() = default;
  // InvalidArgument (naming the function class) when the input is of a type
  // the function cannot take, as Gaffer's ClassCastException.
  virtual Result<FnObject> Apply(const FnObject& input) const = 0;
};

// Parses a function's JSON ({"class": ...}) at `path`. Unknown classes go to
// graph-core's ParseFunction, whose error names the class.
Result<std::shared_ptr<const ItemFunction>> ParseItemFunction(const Json& json,
                                                              std::string_view path);
// A JSON array of functions (Map's "functions", FunctionChain's).
Result<std::vector<std::shared_ptr<const ItemFunction>>> ParseItemFunctionList(
    const Json& json, std::string_view path);

// Applies `functions` in order, each to the previous one's output.
Result<FnObject> ApplyAll(const std::vector<std::shared_ptr<const ItemFunction>>& functions,
                          FnObject input);

}  // namespace quarry
