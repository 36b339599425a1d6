#include "store-rocks/compaction_filter.h"

#include "graph-core/clock.h"
#include "keypackages/key_format.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using Decision = rocksdb::CompactionFilter::Decision;
using ValueType = rocksdb::CompactionFilter::ValueType;
using ::quarry::testing::StoreTestSchema;

class CompactionFilterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto made = MakeKeyPackage("byteEntity", StoreTestSchema());
    ASSERT_TRUE(made.ok());
    package_ = std::shared_ptr<const KeyPackage>(std::move(made).value());
    counters_ = std::make_shared<ValidationCounters>();
  }
  KeyValue Encode(const Element& e) {
    std::vector<KeyValue> kvs;
    EXPECT_OK(package_->Encode(e, 0, &kvs));
    return kvs.empty() ? KeyValue() : kvs[0];
  }
  Decision Run(const std::string& group, const KeyValue& kv, ValueType type = ValueType::kValue,
               bool distinct = false) {
    ValidationCompactionFilter filter(package_, package_->schema().Group(group), distinct,
                                      counters_);
    std::string new_value, skip;
    return filter.FilterV2(1, kv.key, type, kv.value, &new_value, &skip);
  }

  std::shared_ptr<const KeyPackage> package_;
  std::shared_ptr<ValidationCounters> counters_;
};

Element Aged(int64_t time) {
  return Element::Entity("Aged", Value::String("v"),
                         {{"time", Value::Int64(time)}, {"count", Value::Int64(1)}});
}

TEST_F(CompactionFilterTest, RemovesAndCountsInvalidKeepsValid) {
  ScopedFakeClock clock(10000);
  EXPECT_EQ(Run("Aged", Encode(Aged(9500))), Decision::kKeep);
  EXPECT_EQ(Run("Aged", Encode(Aged(9000))), Decision::kRemove);  // 10000 - 1000 < 9000 fails.
  EXPECT_EQ(counters_->deleted.load(), 1u);
  EXPECT_EQ(counters_->errors.load(), 0u);
}

TEST_F(CompactionFilterTest, NeverJudgesOperandsOrUndecodableCells) {
  ScopedFakeClock clock(10000);
  EXPECT_EQ(Run("Aged", Encode(Aged(1)), ValueType::kMergeOperand), Decision::kKeep);
  KeyValue garbage = Encode(Aged(9500));
  garbage.value = "bad";
  EXPECT_EQ(Run("Aged", garbage), Decision::kKeep);
  EXPECT_EQ(counters_->deleted.load(), 0u);
  EXPECT_EQ(counters_->errors.load(), 1u);
}

TEST_F(CompactionFilterTest, JudgesKeysWithAnInsertId) {
  // Event has no validators: nothing to judge, kept without decoding.
  KeyValue event = Encode(Element::Entity("Event", Value::String("v"), {}));
  AppendInsertId(3, &event.key);
  EXPECT_EQ(Run("Event", event, ValueType::kValue, true), Decision::kKeep);
  // Aged with an insert id: judged on its element.
  ScopedFakeClock clock(10000);
  KeyValue old = Encode(Aged(1));
  AppendInsertId(3, &old.key);
  EXPECT_EQ(Run("Aged", old, ValueType::kValue, true), Decision::kRemove);
  EXPECT_EQ(counters_->errors.load(), 0u);
}

// Day's validators read its groupBy property and the directed flag only;
// Loose validates the same property outside its groupBy.
std::shared_ptr<const Schema> DaySchema() {
  return ::quarry::testing::ParseSchema(R"json({
  "edges": {
    "Day": {"source": "string", "destination": "string", "directed": "true",
            "properties": {"day": "int.day", "count": "count.long"}, "groupBy": ["day"]},
    "Loose": {"source": "string", "destination": "string", "directed": "true",
              "properties": {"day": "int.day", "count": "count.long"}}
  },
  "types": {
    "string": {"class": "java.lang.String"},
    "true": {"class": "java.lang.Boolean", "validateFunctions": [{"class": "IsTrue"}]},
    "count.long": {"class": "java.lang.Long", "aggregateFunction": {"class": "Sum"}},
    "int.day": {"class": "java.lang.Integer", "aggregateFunction": {"class": "First"},
                "validateFunctions": [{"class": "IsMoreThan", "value": 10}]}
  }
})json");
}

TEST(QualifierDecidesValidityTest, OnlyWhenValidatorsReadGroupByPropertiesAndTheFlag) {
  auto schema = DaySchema();
  ASSERT_NE(schema, nullptr);
  EXPECT_TRUE(QualifierDecidesValidity(*schema->Group("Day")));
  EXPECT_FALSE(QualifierDecidesValidity(*schema->Group("Loose")));
  auto store = StoreTestSchema();
  EXPECT_FALSE(QualifierDecidesValidity(*store->Group("Aged")));  // time is not groupBy.
  EXPECT_TRUE(QualifierDecidesValidity(*store->Group("Road")));   // IsTrue on the flag only.
}

// Later cells of a judged (flag, qualifier) are judged without decoding
// their values: a garbage value is removed or kept as the first cell was.
TEST_F(CompactionFilterTest, JudgesEachQualifierOnceWhenTheKeyDecides) {
  auto made = MakeKeyPackage("byteEntity", DaySchema());
  ASSERT_OK(made.status());
  std::shared_ptr<const KeyPackage> package(std::move(made).value());
  ValidationCompactionFilter filter(package, package->schema().Group("Day"), false, counters_);
  auto day = [&](const std::string& source, int32_t d, bool garbage) {
    std::vector<KeyValue> kvs;
    EXPECT_OK(package->Encode(Element::Edge("Day", Value::String(source), Value::String("d"), true,
                                            {{"day", Value::Int32(d)}, {"count", Value::Int64(1)}}),
                              0, &kvs));
    KeyValue kv = kvs.empty() ? KeyValue() : kvs[0];
    if (garbage) kv.value = "bad";
    std::string new_value, skip;
    return filter.FilterV2(1, kv.key, ValueType::kValue, kv.value, &new_value, &skip);
  };
  EXPECT_EQ(day("a", 5, false), Decision::kRemove);
  EXPECT_EQ(day("b", 5, true), Decision::kRemove);  // Same qualifier: not decoded.
  EXPECT_EQ(day("c", 20, false), Decision::kKeep);
  EXPECT_EQ(day("d", 20, true), Decision::kKeep);
  EXPECT_EQ(counters_->errors.load(), 0u);
  EXPECT_EQ(day("e", 30, true), Decision::kKeep);  // New qualifier: decoded, undecodable.
  EXPECT_EQ(counters_->errors.load(), 1u);
  EXPECT_EQ(counters_->deleted.load(), 2u);
}

}  // namespace
}  // namespace quarry
