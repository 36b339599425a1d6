// koryphe's functions that hold other functions or predicates:
// If {"condition", "predicate", "then", "otherwise"}, FunctionChain
// {"functions"}, IterableFunction {"functions"}, IterableFilter
// {"predicate"}, FirstValid {"predicate"} and ApplyBiFunction {"function"}.
//
// If and FunctionChain take any number of inputs, as Java passes them a
// tuple: the predicate and the first function see every input. Where Java
// returns its input unchanged, one input is returned as itself and several
// as a List (the tuple's items). The Iterable* functions return Lists
// (Java's lazy FilteredIterable/MappedIterable), evaluated eagerly so that
// an error in a nested function is reported, not deferred.
#include "graph-core/binary_operator.h"
#include "graph-core/class_catalogue.h"
#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/json_fields.h"

namespace quarry::functions_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kIf = "uk.gov.gchq.koryphe.impl.function.If";
constexpr std::string_view kFunctionChain = "uk.gov.gchq.koryphe.impl.function.FunctionChain";
constexpr std::string_view kIterableFunction = "uk.gov.gchq.koryphe.impl.function.IterableFunction";
constexpr std::string_view kIterableFilter = "uk.gov.gchq.koryphe.impl.function.IterableFilter";
constexpr std::string_view kFirstValid = "uk.gov.gchq.koryphe.impl.function.FirstValid";
constexpr std::string_view kApplyBiFunction = "uk.gov.gchq.koryphe.impl.function.ApplyBiFunction";

using FunctionPtr = std::shared_ptr<const Function>;
using FunctionList = std::vector<FunctionPtr>;

// The input as Java's apply() would hand it back: one value, or the tuple.
Value InputAsValue(ValueRefs args) {
  if (args.size() == 1) return *args[0];
  ValueList items;
  for (const Value* arg : args) items.push_back(*arg);
  return Value::List(std::move(items));
}

Json FunctionListJson(const FunctionList& functions) {
  Json list = Json::array();
  for (const FunctionPtr& fn : functions) list.push_back(fn->ToJson());
  return list;
}

Result<std::unique_ptr<Function>> ParseIf(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<bool> condition, jf::OptionalBool(json, "condition", path));
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<const Predicate> predicate,
                          OptionalNestedPredicate(json, "predicate", path));
  QUARRY_ASSIGN_OR_RETURN(FunctionPtr then, OptionalNestedFunction(json, "then", path));
  QUARRY_ASSIGN_OR_RETURN(FunctionPtr otherwise, OptionalNestedFunction(json, "otherwise", path));
  Json fields = Json::object();
  if (condition) fields["condition"] = *condition;
  if (predicate) fields["predicate"] = predicate->ToJson();
  if (then) fields["then"] = then->ToJson();
  if (otherwise) fields["otherwise"] = otherwise->ToJson();
  return MakeFunction(
      kIf, kAnyArity,
      [condition, predicate, then, otherwise](ValueRefs args) -> Result<Value> {
        // A set condition wins; otherwise the predicate decides (none: false).
        bool chosen = condition.has_value() ? *condition : (predicate && predicate->Test(args));
        const FunctionPtr& branch = chosen ? then : otherwise;
        if (branch) return branch->Apply(args);
        return InputAsValue(args);
      },
      std::move(fields));
}

// Each function's output is the next one's input; no functions returns the
// input.
Result<std::unique_ptr<Function>> ParseFunctionChain(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(FunctionList functions, NestedFunctionList(json, "functions", path));
  Json fields = {{"functions", FunctionListJson(functions)}};
  return MakeFunction(
      kFunctionChain, kAnyArity,
      [functions](ValueRefs args) -> Result<Value> {
        if (functions.empty()) return InputAsValue(args);
        QUARRY_ASSIGN_OR_RETURN(Value result, functions.front()->Apply(args));
        for (size_t i = 1; i < functions.size(); ++i) {
          QUARRY_ASSIGN_OR_RETURN(result, ApplyToOne(*functions[i], result));
        }
        return result;
      },
      std::move(fields));
}

// The items of an iterable input, or an error naming the function.
Result<const ValueList*> Items(std::string_view class_name, const Value& v) {
  if (!IsIterable(v)) return CannotApply(class_name, "iterate over", v);
  return &v.AsItems();
}

