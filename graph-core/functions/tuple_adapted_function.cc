// koryphe's TupleAdaptedFunction with integer selection and projection, as
// FunctionChain uses it ({"selection": [0], "function": ..., "projection":
// [1]}): the function reads the tuple items at `selection` and its output is
// written to the items at `projection`; the whole tuple is the result (a
// List).
//
// The tuple is the function's inputs, or, for a single List input, that
// list's items (the previous tuple in a chain). Projection indexes past the
// end grow the tuple with nulls. Several projection indexes need a List
// output, spread in order (koryphe's TupleOutputAdapter).
#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/json_fields.h"

namespace quarry::functions_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kTupleAdaptedFunction =
    "uk.gov.gchq.koryphe.tuple.function.TupleAdaptedFunction";

// An array of non-negative int indexes at path.key; empty when absent.
Result<std::vector<size_t>> IndexList(const Json& json, std::string_view key,
                                      std::string_view path) {
  std::string field = jf::Join(path, key);
  const Json* list = jf::Find(json, key);
  if (list == nullptr) return std::vector<size_t>();
  if (!list->is_array()) return InvalidArgumentError(field + ": expected an array of indexes");
  std::vector<size_t> out;
  for (size_t i = 0; i < list->size(); ++i) {
    const Json& item = (*list)[i];
    if (!item.is_number_unsigned() || item.get<uint64_t>() > 1'000'000) {
      return InvalidArgumentError(jf::Index(field, i) +
                                  ": expected a tuple index (a non-negative integer)");
    }
    out.push_back(static_cast<size_t>(item.get<uint64_t>()));
  }
  return out;
}

ValueList TupleOf(ValueRefs args) {
  if (args.size() == 1 && args[0]->type() == ValueType::kList) return args[0]->AsItems();
  ValueList tuple;
  for (const Value* arg : args) tuple.push_back(*arg);
  return tuple;
}

Result<Value> ApplyAdapted(const Function& fn, const std::vector<size_t>& selection,
                           const std::vector<size_t>& projection, ValueRefs args) {
  ValueList tuple = TupleOf(args);
  std::vector<Value> selected;
  for (size_t i : selection) selected.push_back(i < tuple.size() ? tuple[i] : Value());
  std::vector<const Value*> refs;
  for (const Value& v : selected) refs.push_back(&v);
  QUARRY_ASSIGN_OR_RETURN(Value output, fn.Apply(ValueRefs(refs.data(), refs.size())));
  ValueList outputs;
  if (projection.size() == 1) {
    outputs.push_back(std::move(output));
  } else if (IsIterable(output) && output.AsItems().size() <= projection.size()) {
    outputs = output.AsItems();
  } else {
    return InvalidArgumentError(std::string(kTupleAdaptedFunction) + ": output " +
                                output.DebugString() + " does not fit a projection of " +
                                std::to_string(projection.size()) + " indexes");
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (projection[i] >= tuple.size()) tuple.resize(projection[i] + 1);
    tuple[projection[i]] = std::move(outputs[i]);
  }
  return Value::List(std::move(tuple));
}

Result<std::unique_ptr<Function>> ParseTupleAdapted(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::vector<size_t> selection, IndexList(json, "selection", path));
  QUARRY_ASSIGN_OR_RETURN(std::vector<size_t> projection, IndexList(json, "projection", path));
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<const Function> fn,
                          OptionalNestedFunction(json, "function", path));
  Json fields = {{"selection", selection},
                 {"function", fn ? fn->ToJson() : Json()},
                 {"projection", projection}};
  // Java parses a TupleAdaptedFunction without its parts and fails on apply.
  return MakeFunction(
      kTupleAdaptedFunction, kAnyArity,
      [fn, selection, projection](ValueRefs args) -> Result<Value> {
        if (!fn || selection.empty() || projection.empty()) {
          return InvalidArgumentError(std::string(kTupleAdaptedFunction) +
                                      " needs a selection, a function and a projection");
        }
        return ApplyAdapted(*fn, selection, projection, args);
      },
      std::move(fields));
}

}  // namespace

void AddTupleAdaptedFunctions(std::vector<FunctionClass>* out) {
  out->push_back({kTupleAdaptedFunction, ParseTupleAdapted});
}

}  // namespace quarry::functions_internal
