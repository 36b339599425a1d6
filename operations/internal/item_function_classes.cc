// The item-level function classes: Gaffer's element functions
// (data.element.function.ExtractProperty/ExtractId/ExtractGroup/
// UnwrapEntityId, operation.function.ToEntityId/ToElementId/FromEntityId/
// FromElementId/ToTrailingWildcardPair, and ReduceRelatedElements in its own file) and
// koryphe's iterable functions (IterableFlatten among
// them), which must see elements and nested iterables whole.
#include "operations/internal/item_function_classes.h"

#include <array>
#include <functional>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "graph-core/binary_operator.h"
#include "graph-core/json_element.h"
#include "graph-core/json_fields.h"

namespace quarry::operations_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kKoryphe = "uk.gov.gchq.koryphe.impl.function.";
constexpr std::string_view kGafferElement = "uk.gov.gchq.gaffer.data.element.function.";
constexpr std::string_view kGafferOperation = "uk.gov.gchq.gaffer.operation.function.";

std::shared_ptr<const ItemFunction> Make(LambdaItemFunction::ApplyFn fn) {
  return std::make_shared<LambdaItemFunction>(std::move(fn));
}

bool Is(std::string_view cls, std::string_view package, std::string_view simple) {
  return jf::ClassNameMatches(cls, std::string(package) + std::string(simple));
}

// The element a Gaffer element function takes; nullopt for Java's null.
Result<std::optional<Element>> InputElement(const FnObject& in, std::string_view name) {
  if (in.is_null()) return std::optional<Element>();
  if (!in.is_list && in.item.has_value()) {
    if (const auto* e = std::get_if<Element>(&*in.item)) return std::optional<Element>(*e);
  }
  return InvalidArgumentError(std::string(name) +
                              ": input is not an element: " + FnObjectToJson(in).dump());
}

Result<std::vector<FnObject>> InputIterable(const FnObject& in, std::string_view name) {
  if (in.is_null()) return InvalidArgumentError(std::string(name) + ": Input cannot be null");
  std::optional<std::vector<FnObject>> items = AsIterable(in);
  if (!items.has_value()) {
    return InvalidArgumentError(std::string(name) +
                                ": input is not an iterable: " + FnObjectToJson(in).dump());
  }
  return std::move(*items);
}

// ExtractId's IdentifierType.
bool IsIdentifierType(std::string_view id) {
  constexpr std::array<std::string_view, 7> kTypes = {
      "VERTEX", "SOURCE", "DESTINATION", "DIRECTED", "MATCHED_VERTEX", "ADJACENT_MATCHED_VERTEX",
      "GROUP"};
  for (std::string_view t : kTypes) {
    if (t == id) return true;
  }
  return false;
}

Result<std::shared_ptr<const ItemFunction>> ParseElementFunction(std::string_view cls,
                                                                 const Json& json,
                                                                 std::string_view path) {
  if (Is(cls, kGafferElement, "ExtractGroup")) {
    return Make([](const FnObject& in) -> Result<FnObject> {
      QUARRY_ASSIGN_OR_RETURN(std::optional<Element> e, InputElement(in, "ExtractGroup"));
      return e.has_value() ? FnObject::Of(Item(Value::String(e->group()))) : FnObject::Null();
    });
  }
  bool property = Is(cls, kGafferElement, "ExtractProperty");
  if (!property && !Is(cls, kGafferElement, "ExtractId")) return nullptr;
  std::string_view field = property ? "name" : "id";
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> key, jf::OptionalString(json, field, path));
  if (!key.has_value()) return InvalidArgumentError(jf::Join(path, field) + ": required");
  if (!property && !IsIdentifierType(*key)) {
    return InvalidArgumentError(jf::Join(path, field) + ": unknown IdentifierType '" + *key + "'");
  }
  std::string name(property ? "ExtractProperty" : "ExtractId");
  return Make([key = *key, property, name](const FnObject& in) -> Result<FnObject> {
    QUARRY_ASSIGN_OR_RETURN(std::optional<Element> e, InputElement(in, name));
    if (!e.has_value()) return FnObject::Null();
    Value v = property ? e->properties().Get(key) : e->GetIdentifierOrProperty(key);
    return v.is_null() ? FnObject::Null() : FnObject::Of(Item(std::move(v)));
  });
}

