// Properties every serialiser must have, run over every serialiser Quarry
// knows: round trip, order (where declared), null handling, wrong types and
// arbitrary bytes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "schema/escaping.h"
#include "schema/internal/serialiser_registry.h"
#include "schema/serialiser.h"
#include "tests/schema/serialiser_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::EdgeValues;
using ::quarry::testing::RandomBytes;
using ::quarry::testing::RandomValue;
using ::quarry::testing::SerialiseOrDie;
using ::quarry::testing::StatusIs;
using ::quarry::testing::ToHex;

struct Case {
  std::string name;  // Test name.
  Json json;         // How to build it.
};

std::vector<Case> AllCases() {
  std::vector<Case> cases;
  for (std::string_view name : internal::ParameterlessSerialiserClassNames()) {
    std::string simple(name.substr(name.rfind('.') + 1));
    // The Raw and text kinds share a class; their names are distinct anyway.
    cases.push_back({simple, Json{{"class", std::string(name)}}});
  }
  cases.push_back({"SetOfStringsAsTreeSet", Json{{"class", "SetSerialiser"},
                                                 {"objectSerialiser", "StringSerialiser"},
                                                 {"setClass", "java.util.TreeSet"}}});
  cases.push_back({"SetOfStringsAsHashSet",
                   Json{{"class", "SetSerialiser"}, {"objectSerialiser", "StringSerialiser"}}});
  cases.push_back({"MapOfStringToLong", Json{{"class", "MapSerialiser"},
                                             {"keySerialiser", "StringSerialiser"},
                                             {"valueSerialiser", "CompactRawLongSerialiser"}}});
  return cases;
}

class SerialiserContractTest : public ::testing::TestWithParam<Case> {
 protected:
  void SetUp() override {
    auto parsed = ParseSerialiser(GetParam().json, "test");
    ASSERT_OK(parsed);
    serialiser_ = *parsed;
    is_null_serialiser_ = serialiser_->ClassName().ends_with(".NullSerialiser");
    for (ValueType t : quarry::testing::AllValueTypes()) {
      if (serialiser_->CanHandle(t)) types_.push_back(t);
    }
    // A SetSerialiser reads back the set kind it is configured with.
    if (serialiser_->ClassName().ends_with(".SetSerialiser")) {
      types_ = {serialiser_->DeserialiseEmpty().type()};
    }
  }

  // The values to test for `type`: edge cases and `n` random ones.
  std::vector<Value> Values(ValueType type, std::mt19937_64& rng, int n) const {
    std::vector<Value> values = EdgeValues(type);
    for (int i = 0; i < n; ++i) values.push_back(RandomValue(type, rng));
    return values;
  }

  // Calls `probe` on each value's encoding, its every prefix (up to 64 bytes)
  // and damaged copies: a byte overwritten, a byte appended.
  template <typename Probe>
  void ForEachDamagedEncoding(std::mt19937_64& rng, const Probe& probe) const {
    for (ValueType type : types_) {
      for (const Value& v : Values(type, rng, 40)) {
        std::string bytes = SerialiseOrDie(*serialiser_, v);
        for (size_t cut = 0; cut < std::min<size_t>(bytes.size(), 64); ++cut) {
          probe(std::string_view(bytes).substr(0, cut));
        }
        probe(bytes);
        if (bytes.empty()) continue;
        for (int k = 0; k < 8; ++k) {
          std::string damaged = bytes;
          damaged[rng() % damaged.size()] = static_cast<char>(rng());
          probe(damaged);
          probe(bytes + static_cast<char>(rng()));
        }
      }
    }
  }

  std::shared_ptr<const Serialiser> serialiser_;
  bool is_null_serialiser_ = false;
  std::vector<ValueType> types_;
};

TEST_P(SerialiserContractTest, HandlesSomeType) { EXPECT_FALSE(types_.empty()); }

TEST_P(SerialiserContractTest, RoundTrip) {
  const uint64_t seed = 1234;
  std::mt19937_64 rng(seed);
  for (ValueType type : types_) {
    for (const Value& v : Values(type, rng, 300)) {
      std::string bytes = SerialiseOrDie(*serialiser_, v);
      ASSERT_OK_AND_ASSIGN(Value back, serialiser_->Deserialise(bytes));
      // Zero bytes always read back as DeserialiseEmpty() (e.g. an empty
      // map under MapSerialiser is null, as in Gaffer).
      Value expected = is_null_serialiser_ || bytes.empty() ? serialiser_->DeserialiseEmpty() : v;
      ASSERT_EQ(back, expected) << "seed " << seed << " value " << v.DebugString() << " bytes "
                                << ToHex(bytes);
      if (serialiser_->IsConsistent() && !bytes.empty()) {
        ASSERT_EQ(SerialiseOrDie(*serialiser_, back), bytes) << v.DebugString();
      }
    }
  }
}

