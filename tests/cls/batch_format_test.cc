#include "cls/batch_format.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/testutil/status_matchers.h"

namespace quarry::cls {
namespace {

using ::quarry::testing::StatusIs;

Batch TwoEntryBatch() {
  Batch batch;
  batch.id = NewBatchId(1700000000000);
  batch.entries.push_back({BatchEntryKind::kAggregate, std::string("Count\x00k1", 8),
                           std::string("v\x00"
                                       "1",
                                       3)});
  batch.entries.push_back({BatchEntryKind::kPut, std::string("Event\x00k2", 8), ""});
  return batch;
}

std::string Encoded(const Batch& batch) {
  std::string bytes;
  EXPECT_OK(EncodeBatch(batch, &bytes));
  return bytes;
}

TEST(BatchFormatTest, RoundTripsEveryField) {
  Batch batch = TwoEntryBatch();
  std::string bytes = Encoded(batch);
  EXPECT_EQ(bytes.size(),
            EncodedBatchHeaderBytes() + EncodedEntryBytes(8, 3) + EncodedEntryBytes(8, 0));
  ASSERT_OK_AND_ASSIGN(Batch decoded, DecodeBatch(bytes));
  EXPECT_EQ(decoded.id, batch.id);
  ASSERT_EQ(decoded.entries.size(), 2u);
  EXPECT_EQ(decoded.entries[0].kind, BatchEntryKind::kAggregate);
  EXPECT_EQ(decoded.entries[0].key, std::string("Count\x00k1", 8));
  EXPECT_EQ(decoded.entries[0].value, std::string("v\x00"
                                                  "1",
                                                  3));
  EXPECT_EQ(decoded.entries[1].kind, BatchEntryKind::kPut);
  EXPECT_EQ(decoded.entries[1].key, std::string("Event\x00k2", 8));
  EXPECT_EQ(decoded.entries[1].value, "");
}

TEST(BatchFormatTest, BatchIdStartsWithItsBigEndianTime) {
  std::string id = NewBatchId(0x0102030405060708);
  ASSERT_EQ(id.size(), kBatchIdBytes);
  EXPECT_EQ(id.substr(0, 8), std::string("\x01\x02\x03\x04\x05\x06\x07\x08"));
  EXPECT_NE(NewBatchId(5).substr(8), NewBatchId(5).substr(8));
}

TEST(BatchFormatTest, EncodeRefusesBatchesOutOfBounds) {
  std::string bytes;
  Batch empty;
  empty.id = NewBatchId(1);
  EXPECT_THAT(EncodeBatch(empty, &bytes), StatusIs(StatusCode::kInvalidArgument));
  Batch short_id = TwoEntryBatch();
  short_id.id = "abc";
  EXPECT_THAT(EncodeBatch(short_id, &bytes), StatusIs(StatusCode::kInvalidArgument));
  Batch too_many = TwoEntryBatch();
  too_many.entries.resize(kMaxBatchEntries + 1, too_many.entries[0]);
  EXPECT_THAT(EncodeBatch(too_many, &bytes), StatusIs(StatusCode::kInvalidArgument));
  Batch empty_key = TwoEntryBatch();
  empty_key.entries[1].key.clear();
  EXPECT_THAT(EncodeBatch(empty_key, &bytes), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_TRUE(bytes.empty());
}

TEST(BatchFormatTest, DecodeRefusesMalformedBytes) {
  std::string good = Encoded(TwoEntryBatch());
  EXPECT_THAT(DecodeBatch(""), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(DecodeBatch("QRB2" + good.substr(4)), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(DecodeBatch(good + "x"), StatusIs(StatusCode::kInvalidArgument));
  // Every truncation fails cleanly.
  for (size_t n = 0; n < good.size(); ++n) {
    EXPECT_THAT(DecodeBatch(good.substr(0, n)), StatusIs(StatusCode::kInvalidArgument)) << n;
  }
  std::string bad_kind = good;
  bad_kind[EncodedBatchHeaderBytes()] = 7;
  EXPECT_THAT(DecodeBatch(bad_kind), StatusIs(StatusCode::kInvalidArgument));
  std::string zero_count = good;
  zero_count.replace(EncodedBatchHeaderBytes() - 4, 4, std::string(4, '\0'));
  EXPECT_THAT(DecodeBatch(zero_count.substr(0, EncodedBatchHeaderBytes())),
              StatusIs(StatusCode::kInvalidArgument));
  std::string huge_key = good;
  huge_key.replace(EncodedBatchHeaderBytes() + 1, 4, "\xff\xff\xff\xff");
  EXPECT_THAT(DecodeBatch(huge_key), StatusIs(StatusCode::kInvalidArgument));
}

TEST(BatchFormatTest, TabletKeysSplitAtTheGroupDelimiter) {
  std::string key;
  AppendTabletKey("Road", std::string("v1\x00\x01", 4), &key);
  EXPECT_EQ(key, std::string("Road\x00v1\x00\x01", 9));
  EXPECT_EQ(TabletKeyPrefix("Road"), std::string("Road\x00", 5));
  ASSERT_OK_AND_ASSIGN(TabletKeyParts parts, SplitTabletKey(key));
  EXPECT_EQ(parts.escaped_group, "Road");
  EXPECT_EQ(parts.stored_key, std::string("v1\x00\x01", 4));
  EXPECT_THAT(SplitTabletKey(BatchRecordKey("id")), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(SplitTabletKey("Road"), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(BatchRecordKey("id"), std::string("\x00"
                                              "bid",
                                              4));
}

}  // namespace
}  // namespace quarry::cls
