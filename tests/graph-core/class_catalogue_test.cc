#include "graph-core/class_catalogue.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "graph-core/binary_operator.h"
#include "graph-core/function.h"
#include "graph-core/predicate.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::IsSupersetOf;
using ::testing::Not;

// The members a class needs to parse, beyond "class" (none for most).
const std::map<std::string, Json>& RequiredMembers() {
  static const auto* members = new std::map<std::string, Json>{
      {"IsEqual", {{"value", 1}}},
      {"ToTimestampSet", {{"bucket", "DAY"}}},
      {"IsMoreThan", {{"value", 1}}},
      {"IsLessThan", {{"value", 1}}},
      {"IsIn", {{"values", {1}}}},
      {"AreIn", {{"values", {1}}}},
      {"Not", {{"predicate", {{"class", "Exists"}}}}},
      {"And", {{"predicates", Json::array()}}},
      {"Or", {{"predicates", Json::array()}}},
      {"If", {{"condition", true}}},
      {"IntegerTupleAdaptedPredicate", {{"selection", {0}}, {"predicate", {{"class", "Exists"}}}}},
      {"AdaptedPredicate", {{"predicate", {{"class", "Exists"}}}}},
      {"Regex", {{"value", "a"}}},
      {"MultiRegex", {{"value", {"a"}}}},
      {"StringContains", {{"value", "a"}}},
      {"IsA", {{"type", "java.lang.String"}}},
      {"IsLongerThan", {{"minLength", 1}}},
      {"IsShorterThan", {{"maxLength", 1}}},
      {"CollectionContains", {{"value", 1}}},
      {"MapContains", {{"key", "k"}}},
      {"MapContainsPredicate", {{"keyPredicate", {{"class", "Exists"}}}}},
      {"PredicateMap", {{"key", "k"}}},
      {"HyperLogLogPlusIsLessThan", {{"value", 1}}},
      {"HllSketchIsLessThan", {{"value", 1}}},
      {"Increment", {{"increment", 1}}},
      {"MultiplyBy", {{"by", 2}}},
      {"DivideBy", {{"by", 2}}},
  };
  return *members;
}

Json MinimalJson(const std::string& full_name) {
  Json json = {{"class", full_name}};
  auto it = RequiredMembers().find(full_name.substr(full_name.rfind('.') + 1));
  if (it != RequiredMembers().end()) json.update(it->second);
  return json;
}

bool IsSorted(const std::vector<std::string>& names) {
  return std::is_sorted(names.begin(), names.end()) &&
         std::adjacent_find(names.begin(), names.end()) == names.end();
}

TEST(ClassCatalogueTest, EveryListedPredicateParses) {
  std::vector<std::string> names = FilterFunctionClassNames();
  EXPECT_TRUE(IsSorted(names));
  EXPECT_EQ(names.size(), 38u);
  for (const std::string& name : names) {
    auto parsed = ParsePredicate(MinimalJson(name), "p");
    EXPECT_TRUE(parsed.ok()) << name << ": " << parsed.status().ToString();
  }
}

TEST(ClassCatalogueTest, EveryListedFunctionParses) {
  std::vector<std::string> names = TransformFunctionClassNames();
  EXPECT_TRUE(IsSorted(names));
  EXPECT_THAT(names, IsSupersetOf({"uk.gov.gchq.koryphe.impl.function.Concat",
                                   "uk.gov.gchq.koryphe.impl.function.ToLong"}));
  for (const std::string& name : names) {
    auto parsed = ParseFunction(MinimalJson(name), "f");
    EXPECT_TRUE(parsed.ok()) << name << ": " << parsed.status().ToString();
  }
}

TEST(ClassCatalogueTest, EveryListedAggregatorParses) {
  std::vector<std::string> names = AggregationFunctionClassNames();
  EXPECT_TRUE(IsSorted(names));
  EXPECT_THAT(names, Contains("uk.gov.gchq.koryphe.impl.binaryoperator.Sum"));
  for (const std::string& name : names) {
    auto parsed = ParseBinaryOperator(MinimalJson(name), "a");
    EXPECT_TRUE(parsed.ok()) << name << ": " << parsed.status().ToString();
  }
}