// ToEntityId / ToElementId: ids (and elements, which are ids in Gaffer) as
// they are; any other object becomes an EntitySeed of it.
std::shared_ptr<const ItemFunction> MakeToId(bool entity_only) {
  std::string name = entity_only ? "ToEntityId" : "ToElementId";
  return Make([entity_only, name](const FnObject& in) -> Result<FnObject> {
    if (in.is_null()) return FnObject::Null();
    if (!in.is_list) {
      const Item& item = *in.item;
      if (const auto* e = std::get_if<Element>(&item)) {
        if (!entity_only || e->is_entity()) return in;
      } else if (const auto* id = std::get_if<ElementId>(&item)) {
        if (!entity_only || std::holds_alternative<EntitySeed>(*id)) return in;
      } else if (const auto* v = std::get_if<Value>(&item)) {
        return FnObject::Of(Item(ElementId(EntitySeed{*v})));
      }
    }
    return InvalidArgumentError(name + ": cannot make an entity id of " +
                                FnObjectToJson(in).dump());
  });
}

// FirstItem / LastItem / NthItem: Java's null when there is no such item
// (NthItem: an error, as Guava's Iterables.get).
std::shared_ptr<const ItemFunction> MakePick(std::string name, std::optional<int64_t> nth,
                                             bool last) {
  return Make([name, nth, last](const FnObject& in) -> Result<FnObject> {
    QUARRY_ASSIGN_OR_RETURN(std::vector<FnObject> items, InputIterable(in, name));
    if (nth.has_value()) {
      if (*nth < 0 || static_cast<size_t>(*nth) >= items.size()) {
        return InvalidArgumentError(name + ": no item at position " + std::to_string(*nth) +
                                    " of " + std::to_string(items.size()));
      }
      return items[*nth];
    }
    if (items.empty()) return FnObject::Null();
    return last ? items.back() : items.front();
  });
}

// ToList / ToArray / ToSet: an iterable's items, else a list of the one
// object (null included, except ToSet which drops nothing but repeats).
std::shared_ptr<const ItemFunction> MakeToCollection(bool distinct) {
  return Make([distinct](const FnObject& in) -> Result<FnObject> {
    std::vector<FnObject> items = AsIterable(in).value_or(std::vector<FnObject>{in});
    if (!distinct) return FnObject::List(std::move(items));
    std::unordered_set<std::string> seen;
    std::vector<FnObject> out;
    for (FnObject& o : items) {
      if (seen.insert(FnObjectToJson(o).dump()).second) out.push_back(std::move(o));
    }
    return FnObject::List(std::move(out));
  });
}

Result<std::shared_ptr<const ItemFunction>> ParseIterableFunction(std::string_view cls,
                                                                  const Json& json,
                                                                  std::string_view path) {
  bool per_item = Is(cls, kKoryphe, "IterableFunction");
  if (!per_item && !Is(cls, kKoryphe, "FunctionChain")) return nullptr;
  std::vector<std::shared_ptr<const ItemFunction>> functions;
  if (const Json* list = jf::Find(json, "functions")) {
    QUARRY_ASSIGN_OR_RETURN(functions, ParseItemFunctionList(*list, jf::Join(path, "functions")));
  }
  if (!per_item) {
    return Make([functions](const FnObject& in) { return ApplyAll(functions, in); });
  }
  return Make([functions](const FnObject& in) -> Result<FnObject> {
    if (in.is_null()) return FnObject::Null();  // koryphe's IterableUtil.map(null) is null.
    QUARRY_ASSIGN_OR_RETURN(std::vector<FnObject> items, InputIterable(in, "IterableFunction"));
    std::vector<FnObject> out;
    out.reserve(items.size());
    for (FnObject& item : items) {
      QUARRY_ASSIGN_OR_RETURN(FnObject mapped, ApplyAll(functions, std::move(item)));
      out.push_back(std::move(mapped));
    }
    return FnObject::List(std::move(out));
  });
}