int Sign(int c) { return (c > 0) - (c < 0); }

bool SignBitSet(const Value& v) {
  if (v.type() == ValueType::kDouble)
    return !std::isnan(v.AsDouble()) && std::signbit(v.AsDouble());
  return !std::isnan(v.AsFloat()) && std::signbit(v.AsFloat());
}

// The order the serialiser's bytes must have: Value::Compare, except for
// Gaffer's Ordered{Double,Float} trap (ordered_double_serialiser.h): values
// with the sign bit set sort after all others.
int ExpectedOrder(const Serialiser& serialiser, const Value& a, const Value& b) {
  bool floating = serialiser.ClassName().ends_with(".OrderedDoubleSerialiser") ||
                  serialiser.ClassName().ends_with(".OrderedFloatSerialiser");
  if (floating && SignBitSet(a) != SignBitSet(b)) return SignBitSet(a) ? 1 : -1;
  return Sign(a.Compare(b));
}

TEST_P(SerialiserContractTest, BytewiseOrderEqualsValueOrder) {
  if (!serialiser_->PreservesOrder() || is_null_serialiser_ ||
      serialiser_->ClassName().ends_with(".TreeSetStringSerialiser")) {
    GTEST_SKIP() << "not order-preserving (TreeSetString: see its own test)";
  }
  const uint64_t seed = 99;
  std::mt19937_64 rng(seed);
  for (ValueType type : types_) {
    std::vector<Value> values = Values(type, rng, 400);
    std::vector<std::string> bytes;
    for (const Value& v : values) bytes.push_back(SerialiseOrDie(*serialiser_, v));
    for (size_t i = 0; i < values.size(); ++i) {
      for (size_t j = 0; j < values.size(); j += (i < 20 ? 1 : 37)) {  // Edges vs all.
        int expected = ExpectedOrder(*serialiser_, values[i], values[j]);
        ASSERT_EQ(Sign(bytes[i].compare(bytes[j])), expected)
            << "seed " << seed << ": " << values[i].DebugString() << " vs "
            << values[j].DebugString();
        ASSERT_EQ(Sign(Escaped(bytes[i]).compare(Escaped(bytes[j]))), expected)
            << "escaped, seed " << seed << ": " << values[i].DebugString() << " vs "
            << values[j].DebugString();
      }
    }
  }
}

TEST_P(SerialiserContractTest, NullIsZeroBytesAndZeroBytesAreEmpty) {
  std::string out = "keep";
  ASSERT_OK(serialiser_->Serialise(Value(), &out));
  EXPECT_EQ(out, "keep");
  ASSERT_OK_AND_ASSIGN(Value empty, serialiser_->Deserialise(""));
  EXPECT_EQ(empty, serialiser_->DeserialiseEmpty());
}

TEST_P(SerialiserContractTest, WrongTypeIsInvalidArgumentAndWritesNothing) {
  if (is_null_serialiser_) GTEST_SKIP() << "handles every type";
  Value wrong = serialiser_->CanHandle(ValueType::kBool) ? Value::String("x") : Value::Bool(true);
  std::string out = "keep";
  EXPECT_THAT(serialiser_->Serialise(wrong, &out), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_EQ(out, "keep");
}

// Deserialise must return OK or DataLoss (naming the serialiser) for any
// bytes, never crash.
void ExpectOkOrDataLoss(const Serialiser& serialiser, std::string_view bytes, uint64_t seed) {
  Result<Value> r = serialiser.Deserialise(bytes);
  if (r.ok()) return;
  ASSERT_EQ(r.status().code(), StatusCode::kDataLoss)
      << "seed " << seed << " bytes " << ToHex(bytes) << ": " << r.status().ToString();
  std::string_view name = serialiser.ClassName();
  ASSERT_NE(r.status().message().find(name.substr(name.rfind('.') + 1)), std::string::npos)
      << r.status().ToString();
}

TEST_P(SerialiserContractTest, ArbitraryBytesGiveOkOrDataLoss) {
  const uint64_t seed = 31337;
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 3000; ++i) {
    ExpectOkOrDataLoss(*serialiser_, RandomBytes(rng, i % 2 ? 12 : 1100), seed);
  }
}

