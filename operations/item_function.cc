// Item-level functions (operations/item_function.h): the element-aware and
// iterable functions Gaffer users apply in Map and Join, and the adapter that
// hands every other function class to graph-core.
#include "operations/item_function.h"

#include <string>
#include <utility>

#include "graph-core/function.h"
#include "graph-core/json_fields.h"
#include "operations/internal/input_parser.h"
#include "operations/internal/item_function_classes.h"

namespace quarry {
namespace {

namespace jf = json_fields;

bool IsNullItem(const Item& item) {
  if (const auto* v = std::get_if<Value>(&item)) return v->is_null();
  if (const auto* j = std::get_if<Json>(&item)) return j->is_null();
  return false;
}

// A plain Value for graph-core: elements and seeds cannot be one.
Result<Value> ToPlainValue(const FnObject& object, std::string_view what) {
  if (object.is_list) {
    ValueList values;
    for (const FnObject& o : object.list) {
      QUARRY_ASSIGN_OR_RETURN(Value v, ToPlainValue(o, what));
      values.push_back(std::move(v));
    }
    return Value::List(std::move(values));
  }
  if (!object.item.has_value()) return Value();
  if (const auto* v = std::get_if<Value>(&*object.item)) return *v;
  if (const auto* j = std::get_if<Json>(&*object.item)) return ValueFromJson(*j, what);
  return InvalidArgumentError(
      std::string(what) + ": cannot take " +
      (std::holds_alternative<Element>(*object.item) ? "an element" : "an element id") +
      " as input");
}

// Any function class graph-core knows, applied to one plain value.
class CoreFunction : public ItemFunction {
 public:
  CoreFunction(std::shared_ptr<const Function> fn, std::string name)
      : fn_(std::move(fn)), name_(std::move(name)) {}
  Result<FnObject> Apply(const FnObject& input) const override {
    QUARRY_ASSIGN_OR_RETURN(Value arg, ToPlainValue(input, name_));
    const Value* args[] = {&arg};
    Result<Value> out = fn_->Apply(ValueRefs(args, 1));
    if (!out.ok()) return out.status().WithContext(name_);
    return FnObject::Of(Item(std::move(out).value()));
  }

 private:
  std::shared_ptr<const Function> fn_;
  std::string name_;
};

}  // namespace

bool FnObject::is_null() const { return !is_list && (!item.has_value() || IsNullItem(*item)); }

FnObject FnObjectFromJson(const Json& json) {
  if (json.is_null()) return FnObject::Null();
  if (json.is_array()) {
    std::vector<FnObject> list;
    list.reserve(json.size());
    for (const Json& j : json) list.push_back(FnObjectFromJson(j));
    return FnObject::List(std::move(list));
  }
  Result<Item> item = operations_internal::ParseItem(json, "input");
  if (item.ok()) return FnObject::Of(std::move(item).value());
  return FnObject::Of(Item(json));
}

Json FnObjectToJson(const FnObject& object) {
  if (object.is_list) {
    Json out = Json::array();
    for (const FnObject& o : object.list) out.push_back(FnObjectToJson(o));
    return out;
  }
  return object.item.has_value() ? ItemToJson(*object.item) : Json(nullptr);
}

Item FnObjectToItem(const FnObject& object) {
  if (!object.is_list && object.item.has_value()) return *object.item;
  return Item(FnObjectToJson(object));
}

std::optional<std::vector<FnObject>> AsIterable(const FnObject& object) {
  if (object.is_list) return object.list;
  if (!object.item.has_value()) return std::nullopt;
  const auto* v = std::get_if<Value>(&*object.item);
  if (v == nullptr) return std::nullopt;
  switch (v->type()) {
    case ValueType::kList:
    case ValueType::kTreeSet:
    case ValueType::kHashSet: {
      std::vector<FnObject> out;
      for (const Value& item : v->AsItems()) out.push_back(FnObject::Of(Item(item)));
      return out;
    }
    default:
      return std::nullopt;
  }
}

Result<std::shared_ptr<const ItemFunction>> ParseItemFunction(const Json& json,
                                                              std::string_view path) {
  QUARRY_RETURN_IF_ERROR(jf::RequireObject(json, path));
  QUARRY_ASSIGN_OR_RETURN(std::string cls, jf::ClassField(json, path));
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<const ItemFunction> own,
                          operations_internal::ParseOwnItemFunction(cls, json, path));
  if (own != nullptr) return own;
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Function> core, ParseFunction(json, path));
  return std::shared_ptr<const ItemFunction>(std::make_shared<CoreFunction>(
      std::shared_ptr<const Function>(std::move(core)), std::string(jf::SimpleClassName(cls))));
}

Result<std::vector<std::shared_ptr<const ItemFunction>>> ParseItemFunctionList(
    const Json& json, std::string_view path) {
  if (!json.is_array()) return InvalidArgumentError(std::string(path) + ": expected an array");
  std::vector<std::shared_ptr<const ItemFunction>> out;
  for (size_t i = 0; i < json.size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<const ItemFunction> f,
                            ParseItemFunction(json[i], jf::Index(path, i)));
    out.push_back(std::move(f));
  }
  return out;
}

Result<FnObject> ApplyAll(const std::vector<std::shared_ptr<const ItemFunction>>& functions,
                          FnObject input) {
  for (const auto& f : functions) {
    QUARRY_ASSIGN_OR_RETURN(input, f->Apply(input));
  }
  return input;
}

}  // namespace quarry
