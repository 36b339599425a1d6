// Functions used by View transforms (koryphe's Function implementations).
//
// Apply maps the selected input values (in selection order; a missing value
// is a null Value) to one output value. Single-input functions take exactly
// one arg, two-input ones (Concat, Multiply, Divide, Longest,
// StringsToTypeValue) exactly two; a wrong count is InvalidArgument. If,
// FunctionChain and TupleAdaptedFunction take any number (Java's input
// tuple). Functions whose Java result is a tuple, iterable or array (Divide,
// DivideBy, ToArray, IterableFunction, ...) return a kList.
//
// Supported (full class names or the simple names):
//  * koryphe (uk.gov.gchq.koryphe.impl.function.X): Identity, ToNull,
//    ToString, ToLong, ToInteger, ToDouble, ToFloat, ToBoolean, ToBytes,
//    ToUpperCase, ToLowerCase (ASCII case only), Concat (separator), Length
//    (maxLength), Size, Multiply, MultiplyBy (by), MultiplyLongBy (by),
//    Divide, DivideBy (by), Increment (increment), DefaultIfNull and
//    DefaultIfEmpty (defaultValue), SetValue (value), Cast (outputClass),
//    DictionaryLookup (dictionary), Base64Decode;
//    maps and iterables: ExtractKeys, ExtractValues, ExtractValue (key),
//    FirstItem, LastItem, NthItem (selection), IsEmpty, IterableConcat,
//    IterableLongest, Longest, ToList, ToArray, ToSet (implementation);
//    composites: If (condition, predicate, then, otherwise), FunctionChain
//    (functions), IterableFunction (functions), IterableFilter and
//    FirstValid (predicate) -- nested predicates parse with ParsePredicate --
//    and koryphe.tuple.function.TupleAdaptedFunction with integer selection
//    and projection over the input tuple (FunctionChain steps);
//    strings: StringSplit and StringJoin (delimiter), StringReplace
//    (searchString, replacement), StringRegexReplace (regex, replacement),
//    StringRegexSplit (regex), StringTrim, StringPrepend (prefix),
//    StringAppend (suffix), StringTruncate (length, ellipses), ReverseString;
//    dates: ParseDate (format, timeZone, microseconds), ParseTime (format,
//    timeZone, timeUnit), ToDateString (format), CurrentDate, CurrentTime.
//  * Gaffer: types.function.FreqMapExtractor (key), ToFreqMap,
//    IterableToFreqMap, ToTypeValue (type), ToTypeSubTypeValue (type,
//    subType), StringsToTypeValue, StringsToTypeSubTypeValue;
//    data.element.function.TypeValueToTuple, TypeSubTypeValueToTuple; the
//    sketches' ToHllSketch/IterableToHllSketch (logK) and
//    ToHyperLogLogPlus/IterableToHyperLogLogPlus (p, sp); the time library's
//    ToTimeBucket, ToTimeBucketStart/End, DateToTimeBucketStart/End
//    (bucket); the road-traffic demo's DescriptionTransform.
// Regular expressions use java.util.regex syntax without back-references or
// lookaround, and replacements may reference only $0; date formats are a
// SimpleDateFormat subset (functions/internal/simple_date_format.h) and the
// default time zone is UTC. Element-aware functions (ExtractProperty,
// ToEntityId, ...) live in the operations layer: a Value cannot hold an
// Element.
//
// Thread safety: immutable after parsing; Apply() is const and reentrant.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/element.h"
#include "graph-core/json_value.h"
#include "graph-core/predicate.h"
#include "graph-core/status.h"

namespace quarry {

class Function {
 public:
  virtual ~Function() = default;
  virtual Result<Value> Apply(ValueRefs args) const = 0;
  virtual Json ToJson() const = 0;
};

Result<std::unique_ptr<Function>> ParseFunction(const Json& json, std::string_view path);

// koryphe's TupleAdaptedFunction: {"selection", "function", "projection"}.
struct TupleFunction {
  std::vector<std::string> selection;
  std::shared_ptr<const Function> function;
  std::vector<std::string> projection;

  // Applies to `element`. With one projection key the output is written to
  // it; with several, the output must be a collection whose items are
  // written to the keys in order (koryphe's TupleOutputAdapter). A key that
  // names an identifier (VERTEX, SOURCE, DESTINATION, DIRECTED,
  // MATCHED_VERTEX, ADJACENT_MATCHED_VERTEX, GROUP) replaces it, re-normalising
  // an undirected edge; any other key is a property (null removes it).
  // On error the element may be partly updated.
  Status Apply(Element* element) const;
  Json ToJson() const;
};
Result<TupleFunction> ParseTupleFunction(const Json& json, std::string_view path);

}  // namespace quarry
