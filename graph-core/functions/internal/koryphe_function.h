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
// function was made with (checked by the wrapper), unless that is kAnyArity.
using FunctionBody = std::function<Result<Value>(ValueRefs args)>;

// The arity of functions that pass their whole input tuple on (If,
// FunctionChain): any number of inputs, at least one.
inline constexpr size_t kAnyArity = static_cast<size_t>(-1);

// A function named `class_name` (full Java name) taking `arity` inputs.
// ToJson writes {"class": class_name} plus `fields` (an object).
std::unique_ptr<Function> MakeFunction(std::string_view class_name, size_t arity, FunctionBody body,
                                       Json fields = Json::object());

// InvalidArgument "<function> cannot <what> <class of value>".
Status CannotApply(std::string_view class_name, std::string_view what, const Value& value);

// Java's String.length(): UTF-16 code units of a UTF-8 string.
int64_t JavaStringLength(std::string_view utf8);

// koryphe's Length (no maxLength): UTF-16 units of a String, items of a
// collection, entries of a map; null is 0; other classes are
// InvalidArgument naming `class_name`.
Result<int64_t> KorypheLength(std::string_view class_name, const Value& v);

// The entries of a Map, or a FreqMap's as String -> Long; InvalidArgument
// naming `class_name` for other classes.
Result<ValueEntries> MapEntries(std::string_view class_name, const Value& map);

// A String input, or InvalidArgument "<class_name> cannot apply to ...".
Result<const std::string*> RequireString(std::string_view class_name, const Value& v);

// True for the Values that are java.lang.Iterable: lists and sets.
bool IsIterable(const Value& v);

// A function's nested "function"/"predicate"-style member: nullptr when
// absent or JSON null, else parsed (errors name path.key).
Result<std::shared_ptr<const Function>> OptionalNestedFunction(const Json& json,
                                                               std::string_view key,
                                                               std::string_view path);
Result<std::shared_ptr<const Predicate>> OptionalNestedPredicate(const Json& json,
                                                                 std::string_view key,
                                                                 std::string_view path);
// The member `key` as a list of functions ("functions" of FunctionChain and
// IterableFunction); empty when absent or null.
Result<std::vector<std::shared_ptr<const Function>>> NestedFunctionList(const Json& json,
                                                                        std::string_view key,
                                                                        std::string_view path);

// Applies `fn` to one value.
Result<Value> ApplyToOne(const Function& fn, const Value& v);

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
void AddGunzipFunction(std::vector<FunctionClass>* out);  // gunzip_function.cc (zlib)
void AddXmlFunction(std::vector<FunctionClass>* out);     // xml_function.cc

// Jackson's untyped reading of JSON into an Object (csv_json_functions.cc):
// objects become Maps, arrays Lists, integers Integer (Long beyond the int
// range), decimals Double. Errors name `function`.
Result<Value> UntypedJsonValue(const Json& json, std::string_view function, int depth);
void AddStringFunctions(std::vector<FunctionClass>* out);
void AddNumericFunctions(std::vector<FunctionClass>* out);
void AddRoadTrafficFunctions(std::vector<FunctionClass>* out);  // Gaffer's road-traffic demo.
void AddGafferTypeFunctions(std::vector<FunctionClass>* out);  // uk.gov.gchq.gaffer.types.function.
void AddIterableFunctions(std::vector<FunctionClass>* out);
void AddCompositeFunctions(std::vector<FunctionClass>* out);  // If, FunctionChain, Iterable*.
void AddValueFunctions(std::vector<FunctionClass>* out);      // Cast, ToBoolean, lookups.
void AddStringEditFunctions(std::vector<FunctionClass>* out);
void AddRegexFunctions(std::vector<FunctionClass>* out);
void AddDateFunctions(std::vector<FunctionClass>* out);
void AddSketchFunctions(std::vector<FunctionClass>* out);        // Gaffer's sketches library.
void AddTimeBucketFunctions(std::vector<FunctionClass>* out);    // Gaffer's time library.
void AddTimeLibraryFunctions(std::vector<FunctionClass>* out);   // Timestamp sets.
void AddTupleAdaptedFunctions(std::vector<FunctionClass>* out);  // Integer-indexed tuples.
void AddCsvJsonFunctions(std::vector<FunctionClass>* out);       // CsvToMaps, DeserialiseJson.
void AddMapFunctions(std::vector<FunctionClass>* out);           // FunctionMap, MapFilter.
void AddObjectFunctions(std::vector<FunctionClass>* out);        // CallMethod, CreateObject.

}  // namespace quarry::functions_internal