std::shared_ptr<const ItemFunction> MakeIterableConcat() {
  return Make([](const FnObject& in) -> Result<FnObject> {
    QUARRY_ASSIGN_OR_RETURN(std::vector<FnObject> outer, InputIterable(in, "IterableConcat"));
    std::vector<FnObject> out;
    for (const FnObject& o : outer) {
      QUARRY_ASSIGN_OR_RETURN(std::vector<FnObject> inner, InputIterable(o, "IterableConcat"));
      for (FnObject& i : inner) out.push_back(std::move(i));
    }
    return FnObject::List(std::move(out));
  });
}

// The vertex of an entity id (an EntitySeed or an Entity), or nullopt.
std::optional<Value> EntityIdVertex(const Item& item) {
  if (const auto* e = std::get_if<Element>(&item)) {
    if (e->is_entity()) return e->vertex();
  } else if (const auto* id = std::get_if<ElementId>(&item)) {
    if (const auto* seed = std::get_if<EntitySeed>(id)) return seed->vertex;
  }
  return std::nullopt;
}

// FromEntityId (an entity id's vertex), FromElementId (the same, and an edge
// id unchanged) and UnwrapEntityId (the same, and anything else unchanged):
// Gaffer's operation.function and data.element.function classes.
enum class IdUnwrap { kEntityIdOnly, kElementId, kAnything };
std::shared_ptr<const ItemFunction> MakeFromId(IdUnwrap mode, std::string name) {
  return Make([mode, name](const FnObject& in) -> Result<FnObject> {
    if (in.is_null()) return FnObject::Null();
    if (!in.is_list) {
      if (std::optional<Value> vertex = EntityIdVertex(*in.item)) {
        return FnObject::Of(Item(std::move(*vertex)));
      }
      const bool element_id =
          std::holds_alternative<Element>(*in.item) || std::holds_alternative<ElementId>(*in.item);
      if (mode == IdUnwrap::kAnything || (mode == IdUnwrap::kElementId && element_id)) return in;
    }
    if (mode == IdUnwrap::kAnything) return in;
    return InvalidArgumentError(name + ": input is not an " +
                                (mode == IdUnwrap::kElementId ? "element id: " : "entity id: ") +
                                FnObjectToJson(in).dump());
  });
}

// koryphe's IterableFlatten: the iterable's non-null items folded with
// `operator`; null for an empty iterable or without an operator.
Result<std::shared_ptr<const ItemFunction>> MakeIterableFlatten(const Json& json,
                                                                std::string_view path) {
  std::shared_ptr<const BinaryOperator> op;
  if (const Json* spec = jf::Find(json, "operator"); spec != nullptr && !spec->is_null()) {
    QUARRY_ASSIGN_OR_RETURN(op, ParseBinaryOperator(*spec, jf::Join(path, "operator")));
  }
  return Make([op](const FnObject& in) -> Result<FnObject> {
    if (in.is_null() || op == nullptr) return FnObject::Null();
    QUARRY_ASSIGN_OR_RETURN(std::vector<FnObject> items, InputIterable(in, "IterableFlatten"));
    Value state;
    for (const FnObject& item : items) {
      if (item.is_null()) continue;
      const Value* v = item.is_list ? nullptr : std::get_if<Value>(&*item.item);
      if (v == nullptr) {
        return InvalidArgumentError("IterableFlatten: cannot fold " + FnObjectToJson(item).dump() +
                                    ": the operator takes values");
      }
      QUARRY_RETURN_IF_ERROR(op->Apply(&state, *v).WithContext("IterableFlatten"));
    }
    if (state.is_null()) return FnObject::Null();
    return FnObject::Of(Item(std::move(state)));
  });
}

