#include "schema/internal/serialiser_registry.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace quarry::internal {
namespace {

TEST(SerialiserRegistryTest, ClassNameMatching) {
  constexpr std::string_view kFull =
      "uk.gov.gchq.gaffer.serialisation.implementation.ordered.OrderedLongSerialiser";
  EXPECT_TRUE(ClassNameMatches(kFull, kFull));
  EXPECT_TRUE(ClassNameMatches("OrderedLongSerialiser", kFull));
  EXPECT_TRUE(ClassNameMatches("orderedLongSerialiser", kFull));
  EXPECT_FALSE(ClassNameMatches("orderedlongserialiser", kFull));
  EXPECT_TRUE(ClassNameMatches("uk.gov.gchq.gaffer.old.OrderedLongSerialiser", kFull));
  EXPECT_FALSE(ClassNameMatches("com.example.OrderedLongSerialiser", kFull));
  EXPECT_FALSE(ClassNameMatches("", kFull));
}

TEST(SerialiserRegistryTest, EveryNameIsUniqueAndFindsItself) {
  const auto& names = ParameterlessSerialiserClassNames();
  // 16 v2 + Null + 5 Raw + 5 text + TypedCollection + OrderedShort + the
  // two timestamp sets + the long time series.
  EXPECT_EQ(names.size(), 32u);
  std::set<std::string_view> simple;
  for (std::string_view name : names) {
    auto found = FindParameterlessSerialiser(name);
    ASSERT_NE(found, nullptr) << name;
    EXPECT_EQ(found->ClassName(), name);
    EXPECT_TRUE(simple.insert(name.substr(name.rfind('.') + 1)).second) << name;
    EXPECT_EQ(FindParameterlessSerialiser(name.substr(name.rfind('.') + 1)), found) << name;
  }
  EXPECT_EQ(FindParameterlessSerialiser("SetSerialiser"), nullptr);  // Needs fields.
}

TEST(SerialiserRegistryTest, UnsupportedReasons) {
  EXPECT_FALSE(UnsupportedSerialiserReason("JavaSerialiser").empty());
  EXPECT_FALSE(UnsupportedSerialiserReason("uk.gov.gchq.gaffer.sketches.datasketches.frequencies."
                                           "serialisation.LongsSketchSerialiser")
                   .empty());
  EXPECT_TRUE(UnsupportedSerialiserReason("StringSerialiser").empty());
}

}  // namespace
}  // namespace quarry::internal
