#include "store/store_properties.h"

#include <gtest/gtest.h>

#include <array>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

TEST(StorePropertiesTest, DefaultsToTheRocksStoreAndByteEntity) {
  ASSERT_OK_AND_ASSIGN(StoreProperties p, StoreProperties::Parse("", "store.properties"));
  EXPECT_EQ(p.store, "rocks");
  EXPECT_EQ(p.key_package, "byteEntity");
  EXPECT_TRUE(p.raw.empty());
  EXPECT_EQ(p.source, "store.properties");
}

TEST(StorePropertiesTest, ReadsTheKeysEveryStoreReads) {
  const char* text =
      "gaffer.store.class=uk.gov.gchq.gaffer.accumulostore.AccumuloStore\n"
      "gaffer.store.accumulo.keypackage.class="
      "uk.gov.gchq.gaffer.accumulostore.key.core.impl.classic.ClassicKeyPackage\n"
      "quarry.store = rados\n";
  ASSERT_OK_AND_ASSIGN(StoreProperties p, StoreProperties::Parse(text, "f"));
  EXPECT_EQ(p.store, "rados");
  EXPECT_EQ(p.key_package, "classic");
  ASSERT_NE(p.Find("gaffer.store.class"), nullptr);
  EXPECT_EQ(*p.Find("gaffer.store.class"), "uk.gov.gchq.gaffer.accumulostore.AccumuloStore");
  EXPECT_EQ(p.Find("quarry.durability"), nullptr);
}

TEST(StorePropertiesTest, LeavesStoreSpecificKeysToTheStore) {
  // A bad value of a key no generic rule reads is the store's to refuse.
  ASSERT_OK_AND_ASSIGN(StoreProperties p,
                       StoreProperties::Parse("quarry.durability=sometimes\n", "f"));
  EXPECT_EQ(*p.Find("quarry.durability"), "sometimes");
}

TEST(StorePropertiesTest, BadGenericValuesNameTheKeyAndSource) {
  EXPECT_THAT(StoreProperties::Parse("quarry.keypackage=fancy", "my.properties"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "fancy"));
  EXPECT_THAT(StoreProperties::Parse("quarry.keypackage=fancy", "my.properties"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "my.properties"));
  EXPECT_THAT(StoreProperties::Parse("quarry.store=", "f"),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "quarry.store"));
  EXPECT_THAT(StoreProperties::FromFile("/nonexistent/store.properties"),
              StatusIs(StatusCode::kNotFound));
}

TEST(StorePropertiesTest, UnknownKeysSkipGenericGafferAndTheStoresKeys) {
  ASSERT_OK_AND_ASSIGN(StoreProperties p,
                       StoreProperties::Parse("quarry.store=rocks\nquarry.keypackage=classic\n"
                                              "gaffer.cache.x=1\naccumulo.zookeepers=z\n"
                                              "quarry.durability=log\nquarry.durabilty=log\n",
                                              "f"));
  constexpr std::array<std::string_view, 1> kStoreKeys = {"quarry.durability"};
  EXPECT_EQ(p.UnknownKeys(kStoreKeys), std::vector<std::string>{"quarry.durabilty"});
  EXPECT_EQ(p.UnknownKeys({}), (std::vector<std::string>{"quarry.durability", "quarry.durabilty"}));
}

TEST(StorePropertiesTest, TextNamesTheStoreOnlyWhenNotTheDefault) {
  StoreProperties rocks;
  EXPECT_EQ(rocks.ToPropertiesText(), "quarry.keypackage=byteEntity\n");
  ASSERT_OK_AND_ASSIGN(
      StoreProperties rados,
      StoreProperties::Parse("quarry.store=rados\nquarry.keypackage=classic", "f"));
  ASSERT_OK_AND_ASSIGN(StoreProperties back, StoreProperties::Parse(rados.ToPropertiesText(), "g"));
  EXPECT_EQ(back.store, "rados");
  EXPECT_EQ(back.key_package, "classic");
}

TEST(StorePropertiesTest, ReadsSizesWithSuffixes) {
  ASSERT_OK_AND_ASSIGN(StoreProperties p,
                       StoreProperties::Parse("a=1g\nb=8m\nc=3k\nd=12\ne=lots\nf=5x", "f"));
  EXPECT_EQ(*ReadBytesProperty(p, "a", 0), 1ull << 30);
  EXPECT_EQ(*ReadBytesProperty(p, "b", 0), 8ull << 20);
  EXPECT_EQ(*ReadBytesProperty(p, "c", 0), 3ull << 10);
  EXPECT_EQ(*ReadBytesProperty(p, "d", 0), 12u);
  EXPECT_EQ(*ReadBytesProperty(p, "absent", 77), 77u);
  EXPECT_THAT(ReadBytesProperty(p, "e", 0),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "e: expected a size"));
  EXPECT_THAT(ReadBytesProperty(p, "f", 0),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "'5x'"));
}

TEST(StorePropertiesTest, ReadsIntegersInTheirRange) {
  ASSERT_OK_AND_ASSIGN(StoreProperties p, StoreProperties::Parse("n=3\nbig=65\nneg=-1\nx=3a", "f"));
  EXPECT_EQ(*ReadIntProperty(p, "n", 0, 64, 10), 3);
  EXPECT_EQ(*ReadIntProperty(p, "absent", 0, 64, 10), 10);
  EXPECT_THAT(ReadIntProperty(p, "big", 0, 64, 10),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "big: expected an integer in [0, 64], got '65'"));
  EXPECT_THAT(ReadIntProperty(p, "neg", 0, 64, 10), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(ReadIntProperty(p, "x", 0, 64, 10), StatusIs(StatusCode::kInvalidArgument));
}

TEST(StorePropertiesTest, ReadsBooleansChoicesAndLists) {
  ASSERT_OK_AND_ASSIGN(StoreProperties p, StoreProperties::Parse("t=true\nf=false\ny=yes\nc=zstd\n"
                                                                 "l= /a, /b,, /c \n",
                                                                 "f"));
  EXPECT_TRUE(*ReadBoolProperty(p, "t", false));
  EXPECT_FALSE(*ReadBoolProperty(p, "f", true));
  EXPECT_TRUE(*ReadBoolProperty(p, "absent", true));
  EXPECT_THAT(ReadBoolProperty(p, "y", true),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "y: expected true or false"));
  constexpr std::array<std::string_view, 3> kChoices = {"none", "lz4", "zstd"};
  EXPECT_EQ(*ReadChoiceProperty(p, "c", kChoices, "lz4"), "zstd");
  EXPECT_EQ(*ReadChoiceProperty(p, "absent", kChoices, "lz4"), "lz4");
  EXPECT_THAT(ReadChoiceProperty(p, "t", kChoices, "lz4"),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "t: expected none, lz4 or zstd, got 'true'"));
  EXPECT_EQ(ReadListProperty(p, "l"), (std::vector<std::string>{"/a", "/b", "/c"}));
  EXPECT_TRUE(ReadListProperty(p, "absent").empty());
}

TEST(StorePropertiesTest, SettingErrorsArePrefixedWithTheSource) {
  StoreProperties from_code;
  EXPECT_EQ(StoreSettingError(from_code, InvalidArgumentError("k: bad")).message(), "k: bad");
  ASSERT_OK_AND_ASSIGN(StoreProperties from_file, StoreProperties::Parse("", "g.properties"));
  Status s = StoreSettingError(from_file, InvalidArgumentError("k: bad"));
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("g.properties"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("k: bad"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace quarry