// Every item through the functions in turn; null input gives null.
Result<std::unique_ptr<Function>> ParseIterableFunction(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(FunctionList functions, NestedFunctionList(json, "functions", path));
  Json fields = {{"functions", FunctionListJson(functions)}};
  return MakeFunction(
      kIterableFunction, 1,
      [functions](ValueRefs args) -> Result<Value> {
        if (args[0]->is_null()) return Value();
        QUARRY_ASSIGN_OR_RETURN(const ValueList* items, Items(kIterableFunction, *args[0]));
        ValueList out;
        out.reserve(items->size());
        for (const Value& item : *items) {
          Value mapped = item;
          for (const FunctionPtr& fn : functions) {
            QUARRY_ASSIGN_OR_RETURN(mapped, ApplyToOne(*fn, mapped));
          }
          out.push_back(std::move(mapped));
        }
        return Value::List(std::move(out));
      },
      std::move(fields));
}

// The items the predicate accepts; without a predicate (or with a null
// input) the input is returned unchanged.
Result<std::unique_ptr<Function>> ParseIterableFilter(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<const Predicate> predicate,
                          OptionalNestedPredicate(json, "predicate", path));
  Json fields = Json::object();
  if (predicate) fields["predicate"] = predicate->ToJson();
  return MakeFunction(
      kIterableFilter, 1,
      [predicate](ValueRefs args) -> Result<Value> {
        if (args[0]->is_null() || !predicate) return *args[0];
        QUARRY_ASSIGN_OR_RETURN(const ValueList* items, Items(kIterableFilter, *args[0]));
        ValueList out;
        for (const Value& item : *items) {
          if (predicate->Test(item)) out.push_back(item);
        }
        return Value::List(std::move(out));
      },
      std::move(fields));
}

// The first item the predicate accepts; null without a predicate, with a
// null input, or when none is accepted.
Result<std::unique_ptr<Function>> ParseFirstValid(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<const Predicate> predicate,
                          OptionalNestedPredicate(json, "predicate", path));
  Json fields = Json::object();
  if (predicate) fields["predicate"] = predicate->ToJson();
  return MakeFunction(
      kFirstValid, 1,
      [predicate](ValueRefs args) -> Result<Value> {
        if (args[0]->is_null() || !predicate) return Value();
        QUARRY_ASSIGN_OR_RETURN(const ValueList* items, Items(kFirstValid, *args[0]));
        for (const Value& item : *items) {
          if (predicate->Test(item)) return item;
        }
        return Value();
      },
      std::move(fields));
}

// True when `spec` names one of the binary operators (aggregators) rather
// than a function.
bool IsBinaryOperatorClass(const Json& spec) {
  const Json* cls = jf::Find(spec, "class");
  if (cls == nullptr || !cls->is_string()) return false;
  const std::string name = cls->get<std::string>();
  for (const std::string& op : AggregationFunctionClassNames()) {
    if (jf::ClassNameMatches(name, op)) return true;
  }
  return false;
}

// ApplyBiFunction: its "function" (a Java BiFunction) applied to two inputs.
// That is a koryphe BinaryOperator (Sum, Max, ...: with koryphe's
// null-skipping, a null input gives the other) or a two-input function
// (Concat, Divide, ...); null without one.
Result<std::unique_ptr<Function>> ParseApplyBiFunction(const Json& json, std::string_view path) {
  const Json* spec = jf::Find(json, "function");
  Json fields = Json::object();
  if (spec == nullptr || spec->is_null()) {
    return MakeFunction(kApplyBiFunction, 2, [](ValueRefs) -> Result<Value> { return Value(); });
  }
  std::string fpath = jf::Join(path, "function");
  if (IsBinaryOperatorClass(*spec)) {
    QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<const BinaryOperator> shared,
                            ParseBinaryOperator(*spec, fpath));
    fields["function"] = shared->ToJson();
    return MakeFunction(
        kApplyBiFunction, 2,
        [shared](ValueRefs args) -> Result<Value> {
          Value state = *args[0];
          QUARRY_RETURN_IF_ERROR(shared->Apply(&state, *args[1]).WithContext("ApplyBiFunction"));
          return state;
        },
        std::move(fields));
  }
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<const Function> shared, ParseFunction(*spec, fpath));
  fields["function"] = shared->ToJson();
  return MakeFunction(
      kApplyBiFunction, 2, [shared](ValueRefs args) { return shared->Apply(args); },
      std::move(fields));
}

}  // namespace

void AddCompositeFunctions(std::vector<FunctionClass>* out) {
  out->push_back({kIf, ParseIf});
  out->push_back({kFunctionChain, ParseFunctionChain});
  out->push_back({kIterableFunction, ParseIterableFunction});
  out->push_back({kIterableFilter, ParseIterableFilter});
  out->push_back({kFirstValid, ParseFirstValid});
  out->push_back({kApplyBiFunction, ParseApplyBiFunction});
}

}  // namespace quarry::functions_internal
