// Private helpers for the predicate implementations: the class table each
// file contributes to ParsePredicate, argument access and checked JSON field
// readers whose errors name the field path.
//
// Thread safety: stateless functions.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/json_value.h"
#include "graph-core/predicate.h"
#include "graph-core/status.h"
#include "graph-core/value.h"

namespace quarry::internal {

using PredicatePtr = std::unique_ptr<Predicate>;
using PredicateParser = Result<PredicatePtr> (*)(const Json& json, std::string_view path);

// The input_class of a predicate whose koryphe input type is an unresolved
// type variable (And<I>, InRange<T>...): it accepts any input class.
inline constexpr std::string_view kGenericInput = "?";
// The input_class of a predicate over two or more inputs (KoryphePredicate2:
// AreEqual, IsXLessThanY, the *Dual ranges...): no single input class.
inline constexpr std::string_view kTupleInput = "Tuple";

// One parsable predicate class. `full_name` is the Java class name Gaffer
// writes; the simple name (after the last dot) is accepted on input too.
// `input_class` is koryphe's input signature (Signature.getInputSignature):
// the Java class of its one input, kGenericInput or kTupleInput; Gaffer's
// /filterFunctions/{inputClass} selects predicates by it.
struct PredicateClass {
  std::string_view full_name;
  PredicateParser parse;
  std::string_view input_class;
};

// Every predicate class ParsePredicate accepts, built once.
const std::vector<PredicateClass>& PredicateClasses();

// Each predicates/*.cc file appends the classes it implements.
void AddComparisonPredicates(std::vector<PredicateClass>* out);
void AddIsAPredicate(std::vector<PredicateClass>* out);
void AddLogicalPredicates(std::vector<PredicateClass>* out);
void AddStringPredicates(std::vector<PredicateClass>* out);
void AddCollectionPredicates(std::vector<PredicateClass>* out);
void AddAgeOffPredicates(std::vector<PredicateClass>* out);
void AddRangePredicates(std::vector<PredicateClass>* out);
void AddSketchPredicates(std::vector<PredicateClass>* out);
void AddTimeLibraryPredicates(std::vector<PredicateClass>* out);

// args[i], or a null Value when there are fewer arguments.
const Value& ArgAt(ValueRefs args, size_t i);

// {"class": full_name}.
Json ClassJson(std::string_view full_name);

// Field readers. REQUIRES: json.is_object(). A field holding JSON null counts
// as absent. Errors are InvalidArgument naming "path.field".
Result<Value> ReadValueField(const Json& json, std::string_view field, std::string_view path,
                             bool required);
Result<ValueList> ReadValueListField(const Json& json, std::string_view field,
                                     std::string_view path);  // absent: empty
Result<std::optional<bool>> ReadOptionalBool(const Json& json, std::string_view field,
                                             std::string_view path);
Result<std::optional<int64_t>> ReadOptionalInt(const Json& json, std::string_view field,
                                               std::string_view path);
Result<std::optional<std::string>> ReadOptionalString(const Json& json, std::string_view field,
                                                      std::string_view path);
// A nested predicate; nullptr when absent and not required.
Result<PredicatePtr> ReadPredicateField(const Json& json, std::string_view field,
                                        std::string_view path, bool required);
Result<std::vector<std::shared_ptr<const Predicate>>> ReadPredicateListField(const Json& json,
                                                                             std::string_view field,
                                                                             std::string_view path);

// "Missing required field" error for "path.field".
Status MissingField(std::string_view path, std::string_view field);

}  // namespace quarry::internal
