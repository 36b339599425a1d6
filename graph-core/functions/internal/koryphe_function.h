// Shared pieces of the koryphe functions in graph-core/functions/.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/function.h"

namespace quarry::functions_internal {

// The computation of a function. REQUIRES: args.size() equals the arity the
// function was made with (checked by the wrapper).
using FunctionBody = std::function<Result<Value>(ValueRefs args)>;

// A function named `class_name` (full Java name) taking `arity` inputs.
// ToJson writes {"class": class_name} plus `fields` (an object).
std::unique_ptr<Function> MakeFunction(std::string_view class_name, size_t arity, FunctionBody body,
                                       Json fields = Json::object());

// InvalidArgument "<function> cannot <what> <class of value>".
Status CannotApply(std::string_view class_name, std::string_view what, const Value& value);

// Java's String.length(): UTF-16 code units of a UTF-8 string.
int64_t JavaStringLength(std::string_view utf8);

// Parsers matching Java's Long.valueOf, Integer.valueOf, Double.valueOf and
// Float.valueOf; InvalidArgument naming `s` when Java would throw
// NumberFormatException.
Result<int64_t> ParseJavaLong(std::string_view s);
Result<int32_t> ParseJavaInt(std::string_view s);
Result<double> ParseJavaDouble(std::string_view s);
Result<float> ParseJavaFloat(std::string_view s);

// Java's Number.longValue()/intValue()/doubleValue()/floatValue() of a
// numeric Value (narrowing casts as Java does them). REQUIRES: v.is_number().
int64_t JavaLongValue(const Value& v);
int32_t JavaIntValue(const Value& v);
double JavaDoubleValue(const Value& v);
float JavaFloatValue(const Value& v);

inline constexpr std::string_view kKoryphePackage = "uk.gov.gchq.koryphe.impl.function.";

// Factories: `json` is the function's object (for its fields), `path` names
// it in messages.
using FunctionFactory =
    std::function<Result<std::unique_ptr<Function>>(const Json& json, std::string_view path)>;
struct FunctionClass {
  std::string_view full_name;
  FunctionFactory factory;
};

// Every function class ParseFunction accepts, built once from the lists
// below (the class catalogue lists the same table).
const std::vector<FunctionClass>& FunctionClasses();

// Each .cc contributes its functions' classes.
void AddConversionFunctions(std::vector<FunctionClass>* out);
void AddStringFunctions(std::vector<FunctionClass>* out);
void AddNumericFunctions(std::vector<FunctionClass>* out);
void AddRoadTrafficFunctions(std::vector<FunctionClass>* out);  // Gaffer's road-traffic demo.
void AddGafferTypeFunctions(std::vector<FunctionClass>* out);  // uk.gov.gchq.gaffer.types.function.

}  // namespace quarry::functions_internal
