#include <string>
#include <vector>

#include "graph-core/predicate.h"
#include "tests/graph-core/predicates/predicate_test_util.h"

namespace quarry {
namespace {

using ::quarry::testing::JsonOf;
using ::quarry::testing::StatusIsWithMessage;
using ::quarry::testing::TryPred;

// Every class Quarry implements, with the fields it needs to parse.
struct Sample {
  const char* full_name;
  const char* fields;  // extra JSON members, without braces
};

const std::vector<Sample>& Samples() {
  static const auto* samples = new std::vector<Sample>{
      {"uk.gov.gchq.koryphe.impl.predicate.Exists", ""},
      {"uk.gov.gchq.koryphe.impl.predicate.IsTrue", ""},
      {"uk.gov.gchq.koryphe.impl.predicate.IsFalse", ""},
      {"uk.gov.gchq.koryphe.impl.predicate.IsEqual", R"("value": 1)"},
      {"uk.gov.gchq.koryphe.impl.predicate.IsMoreThan", R"("value": 1)"},
      {"uk.gov.gchq.koryphe.impl.predicate.IsLessThan", R"("value": 1)"},
      {"uk.gov.gchq.koryphe.impl.predicate.IsIn", R"("values": [1])"},
      {"uk.gov.gchq.koryphe.impl.predicate.AreIn", R"("values": [1])"},
      {"uk.gov.gchq.koryphe.impl.predicate.Not", R"("predicate": {"class": "Exists"})"},
      {"uk.gov.gchq.koryphe.impl.predicate.And", R"("predicates": [])"},
      {"uk.gov.gchq.koryphe.impl.predicate.Or", R"("predicates": [])"},
      {"uk.gov.gchq.koryphe.impl.predicate.If", R"("condition": true)"},
      {"uk.gov.gchq.koryphe.tuple.predicate.IntegerTupleAdaptedPredicate",
       R"("selection": [0], "predicate": {"class": "Exists"})"},
      {"uk.gov.gchq.koryphe.impl.predicate.Regex", R"("value": "a")"},
      {"uk.gov.gchq.koryphe.impl.predicate.MultiRegex", R"("value": ["a"])"},
      {"uk.gov.gchq.koryphe.impl.predicate.StringContains", R"("value": "a")"},
      {"uk.gov.gchq.koryphe.impl.predicate.IsA", R"("type": "java.lang.String")"},
      {"uk.gov.gchq.koryphe.impl.predicate.IsLongerThan", R"("minLength": 1)"},
      {"uk.gov.gchq.koryphe.impl.predicate.IsShorterThan", R"("maxLength": 1)"},
      {"uk.gov.gchq.koryphe.impl.predicate.IsXLessThanY", ""},
      {"uk.gov.gchq.koryphe.impl.predicate.IsXMoreThanY", ""},
      {"uk.gov.gchq.koryphe.impl.predicate.AreEqual", ""},
      {"uk.gov.gchq.koryphe.impl.predicate.CollectionContains", R"("value": 1)"},
      {"uk.gov.gchq.koryphe.impl.predicate.MapContains", R"("key": "k")"},
      {"uk.gov.gchq.koryphe.impl.predicate.MapContainsPredicate",
       R"("keyPredicate": {"class": "Exists"})"},
      {"uk.gov.gchq.koryphe.predicate.PredicateMap", R"("key": "k")"},
      {"uk.gov.gchq.koryphe.impl.predicate.AgeOff", ""},
      {"uk.gov.gchq.koryphe.impl.predicate.AgeOffFromDays", ""},
      {"uk.gov.gchq.koryphe.impl.predicate.range.InRange", ""},
      {"uk.gov.gchq.koryphe.impl.predicate.range.InRangeDual", ""},
      {"uk.gov.gchq.koryphe.impl.predicate.range.InDateRangeDual", ""},
      {"uk.gov.gchq.koryphe.impl.predicate.range.InTimeRangeDual", ""},
      {"uk.gov.gchq.koryphe.impl.predicate.range.InDateRange", ""},
      {"uk.gov.gchq.koryphe.impl.predicate.range.InTimeRange", ""},
      {"uk.gov.gchq.gaffer.sketches.clearspring.cardinality.predicate.HyperLogLogPlusIsLessThan",
       R"("value": 1)"},
      {"uk.gov.gchq.gaffer.sketches.datasketches.cardinality.predicate.HllSketchIsLessThan",
       R"("value": 1)"},
  };
  return *samples;
}

std::string WithClass(const std::string& name, const char* fields) {
  std::string text = R"({"class": ")" + name + "\"";
  if (*fields) text += std::string(", ") + fields;
  return text + "}";
}

TEST(PredicateRegistryTest, FullAndSimpleNamesParseAndWriteTheFullName) {
  for (const Sample& s : Samples()) {
    std::string full = s.full_name;
    std::string simple = full.substr(full.rfind('.') + 1);
    std::string lower = simple;
    lower[0] = static_cast<char>(lower[0] - 'A' + 'a');
    for (const std::string& name : {full, simple, lower}) {
      auto p = TryPred(WithClass(name, s.fields));
      ASSERT_TRUE(p.ok()) << name << ": " << p.status().ToString();
      EXPECT_EQ((*p)->ToJson()["class"], full) << name;
    }
  }
}

TEST(PredicateRegistryTest, UnknownClass) {
  EXPECT_THAT(TryPred(R"({"class": "uk.gov.gchq.koryphe.impl.predicate.Nope"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "p: unknown predicate class "
                                  "'uk.gov.gchq.koryphe.impl.predicate.Nope'"));
  // A right simple name in the wrong package is not accepted.
  EXPECT_THAT(TryPred(R"({"class": "com.example.Exists"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "unknown predicate class"));
  // Binary operators are not predicates.
  EXPECT_THAT(TryPred(R"({"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Sum"})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "unknown predicate class"));
}

TEST(PredicateRegistryTest, MalformedPredicates) {
  EXPECT_THAT(
      ParsePredicate(JsonOf(R"("Exists")"), "filter"),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "filter: a predicate must be an object"));
  EXPECT_THAT(TryPred(R"({"value": 1})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.class: missing required field"));
  EXPECT_THAT(TryPred(R"({"class": 7})"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.class"));
}

TEST(PredicateRegistryTest, UnknownFieldsAreIgnored) {
  auto p = TryPred(R"({"class": "Exists", "someV1Field": true})");
  ASSERT_TRUE(p.ok());
  EXPECT_TRUE((*p)->Test(Value::Int32(1)));
}

}  // namespace
}  // namespace quarry