// Well-known koryphe classes Quarry does not implement stay off the lists,
// and indeed do not parse.
TEST(ClassCatalogueTest, UnimplementedClassesAreNotListed) {
  const std::string predicate = "uk.gov.gchq.koryphe.impl.predicate.IsEmpty";
  EXPECT_THAT(FilterFunctionClassNames(), Not(Contains(predicate)));
  EXPECT_THAT(ParsePredicate(MinimalJson(predicate), "p"), StatusIs(StatusCode::kInvalidArgument));
  const std::string function = "uk.gov.gchq.koryphe.impl.function.ToTuple";
  EXPECT_THAT(TransformFunctionClassNames(), Not(Contains(function)));
  EXPECT_THAT(ParseFunction(MinimalJson(function), "f"), StatusIs(StatusCode::kInvalidArgument));
  const std::string op = "uk.gov.gchq.koryphe.impl.binaryoperator.CollectionMerge";
  EXPECT_THAT(AggregationFunctionClassNames(), Not(Contains(op)));
  EXPECT_THAT(ParseBinaryOperator(MinimalJson(op), "a"), StatusIs(StatusCode::kInvalidArgument));
}

// Every listed class reports its fields (the lists and the field table agree).
TEST(ClassCatalogueTest, EveryListedClassHasSerialisedFields) {
  for (const auto& list : {FilterFunctionClassNames(), TransformFunctionClassNames(),
                           AggregationFunctionClassNames()}) {
    for (const std::string& name : list) EXPECT_TRUE(SerialisedFieldsOf(name).ok()) << name;
  }
}

std::map<std::string, std::string> FieldMap(std::string_view class_name) {
  std::map<std::string, std::string> out;
  auto fields = SerialisedFieldsOf(class_name);
  EXPECT_TRUE(fields.ok()) << class_name;
  if (fields.ok()) {
    for (const SerialisedField& f : *fields) out[f.name] = f.class_name;
  }
  return out;
}

// Expected values: Gaffer's JsonSerialisationUtilTest (IsIn, InRange,
// InDateRange and InTimeRange) and koryphe's IsMoreThan (a Comparable
// "value" and a primitive boolean "orEqualTo", boxed).
TEST(ClassCatalogueTest, SerialisedFieldsMatchGaffer) {
  using Map = std::map<std::string, std::string>;
  EXPECT_EQ(FieldMap("uk.gov.gchq.koryphe.impl.predicate.IsIn"),
            (Map{{"values", "java.lang.Object[]"}}));
  EXPECT_EQ(FieldMap("IsMoreThan"),
            (Map{{"value", "java.lang.Comparable"}, {"orEqualTo", "java.lang.Boolean"}}));
  EXPECT_EQ(FieldMap("uk.gov.gchq.koryphe.impl.predicate.range.InRange"),
            (Map{{"start", "java.lang.Comparable<T>"},
                 {"end", "java.lang.Comparable<T>"},
                 {"startInclusive", "java.lang.Boolean"},
                 {"endInclusive", "java.lang.Boolean"}}));
  Map time_range = {{"timeUnit", "java.lang.String"},        {"offsetUnit", "java.lang.String"},
                    {"start", "java.lang.String"},           {"startOffset", "java.lang.Long"},
                    {"startInclusive", "java.lang.Boolean"}, {"end", "java.lang.String"},
                    {"endOffset", "java.lang.Long"},         {"endInclusive", "java.lang.Boolean"},
                    {"timeZone", "java.lang.String"}};
  EXPECT_EQ(FieldMap("uk.gov.gchq.koryphe.impl.predicate.range.InDateRange"), time_range);
  EXPECT_EQ(FieldMap("uk.gov.gchq.koryphe.impl.predicate.range.InTimeRange"), time_range);
  EXPECT_EQ(FieldMap("uk.gov.gchq.koryphe.impl.binaryoperator.StringConcat"),
            (Map{{"separator", "java.lang.String"}}));
  EXPECT_TRUE(FieldMap("uk.gov.gchq.koryphe.impl.binaryoperator.Sum").empty());
}

