#include "cls/batch_apply.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/testutil/status_matchers.h"

namespace quarry::cls {
namespace {

using ::quarry::testing::StatusIs;

constexpr char kSchemaJson[] = R"json({
  "entities": {
    "Count": {"vertex": "string",
              "properties": {"count": "count.long", "first": "string.first",
                             "last": "string.last"}},
    "Event": {"vertex": "string", "properties": {"note": "string"}, "aggregate": false}
  },
  "types": {
    "string": {"class": "java.lang.String"},
    "string.first": {"class": "java.lang.String", "aggregateFunction": {"class": "First"}},
    "string.last": {"class": "java.lang.String", "aggregateFunction": {"class": "Last"}},
    "count.long": {"class": "java.lang.Long", "aggregateFunction": {"class": "Sum"}}
  }
})json";

class BatchApplyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto schema = Schema::FromJsonStrings({kSchemaJson}, {"test"});
    ASSERT_OK(schema.status());
    auto package = MakeKeyPackage("byteEntity", *schema);
    ASSERT_OK(package.status());
    package_ = std::move(package).value();
    batch_.id = NewBatchId(1);
  }

  // The entity's one tablet entry: aggregate for Count, put (with a
  // distinct-suffix-like tail) for Event.
  BatchEntry Entry(const Element& e, int64_t timestamp = 10, std::string suffix = "") {
    std::vector<KeyValue> kvs;
    EXPECT_OK(package_->Encode(e, timestamp, &kvs));
    EXPECT_EQ(kvs.size(), 1u);
    BatchEntry entry;
    entry.kind = e.group() == "Event" ? BatchEntryKind::kPut : BatchEntryKind::kAggregate;
    AppendTabletKey(e.group(), kvs[0].key + suffix, &entry.key);
    entry.value = kvs[0].value;
    return entry;
  }

  static Element Count(int64_t count, std::string first, std::string last) {
    return Element::Entity("Count", Value::String("v1"),
                           Properties{{"count", Value::Int64(count)},
                                      {"first", Value::String(std::move(first))},
                                      {"last", Value::String(std::move(last))}});
  }

  Properties Decoded(std::string_view group, const std::string& value) {
    Properties p;
    int64_t timestamp = 0;
    EXPECT_OK(package_->LayoutFor(group)->DecodeValue(value, &timestamp, &p));
    return p;
  }

  std::unique_ptr<const KeyPackage> package_;
  Batch batch_;
  std::map<std::string, std::string> stored_, writes_;
};

TEST_F(BatchApplyTest, FoldsStoredValueAndEntriesWithTheIngestAggregator) {
  BatchEntry old = Entry(Count(5, "a", "a"));
  stored_[old.key] = old.value;
  batch_.entries = {Entry(Count(2, "b", "b")), Entry(Count(3, "c", "c"))};
  EXPECT_EQ(KeysToRead(batch_), std::set<std::string>{old.key});
  ASSERT_OK(ApplyBatch(*package_, batch_, stored_, &writes_));
  ASSERT_EQ(writes_.size(), 1u);
  Properties p = Decoded("Count", writes_.at(old.key));
  // Sum 5 + 2 + 3; Gaffer's First keeps the newest write, Last the oldest
  // (gaffer-compat.md §4.2, FirstLastIT).
  EXPECT_EQ(*p.Find("count"), Value::Int64(10));
  EXPECT_EQ(*p.Find("first"), Value::String("c"));
  EXPECT_EQ(*p.Find("last"), Value::String("a"));
}

TEST_F(BatchApplyTest, NewAggregateKeyFoldsTheBatchAlone) {
  batch_.entries = {Entry(Count(4, "x", "x")), Entry(Count(7, "y", "y"))};
  ASSERT_OK(ApplyBatch(*package_, batch_, stored_, &writes_));
  ASSERT_EQ(writes_.size(), 1u);
  Properties p = Decoded("Count", writes_.begin()->second);
  EXPECT_EQ(*p.Find("count"), Value::Int64(11));
  EXPECT_EQ(*p.Find("first"), Value::String("y"));
  EXPECT_EQ(*p.Find("last"), Value::String("x"));
}

TEST_F(BatchApplyTest, PutsAreStoredAsGivenAndNeverOverwrite) {
  Element event = Element::Entity("Event", Value::String("v1"), {{"note", Value::String("n")}});
  batch_.entries = {Entry(event, 10, std::string("\x00\x01", 2)),
                    Entry(event, 10, std::string("\x00\x02", 2))};
  ASSERT_OK(ApplyBatch(*package_, batch_, stored_, &writes_));
  EXPECT_EQ(writes_.size(), 2u);
  EXPECT_EQ(writes_.at(batch_.entries[0].key), batch_.entries[0].value);
  stored_[batch_.entries[1].key] = batch_.entries[1].value;
  EXPECT_THAT(ApplyBatch(*package_, batch_, stored_, &writes_),
              StatusIs(StatusCode::kAlreadyExists));
  batch_.entries = {batch_.entries[0], batch_.entries[0]};
  EXPECT_THAT(ApplyBatch(*package_, batch_, {}, &writes_), StatusIs(StatusCode::kAlreadyExists));
}

TEST_F(BatchApplyTest, RefusesEntriesTheSchemaDoesNotAllow) {
  BatchEntry count = Entry(Count(1, "a", "a"));
  BatchEntry wrong_kind = count;
  wrong_kind.kind = BatchEntryKind::kPut;
  BatchEntry unknown_group = count;
  unknown_group.key = "Nope" + count.key.substr(5);
  BatchEntry bad_value = count;
  bad_value.value = "short";
  BatchEntry reserved = count;
  reserved.key = BatchRecordKey(batch_.id);
  // A put's key is opaque past its group prefix (here a Count key under
  // Event's prefix); only its value must decode with Event's layout.
  BatchEntry other_group =
      Entry(Element::Entity("Event", Value::String("v1"), {{"note", Value::String("n")}}));
  other_group.key = "Event" + count.key.substr(5);
  BatchEntry mismatched = count;  // Aggregate key whose key-package group differs.
  mismatched.key = std::string("Count\x00", 6) + "v1";
  for (const BatchEntry& bad : {wrong_kind, unknown_group, bad_value, reserved, mismatched}) {
    batch_.entries = {count, bad};
    EXPECT_THAT(ApplyBatch(*package_, batch_, stored_, &writes_),
                StatusIs(StatusCode::kInvalidArgument))
        << HexBytes(bad.key);
  }
  batch_.entries = {other_group};
  EXPECT_OK(ApplyBatch(*package_, batch_, stored_, &writes_));
}

TEST_F(BatchApplyTest, CorruptStoredValueIsDataLoss) {
  BatchEntry count = Entry(Count(1, "a", "a"));
  stored_[count.key] = "xx";
  batch_.entries = {count};
  EXPECT_THAT(ApplyBatch(*package_, batch_, stored_, &writes_), StatusIs(StatusCode::kDataLoss));
}

}  // namespace
}  // namespace quarry::cls