// ToTrailingWildcardPair {"endOfRange": "~"}: a String vertex as the Pair of
// EntitySeeds (vertex, vertex + endOfRange) bounding a trailing-wildcard
// range (for GetElementsInRanges), in Gaffer's Pair JSON; null stays null.
Result<std::shared_ptr<const ItemFunction>> MakeToTrailingWildcardPair(const Json& json,
                                                                       std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> end,
                          jf::OptionalString(json, "endOfRange", path));
  // Gaffer's setter turns an explicit null into "".
  const bool null_given = json.contains("endOfRange") && json["endOfRange"].is_null();
  std::string suffix = null_given ? "" : end.value_or("~");
  return Make([suffix](const FnObject& in) -> Result<FnObject> {
    if (in.is_null()) return FnObject::Null();
    const std::string* vertex = nullptr;
    if (!in.is_list && in.item) {
      if (const auto* v = std::get_if<Value>(&*in.item); v && v->type() == ValueType::kString) {
        vertex = &v->AsString();
      } else if (const auto* j = std::get_if<Json>(&*in.item); j && j->is_string()) {
        vertex = &j->get_ref<const std::string&>();
      }
    }
    if (vertex == nullptr) {
      return InvalidArgumentError("ToTrailingWildcardPair: expected a String, got " +
                                  FnObjectToJson(in).dump());
    }
    auto seed = [](std::string v) {
      Json id = ElementIdToJson(ElementId(EntitySeed{Value::String(std::move(v))}));
      std::string cls = id.value("class", "");
      return Json{{cls, std::move(id)}};
    };
    Json pair = Json::object();
    pair["class"] = "uk.gov.gchq.gaffer.commonutil.pair.Pair";
    pair["first"] = seed(*vertex);
    pair["second"] = seed(*vertex + suffix);
    return FnObject::Of(Item(std::move(pair)));
  });
}

}  // namespace

Result<std::shared_ptr<const ItemFunction>> ParseOwnItemFunction(std::string_view cls,
                                                                 const Json& json,
                                                                 std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<const ItemFunction> f,
                          ParseElementFunction(cls, json, path));
  if (f != nullptr) return f;
  QUARRY_ASSIGN_OR_RETURN(f, ParseIterableFunction(cls, json, path));
  if (f != nullptr) return f;
  QUARRY_ASSIGN_OR_RETURN(f, ParseWalkFunction(cls, json, path));
  if (f != nullptr) return f;
  if (Is(cls, kGafferOperation, "ToEntityId")) return MakeToId(/*entity_only=*/true);
  if (Is(cls, kGafferOperation, "ToElementId")) return MakeToId(/*entity_only=*/false);
  if (Is(cls, kGafferOperation, "ToTrailingWildcardPair")) {
    return MakeToTrailingWildcardPair(json, path);
  }
  if (Is(cls, kGafferElement, "ReduceRelatedElements"))
    return MakeReduceRelatedElements(json, path);
  if (Is(cls, kKoryphe, "Identity")) return Make([](const FnObject& in) { return in; });
  if (Is(cls, kKoryphe, "FirstItem")) return MakePick("FirstItem", std::nullopt, false);
  if (Is(cls, kKoryphe, "LastItem")) return MakePick("LastItem", std::nullopt, true);
  if (Is(cls, kKoryphe, "NthItem")) {
    QUARRY_ASSIGN_OR_RETURN(std::optional<int32_t> n, jf::OptionalInt32(json, "selection", path));
    return MakePick("NthItem", n.value_or(0), false);
  }
  if (Is(cls, kKoryphe, "ToList") || Is(cls, kKoryphe, "ToArray")) return MakeToCollection(false);
  if (Is(cls, kKoryphe, "ToSet")) return MakeToCollection(true);
  if (Is(cls, kKoryphe, "IterableConcat")) return MakeIterableConcat();
  if (Is(cls, kKoryphe, "IterableFlatten")) return MakeIterableFlatten(json, path);
  if (Is(cls, kGafferOperation, "FromEntityId")) {
    return MakeFromId(IdUnwrap::kEntityIdOnly, "FromEntityId");
  }
  if (Is(cls, kGafferOperation, "FromElementId")) {
    return MakeFromId(IdUnwrap::kElementId, "FromElementId");
  }
  if (Is(cls, kGafferElement, "UnwrapEntityId")) {
    return MakeFromId(IdUnwrap::kAnything, "UnwrapEntityId");
  }
  if (Is(cls, kKoryphe, "Size")) {
    return Make([](const FnObject& in) -> Result<FnObject> {
      QUARRY_ASSIGN_OR_RETURN(std::vector<FnObject> items, InputIterable(in, "Size"));
      return FnObject::Of(Item(Value::Int32(static_cast<int32_t>(items.size()))));
    });
  }
  return std::shared_ptr<const ItemFunction>();
}

}  // namespace quarry::operations_internal