TEST_P(SerialiserContractTest, DamagedEncodingsGiveOkOrDataLoss) {
  const uint64_t seed = 2718;
  std::mt19937_64 rng(seed);
  ForEachDamagedEncoding(
      rng, [&](std::string_view bytes) { ExpectOkOrDataLoss(*serialiser_, bytes, seed); });
}

// Check, which lazy decoding runs on every cell it holds undecoded, must
// accept exactly what Deserialise accepts and fail with the same message:
// a held cell that passed the check is decoded later with no way to fail.
// The same for the FastAcceptor, where there is one.
void ExpectCheckAgrees(const Serialiser& serialiser, std::string_view bytes, uint64_t seed) {
  Result<Value> expected = serialiser.Deserialise(bytes);
  Status status = serialiser.Check(bytes);
  ASSERT_EQ(status.code(), expected.status().code())
      << "seed " << seed << " bytes " << ToHex(bytes) << ": " << status.ToString();
  ASSERT_EQ(status.message(), expected.status().message()) << "bytes " << ToHex(bytes);
  if (Serialiser::Acceptor accepts = serialiser.FastAcceptor(); accepts != nullptr) {
    ASSERT_EQ(accepts(bytes), status.ok()) << "FastAcceptor, bytes " << ToHex(bytes);
  }
}

TEST_P(SerialiserContractTest, CheckAcceptsExactlyWhatDeserialiseAccepts) {
  const uint64_t seed = 1618;
  std::mt19937_64 rng(seed);
  ExpectCheckAgrees(*serialiser_, "", seed);
  ForEachDamagedEncoding(
      rng, [&](std::string_view bytes) { ExpectCheckAgrees(*serialiser_, bytes, seed); });
  for (int i = 0; i < 500; ++i) ExpectCheckAgrees(*serialiser_, RandomBytes(rng, 12), seed);
}

// DeserialiseInto, the form scans decode with, must answer exactly as
// Deserialise, whatever the target held before, and leave it alone on error.
void ExpectIntoAgrees(const Serialiser& serialiser, std::string_view bytes, uint64_t seed) {
  Result<Value> expected = serialiser.Deserialise(bytes);
  for (const Value& before : {Value(), Value::String("stale, and longer than SSO holds"),
                              Value::Int64(-7), Value::TreeSet({Value::Int32(1)})}) {
    Value target = before;
    Status status = serialiser.DeserialiseInto(bytes, &target);
    ASSERT_EQ(status.code(), expected.status().code())
        << "seed " << seed << " bytes " << ToHex(bytes) << ": " << status.ToString();
    if (expected.ok()) {
      ASSERT_EQ(target, *expected) << "seed " << seed << " bytes " << ToHex(bytes);
    } else {
      ASSERT_EQ(status.message(), expected.status().message());
      ASSERT_EQ(target, before) << "changed on error; bytes " << ToHex(bytes);
    }
  }
}

TEST_P(SerialiserContractTest, DeserialiseIntoAgreesWithDeserialise) {
  const uint64_t seed = 4242;
  std::mt19937_64 rng(seed);
  ExpectIntoAgrees(*serialiser_, "", seed);
  for (ValueType type : types_) {
    for (const Value& v : Values(type, rng, 60)) {
      std::string bytes = SerialiseOrDie(*serialiser_, v);
      ExpectIntoAgrees(*serialiser_, bytes, seed);
      if (!bytes.empty()) ExpectIntoAgrees(*serialiser_, bytes.substr(0, bytes.size() - 1), seed);
    }
  }
  for (int i = 0; i < 500; ++i) ExpectIntoAgrees(*serialiser_, RandomBytes(rng, 12), seed);
}

TEST_P(SerialiserContractTest, ToJsonParsesBackToTheSameSerialiser) {
  Json json = serialiser_->ToJson();
  ASSERT_TRUE(json.is_object());
  ASSERT_TRUE(json["class"].is_string());
  EXPECT_EQ(json["class"].get<std::string>(), serialiser_->ClassName());
  ASSERT_OK_AND_ASSIGN(auto again, ParseSerialiser(json, "again"));
  EXPECT_EQ(again->ToJson(), json);
}

INSTANTIATE_TEST_SUITE_P(AllSerialisers, SerialiserContractTest, ::testing::ValuesIn(AllCases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return info.param.name + "_" + std::to_string(info.index);
                         });

}  // namespace
}  // namespace quarry
