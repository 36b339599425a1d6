#include "operations/internal/flow_predicate.h"

#include <string>
#include <utility>
#include <vector>

#include "graph-core/json_fields.h"
#include "graph-core/predicate.h"
#include "operations/internal/input_parser.h"

namespace quarry::operations_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kPredicatePackage = "uk.gov.gchq.koryphe.impl.predicate.";

bool IsPredicate(const Json& predicate, std::string_view simple) {
  const Json* cls = jf::Find(predicate, "class");
  if (cls == nullptr || !cls->is_string()) return false;
  return jf::ClassNameMatches(cls->get_ref<const std::string&>(),
                              std::string(kPredicatePackage) + std::string(simple));
}

// The held value as one Value, if it is a plain value or a list of them.
std::optional<Value> AsValue(const StoredVariable& held) {
  switch (held.kind) {
    case StepOutput::Kind::kNone:
      return Value();
    case StepOutput::Kind::kJson: {
      Result<Value> v = ValueFromJson(held.json, "input");
      if (v.ok()) return std::move(v).value();
      return std::nullopt;
    }
    case StepOutput::Kind::kStream:
      break;
  }
  ValueList values;
  for (const Item& item : held.items) {
    const auto* v = std::get_if<Value>(&item);
    if (v == nullptr) return std::nullopt;
    values.push_back(*v);
  }
  return Value::List(std::move(values));
}

// The held value as a list of items (a JSON array's members as JSON items).
std::vector<Item> AsItems(const StoredVariable& held) {
  if (held.kind == StepOutput::Kind::kStream) return held.items;
  std::vector<Item> items;
  if (held.kind == StepOutput::Kind::kJson) {
    if (held.json.is_array()) {
      for (const Json& j : held.json) items.push_back(Item(j));
    } else {
      items.push_back(Item(held.json));
    }
  }
  return items;
}

Result<bool> TestItems(const Json& predicate, const std::vector<Item>& items, bool exists,
                       const std::string& path);

Result<bool> TestAll(const Json& predicate, const std::vector<Item>& items, bool exists,
                     const std::string& path, bool is_and) {
  const Json* list = jf::Find(predicate, "predicates");
  if (list == nullptr || !list->is_array()) {
    return InvalidArgumentError(jf::Join(path, "predicates") + ": expected an array");
  }
  for (size_t i = 0; i < list->size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(
        bool r, TestItems((*list)[i], items, exists, jf::Index(jf::Join(path, "predicates"), i)));
    if (r != is_and) return r;
  }
  return is_and;
}

Result<bool> TestLength(const Json& predicate, size_t size, bool longer, const std::string& path) {
  std::string_view field = longer ? "minLength" : "maxLength";
  const Json* limit = jf::Find(predicate, field);
  if (limit == nullptr || !limit->is_number_integer()) {
    return InvalidArgumentError(jf::Join(path, field) + ": expected an integer");
  }
  const Json* or_equal = jf::Find(predicate, "orEqualTo");
  bool equal_ok = or_equal != nullptr && or_equal->is_boolean() && or_equal->get<bool>();
  int64_t n = limit->get<int64_t>();
  int64_t s = static_cast<int64_t>(size);
  if (longer) return equal_ok ? s >= n : s > n;
  return equal_ok ? s <= n : s < n;
}

// The collection-level predicates over items that are not plain values.
Result<bool> TestItems(const Json& predicate, const std::vector<Item>& items, bool exists,
                       const std::string& path) {
  if (!predicate.is_object()) return InvalidArgumentError(path + ": expected a predicate object");
  if (IsPredicate(predicate, "Not")) {
    const Json* inner = jf::Find(predicate, "predicate");
    if (inner == nullptr) return InvalidArgumentError(jf::Join(path, "predicate") + ": required");
    QUARRY_ASSIGN_OR_RETURN(bool r, TestItems(*inner, items, exists, jf::Join(path, "predicate")));
    return !r;
  }
  if (IsPredicate(predicate, "And")) return TestAll(predicate, items, exists, path, true);
  if (IsPredicate(predicate, "Or")) return TestAll(predicate, items, exists, path, false);
  if (IsPredicate(predicate, "Exists")) return exists;
  if (IsPredicate(predicate, "IsShorterThan"))
    return TestLength(predicate, items.size(), false, path);
  if (IsPredicate(predicate, "IsLongerThan"))
    return TestLength(predicate, items.size(), true, path);
  if (IsPredicate(predicate, "CollectionContains")) {
    const Json* value = jf::Find(predicate, "value");
    if (value == nullptr) return false;  // A null value is never contained.
    QUARRY_ASSIGN_OR_RETURN(Item wanted, ParseItem(*value, jf::Join(path, "value")));
    Json wanted_json = ItemToJson(wanted);
    for (const Item& item : items) {
      if (ItemEquals(item, wanted)) return true;
      // JSON items (e.g. from a JSON array input) compare by their JSON.
      if (std::holds_alternative<Json>(item) && ItemToJson(item) == wanted_json) return true;
    }
    return false;
  }
  const Json* cls = jf::Find(predicate, "class");
  return InvalidArgumentError(path + ": the predicate '" +
                              (cls != nullptr && cls->is_string() ? cls->get<std::string>() : "?") +
                              "' cannot accept an input of type Iterable of elements or ids");
}

}  // namespace

Result<StoredVariable> Hold(StepOutput in, size_t max_items, std::string_view what) {
  StoredVariable held;
  held.kind = in.kind;
  if (in.kind == StepOutput::Kind::kJson) held.json = std::move(in.json);
  if (in.kind == StepOutput::Kind::kStream) {
    QUARRY_ASSIGN_OR_RETURN(held.items, Collect(*in.stream, max_items, what));
  }
  return held;
}

StepOutput Replay(const StoredVariable& held) {
  switch (held.kind) {
    case StepOutput::Kind::kStream:
      return StepOutput::Stream(MakeVectorStream(held.items));
    case StepOutput::Kind::kJson:
      return StepOutput::Value(held.json);
    case StepOutput::Kind::kNone:
      break;
  }
  return StepOutput::None();
}

Json HeldToJson(const StoredVariable& held) {
  if (held.kind == StepOutput::Kind::kJson) return held.json;
  if (held.kind == StepOutput::Kind::kNone) return Json(nullptr);
  Json list = Json::array();
  for (const Item& item : held.items) list.push_back(ItemToJson(item));
  return list;
}

Result<bool> TestHeld(const Json& predicate, const StoredVariable& held, std::string_view path) {
  std::optional<Value> value = AsValue(held);
  if (value.has_value()) {
    QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Predicate> p, ParsePredicate(predicate, path));
    return p->Test(*value);
  }
  return TestItems(predicate, AsItems(held), held.kind != StepOutput::Kind::kNone,
                   std::string(path));
}

}  // namespace quarry::operations_internal
