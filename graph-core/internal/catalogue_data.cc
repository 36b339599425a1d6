// The field classes follow JsonSerialisationUtil: a field's type is the
// generic parameter of its setter (or @JsonCreator parameter), primitives
// boxed, enums as java.lang.String, "? extends"/"? super" dropped and
// unresolved type variables left as written (koryphe 2.6.0, Gaffer 2.3.2;
// Gaffer's JsonSerialisationUtilTest checks IsIn, InRange and InDateRange).
#include "graph-core/internal/catalogue_data.h"

#include <memory>
#include <string>

namespace quarry::catalogue_internal {
namespace {

constexpr std::string_view kKoryphe = "uk.gov.gchq.koryphe.impl.";
constexpr std::string_view kBoolean = "java.lang.Boolean";
constexpr std::string_view kInteger = "java.lang.Integer";
constexpr std::string_view kLong = "java.lang.Long";
constexpr std::string_view kString = "java.lang.String";
constexpr std::string_view kObject = "java.lang.Object";

std::vector<FieldSpec> TimeRangeFields(bool dual) {
  std::vector<FieldSpec> fields = {
      {"start", kString},      {"startOffset", kLong},       {"end", kString},
      {"endOffset", kLong},    {"startInclusive", kBoolean}, {"endInclusive", kBoolean},
      {"offsetUnit", kString}, {"timeUnit", kString},        {"timeZone", kString}};
  if (dual) {
    fields.push_back({"startFullyContained", kBoolean});
    fields.push_back({"endFullyContained", kBoolean});
  }
  return fields;
}

std::vector<FieldSpec> RangeFields(bool dual) {
  std::vector<FieldSpec> fields = {{"start", "java.lang.Comparable<T>"},
                                   {"end", "java.lang.Comparable<T>"},
                                   {"startInclusive", kBoolean},
                                   {"endInclusive", kBoolean}};
  if (dual) {
    fields.push_back({"startFullyContained", kBoolean});
    fields.push_back({"endFullyContained", kBoolean});
  }
  return fields;
}

std::vector<ClassFields> PredicateFields() {
  constexpr std::string_view kPredicateOfI = "java.util.function.Predicate<I>";
  return {
      {"uk.gov.gchq.koryphe.impl.predicate.AgeOff",
       {{"ageOffTime", kLong}, {"ageOffDays", kInteger}, {"ageOffHours", kLong}}},
      {"uk.gov.gchq.koryphe.impl.predicate.AgeOffFromDays", {}},
      {"uk.gov.gchq.koryphe.impl.predicate.IsIn", {{"values", "java.lang.Object[]"}}},
      {"uk.gov.gchq.koryphe.impl.predicate.AreIn",
       {{"values", "java.lang.Object[]"}, {"nullOrEmptyValuesAccepted", kBoolean}}},
      {"uk.gov.gchq.koryphe.impl.predicate.CollectionContains", {{"value", kObject}}},
      {"uk.gov.gchq.koryphe.impl.predicate.MapContains", {{"key", kString}}},
      {"uk.gov.gchq.koryphe.impl.predicate.MapContainsPredicate",
       {{"keyPredicate", "java.util.function.Predicate"}}},
      {"uk.gov.gchq.koryphe.predicate.PredicateMap",
       {{"predicate", "java.util.function.Predicate<T>"}, {"key", kObject}}},
      {"uk.gov.gchq.koryphe.impl.predicate.IsLongerThan",
       {{"minLength", kInteger}, {"orEqualTo", kBoolean}}},
      {"uk.gov.gchq.koryphe.impl.predicate.IsShorterThan",
       {{"maxLength", kInteger}, {"orEqualTo", kBoolean}}},
      {"uk.gov.gchq.koryphe.impl.predicate.Exists", {}},
      {"uk.gov.gchq.koryphe.impl.predicate.IsTrue", {}},
      {"uk.gov.gchq.koryphe.impl.predicate.IsFalse", {}},
      {"uk.gov.gchq.koryphe.impl.predicate.IsXLessThanY", {}},
      {"uk.gov.gchq.koryphe.impl.predicate.IsXMoreThanY", {}},
      {"uk.gov.gchq.koryphe.impl.predicate.AreEqual", {}},
      {"uk.gov.gchq.koryphe.impl.predicate.IsEqual", {{"value", kObject}}},
      {"uk.gov.gchq.koryphe.impl.predicate.IsMoreThan",
       {{"value", "java.lang.Comparable"}, {"orEqualTo", kBoolean}}},
      {"uk.gov.gchq.koryphe.impl.predicate.IsLessThan",
       {{"value", "java.lang.Comparable"}, {"orEqualTo", kBoolean}}},
      {"uk.gov.gchq.koryphe.impl.predicate.IsA", {{"type", kString}}},
      {"uk.gov.gchq.koryphe.impl.predicate.Not", {{"predicate", kPredicateOfI}}},
      {"uk.gov.gchq.koryphe.impl.predicate.And", {{"predicates", "java.util.List<C>"}}},
      {"uk.gov.gchq.koryphe.impl.predicate.Or", {{"predicates", "java.util.List<C>"}}},
      {"uk.gov.gchq.koryphe.impl.predicate.If",
       {{"condition", kBoolean},
        {"then", kPredicateOfI},
        {"otherwise", kPredicateOfI},
        {"predicate", kPredicateOfI}}},
      {"uk.gov.gchq.koryphe.predicate.AdaptedPredicate",
       {{"inputAdapter", "java.util.function.Function<I, PI>"},
        {"predicate", "java.util.function.Predicate<PI>"}}},
      {"uk.gov.gchq.koryphe.tuple.predicate.IntegerTupleAdaptedPredicate",
       {{"selection", "java.lang.Integer[]"}, {"predicate", "java.util.function.Predicate<PI>"}}},
      {"uk.gov.gchq.koryphe.impl.predicate.range.InRange", RangeFields(false)},
      {"uk.gov.gchq.koryphe.impl.predicate.range.InRangeDual", RangeFields(true)},
      {"uk.gov.gchq.koryphe.impl.predicate.range.InDateRange", TimeRangeFields(false)},
      {"uk.gov.gchq.koryphe.impl.predicate.range.InDateRangeDual", TimeRangeFields(true)},
      {"uk.gov.gchq.koryphe.impl.predicate.range.InTimeRange", TimeRangeFields(false)},
      {"uk.gov.gchq.koryphe.impl.predicate.range.InTimeRangeDual", TimeRangeFields(true)},
      {"uk.gov.gchq.koryphe.impl.predicate.Regex", {{"value", "java.util.regex.Pattern"}}},
      {"uk.gov.gchq.koryphe.impl.predicate.MultiRegex", {{"value", "java.util.regex.Pattern[]"}}},
      {"uk.gov.gchq.koryphe.impl.predicate.StringContains",
       {{"value", kString}, {"ignoreCase", kBoolean}}},
      {"uk.gov.gchq.gaffer.sketches.clearspring.cardinality.predicate.HyperLogLogPlusIsLessThan",
       {{"value", kLong}, {"orEqualTo", kBoolean}}},
      {"uk.gov.gchq.gaffer.sketches.datasketches.cardinality.predicate.HllSketchIsLessThan",
       {{"value", kLong}, {"orEqualTo", kBoolean}}},
      {"uk.gov.gchq.gaffer.time.predicate.RBMBackedTimestampSetInRange",
       {{"startTime", "java.lang.Number"},
        {"endTime", "java.lang.Number"},
        {"timeUnit", kString},
        {"includeAllTimestamps", kBoolean}}},
  };
}

// Interns "<package><simple>" for the tables that list simple names.
std::string_view Qualified(std::string_view package, std::string_view simple) {
  static auto* const kNames = new std::vector<std::unique_ptr<std::string>>();
  kNames->push_back(std::make_unique<std::string>(std::string(package) + std::string(simple)));
  return *kNames->back();
}

// Branch "functions": the koryphe and Gaffer functions added for issue 12.
void AddMoreFunctionFields(std::vector<ClassFields>* out) {
  for (std::string_view simple :
       {"ExtractKeys", "ExtractValues", "FirstItem", "LastItem", "IterableConcat",
        "IterableLongest", "Longest", "IsEmpty", "ToList", "ToArray", "ToBoolean", "Base64Decode",
        "StringTrim", "ReverseString", "CurrentDate", "CurrentTime", "Gunzip", "DeserialiseXml"}) {
    out->push_back({simple, {}});
  }
  constexpr std::string_view kFunctionList = "java.util.List<java.util.function.Function>";
  out->push_back({"ExtractValue", {{"key", "K"}}});
  out->push_back({"NthItem", {{"selection", kInteger}}});
  out->push_back({"DefaultIfEmpty", {{"defaultValue", kObject}}});
  out->push_back({"ToSet", {{"implementation", kString}}});
  out->push_back({"Cast", {{"outputClass", "java.lang.Class<O>"}}});
  out->push_back({"DictionaryLookup", {{"dictionary", "java.util.Map<K, V>"}}});
  out->push_back({"ToBytes", {{"charset", "java.nio.charset.Charset"}}});
  out->push_back({"SetValue", {{"value", kObject}}});
  out->push_back({"MultiplyLongBy", {{"by", kLong}}});
  out->push_back({"If",
                  {{"condition", kBoolean},
                   {"predicate", "java.util.function.Predicate<?>"},
                   {"then", "java.util.function.Function<?, ?>"},
                   {"otherwise", "java.util.function.Function<?, ?>"}}});
  out->push_back(
      {"FunctionChain", {{"functions", "java.util.List<java.util.function.Function<I, O>>"}}});
  out->push_back({"IterableFunction", {{"functions", kFunctionList}}});
  out->push_back({"IterableFilter", {{"predicate", "java.util.function.Predicate<I_ITEM>"}}});
  out->push_back({"FirstValid", {{"predicate", "java.util.function.Predicate"}}});
  out->push_back({"ApplyBiFunction", {{"function", "java.util.function.BiFunction<T, U, R>"}}});
  constexpr std::string_view kCharacter = "java.lang.Character";
  constexpr std::string_view kStringList = "java.util.List<java.lang.String>";
  out->push_back({"CsvToMaps",
                  {{"header", kStringList},
                   {"firstRow", kInteger},
                   {"delimiter", kCharacter},
                   {"quoted", kBoolean},
                   {"quoteChar", kCharacter}}});
  out->push_back({"CsvLinesToMaps",
                  {{"header", kStringList},
                   {"firstRow", kInteger},
                   {"delimiter", kCharacter},
                   {"quoted", kBoolean},
                   {"quoteChar", kCharacter},
                   {"trim", kBoolean},
                   {"nullString", kString}}});
  out->push_back({"DeserialiseJson", {{"outputClass", "java.lang.Class<T>"}}});
  out->push_back({"uk.gov.gchq.koryphe.function.FunctionMap",
                  {{"function", "java.util.function.Function<I, O>"}}});
  out->push_back(
      {"MapFilter",
       {{"keyPredicate", "java.util.function.Predicate<K>"},
        {"valuePredicate", "java.util.function.Predicate<V>"},
        {"keyValuePredicate", "uk.gov.gchq.koryphe.predicate.KoryphePredicate2<K, V>"}}});
  out->push_back({"CallMethod", {{"method", kString}}});
  out->push_back({"CreateObject", {{"objectClass", "java.lang.Class<?>"}}});
  out->push_back({"StringSplit", {{"delimiter", kString}}});
  out->push_back({"StringJoin", {{"delimiter", kString}}});
  out->push_back({"StringReplace", {{"searchString", kString}, {"replacement", kString}}});
  out->push_back({"StringRegexReplace", {{"regex", kString}, {"replacement", kString}}});
  out->push_back({"StringRegexSplit", {{"regex", kString}}});
  out->push_back({"StringPrepend", {{"prefix", kString}}});
  out->push_back({"StringAppend", {{"suffix", kString}}});
  out->push_back({"StringTruncate", {{"length", kInteger}, {"ellipses", kBoolean}}});
  out->push_back(
      {"ParseDate", {{"format", kString}, {"timeZone", kString}, {"microseconds", kBoolean}}});
  out->push_back(
      {"ParseTime", {{"format", kString}, {"timeZone", kString}, {"timeUnit", kString}}});
  out->push_back({"ToDateString", {{"format", kString}}});
  constexpr std::string_view kTypes = "uk.gov.gchq.gaffer.types.function.";
  for (std::string_view simple :
       {"ToFreqMap", "IterableToFreqMap", "StringsToTypeValue", "StringsToTypeSubTypeValue"}) {
    out->push_back({Qualified(kTypes, simple), {}});
  }
  out->push_back({Qualified(kTypes, "ToTypeValue"), {{"type", kString}}});
  out->push_back(
      {Qualified(kTypes, "ToTypeSubTypeValue"), {{"type", kString}, {"subType", kString}}});
  for (std::string_view simple : {"TypeValueToTuple", "TypeSubTypeValueToTuple"}) {
    out->push_back({Qualified("uk.gov.gchq.gaffer.data.element.function.", simple), {}});
  }
  for (std::string_view simple : {"ToTimeBucket", "ToTimeBucketStart", "ToTimeBucketEnd",
                                  "DateToTimeBucketStart", "DateToTimeBucketEnd"}) {
    out->push_back({Qualified("uk.gov.gchq.gaffer.time.function.", simple), {{"bucket", kString}}});
  }
  out->push_back({"uk.gov.gchq.gaffer.time.function.ToTimestampSet",
                  {{"bucket", kString}, {"maxSize", kInteger}, {"millisCorrection", kLong}}});
  out->push_back({"uk.gov.gchq.gaffer.time.function.MaskTimestampSetByTimeRange",
                  {{"startTime", kLong}, {"endTime", kLong}, {"timeUnit", kString}}});
  out->push_back({"uk.gov.gchq.gaffer.time.function.ToSingletonTreeSet", {}});
  out->push_back({"uk.gov.gchq.koryphe.tuple.function.TupleAdaptedFunction",
                  {{"selection", "R[]"},
                   {"function", "java.util.function.Function<FI, FO>"},
                   {"projection", "R[]"}}});
  constexpr std::string_view kSketches = "uk.gov.gchq.gaffer.sketches.";
  for (std::string_view simple : {"ToHllSketch", "IterableToHllSketch"}) {
    out->push_back(
        {Qualified(std::string(kSketches) + "datasketches.cardinality.function.", simple),
         {{"logK", kInteger}}});
  }
  for (std::string_view simple : {"ToHyperLogLogPlus", "IterableToHyperLogLogPlus"}) {
    out->push_back({Qualified(std::string(kSketches) + "clearspring.cardinality.function.", simple),
                    {{"p", kInteger}, {"sp", kInteger}}});
  }
}

std::vector<ClassFields> FunctionFields() {
  std::vector<ClassFields> out;
  AddMoreFunctionFields(&out);
  for (std::string_view simple :
       {"Identity", "ToNull", "ToLong", "ToInteger", "ToDouble", "ToFloat", "Multiply", "Divide",
        "ToUpperCase", "ToLowerCase", "Size"}) {
    out.push_back({simple, {}});
  }
  out.push_back({"ToString", {{"charset", "java.nio.charset.Charset"}}});
  out.push_back({"DefaultIfNull", {{"defaultValue", kObject}}});
  out.push_back({"Increment", {{"increment", "java.lang.Number"}}});
  out.push_back({"MultiplyBy", {{"by", kInteger}}});
  out.push_back({"DivideBy", {{"by", kInteger}}});
  out.push_back({"Concat", {{"separator", kString}}});
  out.push_back({"Length", {{"maxLength", kInteger}}});
  out.push_back({"uk.gov.gchq.gaffer.traffic.transform.DescriptionTransform", {}});
  out.push_back({"uk.gov.gchq.gaffer.types.function.FreqMapExtractor", {{"key", kString}}});
  out.push_back(
      {"uk.gov.gchq.gaffer.types.function.FreqMapPredicator",
       {{"predicate", "uk.gov.gchq.koryphe.predicate.KoryphePredicate<java.lang.String>"}}});
  return out;
}

std::vector<ClassFields> OperatorFields() {
  std::vector<ClassFields> out = {
      {"uk.gov.gchq.gaffer.types.function.FreqMapAggregator", {}},
      {"uk.gov.gchq.gaffer.sketches.clearspring.cardinality.binaryoperator."
       "HyperLogLogPlusAggregator",
       {}},
      {"uk.gov.gchq.gaffer.sketches.datasketches.cardinality.binaryoperator.HllSketchAggregator",
       {}},
      {"uk.gov.gchq.gaffer.time.binaryoperator.RBMBackedTimestampSetAggregator", {}},
      {"uk.gov.gchq.gaffer.time.binaryoperator.BoundedTimestampSetAggregator", {}},
      {"uk.gov.gchq.gaffer.time.binaryoperator.LongTimeSeriesAggregator", {}},
      {"uk.gov.gchq.gaffer.doc.dev.aggregator.VisibilityAggregator", {}},
      {"uk.gov.gchq.gaffer.doc.dev.aggregator.ExampleTuple2BinaryOperator", {}},
      {"uk.gov.gchq.koryphe.impl.binaryoperator.StringConcat", {{"separator", kString}}},
      {"uk.gov.gchq.koryphe.impl.binaryoperator.StringDeduplicateConcat", {{"separator", kString}}},
  };
  for (std::string_view simple : {"Sum", "Product", "Max", "Min", "First", "Last", "And", "Or",
                                  "CollectionConcat", "CollectionIntersect", "IterableMerge"}) {
    out.push_back({simple, {}});
  }
  return out;
}

}  // namespace

const std::vector<ClassFields>& SerialisedFieldTable() {
  static const auto* const kTable = [] {
    auto* table = new std::vector<ClassFields>(PredicateFields());
    for (ClassFields& c : FunctionFields()) {
      if (c.class_name.find('.') == std::string_view::npos) {
        c.class_name = Qualified(std::string(kKoryphe) + "function.", c.class_name);
      }
      table->push_back(std::move(c));
    }
    for (ClassFields& c : OperatorFields()) {
      if (c.class_name.find('.') == std::string_view::npos) {
        c.class_name = Qualified(std::string(kKoryphe) + "binaryoperator.", c.class_name);
      }
      table->push_back(std::move(c));
    }
    return table;
  }();
  return *kTable;
}

const std::vector<JavaType>& KnownJavaTypes() {
  static const auto* const kTypes = new std::vector<JavaType>{
      {"java.lang.Object", {}},
      {"java.lang.Comparable", {}},
      {"java.lang.CharSequence", {}},
      {"java.lang.Number", {"java.io.Serializable"}},
      {"java.lang.Iterable", {}},
      {"java.lang.String",
       {"java.lang.CharSequence", "java.lang.Comparable", "java.io.Serializable"}},
      {"java.lang.Long", {"java.lang.Number", "java.lang.Comparable", "java.io.Serializable"}},
      {"java.lang.Integer", {"java.lang.Number", "java.lang.Comparable", "java.io.Serializable"}},
      {"java.lang.Short", {"java.lang.Number", "java.lang.Comparable", "java.io.Serializable"}},
      {"java.lang.Byte", {"java.lang.Number", "java.lang.Comparable", "java.io.Serializable"}},
      {"java.lang.Double", {"java.lang.Number", "java.lang.Comparable", "java.io.Serializable"}},
      {"java.lang.Float", {"java.lang.Number", "java.lang.Comparable", "java.io.Serializable"}},
      {"java.lang.Boolean", {"java.lang.Comparable", "java.io.Serializable"}},
      {"java.lang.Character", {"java.lang.Comparable", "java.io.Serializable"}},
      {"java.util.Date", {"java.lang.Comparable", "java.io.Serializable", "java.lang.Cloneable"}},
      {"java.util.Collection", {"java.lang.Iterable"}},
      {"java.util.Set", {"java.util.Collection", "java.lang.Iterable"}},
      {"java.util.List", {"java.util.Collection", "java.lang.Iterable"}},
      {"java.util.TreeSet",
       {"java.util.Set", "java.util.SortedSet", "java.util.NavigableSet", "java.util.AbstractSet",
        "java.util.Collection", "java.lang.Iterable", "java.io.Serializable",
        "java.lang.Cloneable"}},
      {"java.util.HashSet",
       {"java.util.Set", "java.util.AbstractSet", "java.util.Collection", "java.lang.Iterable",
        "java.io.Serializable", "java.lang.Cloneable"}},
      {"java.util.ArrayList",
       {"java.util.List", "java.util.AbstractList", "java.util.Collection", "java.lang.Iterable",
        "java.io.Serializable", "java.lang.Cloneable"}},
      {"java.util.Map", {}},
      {"java.util.HashMap",
       {"java.util.Map", "java.util.AbstractMap", "java.io.Serializable", "java.lang.Cloneable"}},
      {"java.util.TreeMap",
       {"java.util.Map", "java.util.SortedMap", "java.util.NavigableMap", "java.util.AbstractMap",
        "java.io.Serializable", "java.lang.Cloneable"}},
      {"uk.gov.gchq.gaffer.types.FreqMap",
       {"java.util.HashMap", "java.util.Map", "java.util.AbstractMap", "java.io.Serializable",
        "java.lang.Cloneable"}},
      {"uk.gov.gchq.gaffer.types.TypeValue", {"java.lang.Comparable", "java.io.Serializable"}},
      {"uk.gov.gchq.gaffer.types.TypeSubTypeValue",
       {"java.lang.Comparable", "java.io.Serializable"}},
      {"com.clearspring.analytics.stream.cardinality.HyperLogLogPlus",
       {"com.clearspring.analytics.stream.cardinality.ICardinality", "java.io.Serializable"}},
      {"org.apache.datasketches.hll.HllSketch", {"org.apache.datasketches.hll.BaseHllSketch"}},
  };
  return *kTypes;
}

}  // namespace quarry::catalogue_internal