// Gaffer writes a HashMap: IsMoreThan's two fields come out as Java orders
// them ("value" hashes to bucket 13 of 16, "orEqualTo" to bucket 14).
TEST(ClassCatalogueTest, SerialisedFieldsComeInJavaHashMapOrder) {
  auto fields = SerialisedFieldsOf("uk.gov.gchq.koryphe.impl.predicate.IsMoreThan");
  ASSERT_TRUE(fields.ok());
  std::vector<std::string> names;
  for (const SerialisedField& f : *fields) names.push_back(f.name);
  EXPECT_THAT(names, ElementsAre("value", "orEqualTo"));
}

TEST(ClassCatalogueTest, UnknownClassHasNoFields) {
  EXPECT_THAT(
      SerialisedFieldsOf("a.random.class"),
      StatusIsWithMessage(StatusCode::kNotFound, "Class name was not recognised: a.random.class"));
}

// Gaffer's getFilterFunctions(inputClass): predicates whose one input is a
// type variable or a supertype of the class; tuple predicates never.
TEST(ClassCatalogueTest, FilterFunctionsForAnInputClass) {
  auto for_long = FilterFunctionClassNamesFor("java.lang.Long");
  ASSERT_TRUE(for_long.ok());
  EXPECT_THAT(*for_long, IsSupersetOf({"uk.gov.gchq.koryphe.impl.predicate.IsMoreThan",
                                       "uk.gov.gchq.koryphe.impl.predicate.Exists",
                                       "uk.gov.gchq.koryphe.impl.predicate.AgeOff",
                                       "uk.gov.gchq.koryphe.impl.predicate.And",
                                       "uk.gov.gchq.koryphe.impl.predicate.range.InRange",
                                       "uk.gov.gchq.koryphe.impl.predicate.range.InTimeRange"}));
  EXPECT_THAT(*for_long, Not(Contains("uk.gov.gchq.koryphe.impl.predicate.Regex")));
  EXPECT_THAT(*for_long, Not(Contains("uk.gov.gchq.koryphe.impl.predicate.IsTrue")));
  EXPECT_THAT(*for_long, Not(Contains("uk.gov.gchq.koryphe.impl.predicate.AreEqual")));
  EXPECT_THAT(*for_long, Not(Contains("uk.gov.gchq.koryphe.impl.predicate.range.InDateRange")));
  EXPECT_TRUE(IsSorted(*for_long));

  auto for_string = FilterFunctionClassNamesFor("String");  // Simple names resolve.
  ASSERT_TRUE(for_string.ok());
  EXPECT_THAT(*for_string, IsSupersetOf({"uk.gov.gchq.koryphe.impl.predicate.Regex",
                                         "uk.gov.gchq.koryphe.impl.predicate.IsLessThan"}));
  EXPECT_THAT(*for_string, Not(Contains("uk.gov.gchq.koryphe.impl.predicate.AgeOff")));

  auto for_set = FilterFunctionClassNamesFor("java.util.TreeSet");
  ASSERT_TRUE(for_set.ok());
  EXPECT_THAT(*for_set, Contains("uk.gov.gchq.koryphe.impl.predicate.CollectionContains"));
  EXPECT_THAT(*for_set, Not(Contains("uk.gov.gchq.koryphe.impl.predicate.IsMoreThan")));
}

TEST(ClassCatalogueTest, FilterFunctionsForAnUnknownClass) {
  EXPECT_THAT(
      FilterFunctionClassNamesFor("a.random.thing"),
      StatusIsWithMessage(StatusCode::kNotFound, "Could not find input class: a.random.thing"));
}

}  // namespace
}  // namespace quarry
