// The metadata object's rules (store-rados/internal/graph_metadata.h),
// shared by Open and `quarry check`: no cluster needed.
#include "store-rados/internal/graph_metadata.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cls/batch_format.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::internal {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

librados::bufferlist Text(const std::string& s) {
  librados::bufferlist bl;
  bl.append(s.data(), s.size());
  return bl;
}

// What Create writes for a 16-tablet graph of this build (layout 1, key
// format 2, value format 3).
MetaValues SoundMeta() {
  return {{"quarry.schema", Text("{}")},
          {"quarry.key_package", Text("byteEntity")},
          {"quarry.key_format", Text("2")},
          {"quarry.value_format", Text("3")},
          {"quarry.tablets", Text("16")},
          {"quarry.layout", Text("1")},
          {"quarry.created_ms", Text("1700000000000")}};
}

TEST(GraphMetadataTest, WhatCreateWritesIsSound) { EXPECT_OK(CheckGraphMeta(SoundMeta())); }

TEST(GraphMetadataTest, FormatsOfAnotherBuildAreFailedPrecondition) {
  for (const char* key : {"quarry.layout", "quarry.key_format", "quarry.value_format"}) {
    MetaValues meta = SoundMeta();
    meta[key] = Text("9");
    EXPECT_THAT(CheckGraphMeta(meta),
                StatusIsWithMessage(StatusCode::kFailedPrecondition,
                                    std::string(key) + " is version 9; this build reads version"));
  }
}

// A graph created before value format 3 keeps its version 2 values (its
// tablets carry no value format xattr, which the object class reads as 2).
TEST(GraphMetadataTest, OlderValueFormatsStillOpen) {
  MetaValues meta = SoundMeta();
  ASSERT_OK_AND_ASSIGN(uint32_t current, StoredValueFormat(meta));
  EXPECT_EQ(current, 3u);
  meta["quarry.value_format"] = Text("2");
  EXPECT_OK(CheckGraphMeta(meta));
  ASSERT_OK_AND_ASSIGN(uint32_t older, StoredValueFormat(meta));
  EXPECT_EQ(older, 2u);
  EXPECT_EQ(older, cls::kValueFormatOfUnmarkedTablets);
  meta["quarry.value_format"] = Text("0");
  EXPECT_THAT(CheckGraphMeta(meta), StatusIs(StatusCode::kFailedPrecondition));
}

TEST(GraphMetadataTest, TabletCountsMustBePowersOfTwoWithinTheLimit) {
  for (const char* bad : {"0", "12", "131072"}) {
    MetaValues meta = SoundMeta();
    meta["quarry.tablets"] = Text(bad);
    EXPECT_THAT(CheckGraphMeta(meta), StatusIsWithMessage(StatusCode::kDataLoss, "power of two"))
        << bad;
  }
  MetaValues meta = SoundMeta();
  meta["quarry.tablets"] = Text("65536");
  EXPECT_OK(CheckGraphMeta(meta));
  meta["quarry.tablets"] = Text("16x");
  EXPECT_THAT(CheckGraphMeta(meta), StatusIsWithMessage(StatusCode::kDataLoss, "not a number"));
}

TEST(GraphMetadataTest, MissingEntriesAreDataLoss) {
  for (const char* key : {"quarry.schema", "quarry.key_package", "quarry.created_ms",
                          "quarry.tablets", "quarry.key_format"}) {
    MetaValues meta = SoundMeta();
    meta.erase(key);
    EXPECT_THAT(CheckGraphMeta(meta), StatusIs(StatusCode::kDataLoss)) << key;
  }
}

TEST(GraphMetadataTest, SchemaVersionsAreZeroUntilTheFirstChange) {
  MetaValues meta = SoundMeta();
  ASSERT_OK_AND_ASSIGN(uint64_t absent, OptionalMetaNumber(meta, kMetaSchemaVersion));
  EXPECT_EQ(absent, 0u);
  meta[kMetaSchemaVersion] = Text("3");
  ASSERT_OK_AND_ASSIGN(uint64_t three, OptionalMetaNumber(meta, kMetaSchemaVersion));
  EXPECT_EQ(three, 3u);
  EXPECT_THAT(MetaNumber(meta, kMetaTabletsSchemaVersion), StatusIs(StatusCode::kDataLoss));
  EXPECT_EQ(GraphMetaKeys().size(), 9u);
  EXPECT_EQ(GraphMetaKeys().count(kMetaTabletsSchemaVersion), 1u);
}

}  // namespace
}  // namespace quarry::internal
