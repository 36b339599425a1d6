#include "tests/schema/serialiser_test_util.h"

#include <bit>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <memory>

#include "graph-core/hll_sketch.h"
#include "graph-core/hyper_log_log_plus.h"
#include "graph-core/long_time_series.h"
#include "graph-core/timestamp_set.h"

namespace quarry::testing {
namespace {

template <typename T>
T Pick(std::mt19937_64& rng, const std::vector<T>& from) {
  return from[rng() % from.size()];
}

// An integer spread over all magnitudes.
int64_t RandomInt64(std::mt19937_64& rng) { return static_cast<int64_t>(rng()) >> (rng() % 64); }

std::vector<Value> IntEdges(bool wide) {
  std::vector<Value> out;
  if (wide) {
    for (int64_t v :
         {std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::min() + 1,
          int64_t{-256}, int64_t{-113}, int64_t{-112}, int64_t{-1}, int64_t{0}, int64_t{1},
          int64_t{127}, int64_t{128}, int64_t{256}, int64_t{1451044800146},
          std::numeric_limits<int64_t>::max() - 1, std::numeric_limits<int64_t>::max()}) {
      out.push_back(Value::Int64(v));
    }
  } else {
    for (int32_t v : {std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::min() + 1,
                      -256, -1, 0, 1, 127, 128, 256, std::numeric_limits<int32_t>::max() - 1,
                      std::numeric_limits<int32_t>::max()}) {
      out.push_back(Value::Int32(v));
    }
  }
  return out;
}

template <typename F>
std::vector<F> FloatingEdges() {
  using L = std::numeric_limits<F>;
  return {-L::infinity(), -L::max(), F(-1),           -L::min(),     -L::denorm_min(),
          F(-0.0),        F(0.0),    L::denorm_min(), L::min() / 2,  L::min(),
          F(1),           F(2.5),    L::max(),        L::infinity(), L::quiet_NaN()};
}

Value RandomSketch(ValueType type, std::mt19937_64& rng) {
  if (type == ValueType::kHyperLogLogPlus) {
    // p 4-8, sp 0 (normal only) or p..p+6: small p turns normal within 50 items.
    const int p = 4 + static_cast<int>(rng() % 5);
    const int sp = rng() % 3 == 0 ? 0 : p + static_cast<int>(rng() % 7);
    auto hllp = std::make_shared<HyperLogLogPlus>(*HyperLogLogPlus::Create(p, sp));
    int n = static_cast<int>(rng() % 50);
    for (int i = 0; i < n; ++i) hllp->Offer(std::to_string(rng() % 1000));
    return Value::HyperLogLogPlus(std::move(hllp));
  }
  auto sketch = std::make_shared<HllSketch>(4 + static_cast<int>(rng() % 5));
  int n = static_cast<int>(rng() % 50);
  for (int i = 0; i < n; ++i) sketch->Update(std::to_string(rng() % 1000));
  return Value::Sketch(std::move(sketch));
}

// A set of up to 40 times between 1970 and 2038, in a random bucket; a
// bounded one may be small enough to be sampling.
Value RandomTimestampSet(ValueType type, std::mt19937_64& rng) {
  const auto bucket = static_cast<TimeBucket>(1 + rng() % 7);  // SECOND .. YEAR.
  TimestampSet set =
      type == ValueType::kRbmTimestampSet
          ? TimestampSet::Rbm(bucket).value()
          : TimestampSet::Bounded(bucket, 1 + static_cast<int32_t>(rng() % 30)).value();
  for (size_t n = rng() % 41; n > 0; --n) {
    Status added = set.Add(static_cast<int64_t>(rng() % 2147483647000ULL));
    if (!added.ok()) break;
  }
  return Value::TimestampSet(std::make_shared<const TimestampSet>(std::move(set)));
}

// Any bucket, instants across the whole range of longs (Gaffer's series
// hold any instant), values of any sign.
Value RandomLongTimeSeries(std::mt19937_64& rng) {
  LongTimeSeries series(static_cast<TimeBucket>(rng() % 8));
  for (size_t n = rng() % 30; n > 0; --n) {
    const int64_t t = rng() % 4 == 0 ? static_cast<int64_t>(rng())
                                     : static_cast<int64_t>(rng() % 4102444800000ULL);
    series.Upsert(t, static_cast<int64_t>(rng()));
  }
  return Value::LongTimeSeries(std::make_shared<const LongTimeSeries>(std::move(series)));
}

Value RandomComposite(ValueType type, std::mt19937_64& rng) {
  switch (type) {
    case ValueType::kTreeSet:
    case ValueType::kHashSet:
    case ValueType::kList: {
      ValueList items;
      size_t n = rng() % 10 == 0 ? 500 : rng() % 6;  // Sometimes a big set.
      for (size_t i = 0; i < n; ++i) {
        std::string item = RandomOrderSafeString(rng, 6);
        // TreeSetStringSerialiser cannot hold "" or "\\," items (tested on their own).
        if (type == ValueType::kTreeSet &&
            (item.empty() || item.find("\\,") != std::string::npos)) {
          item = "x";
        }
        items.push_back(Value::String(std::move(item)));
      }
      if (type == ValueType::kTreeSet) return Value::TreeSet(std::move(items));
      if (type == ValueType::kHashSet) return Value::HashSet(std::move(items));
      return Value::List(std::move(items));
    }
    case ValueType::kMap: {
      ValueEntries entries;
      for (size_t n = rng() % 5; n > 0; --n) {
        entries.emplace_back(Value::String(RandomOrderSafeString(rng, 5)),
                             Value::Int64(RandomInt64(rng)));
      }
      return Value::Map(std::move(entries));
    }
    case ValueType::kFreqMap: {
      FreqMap counts;
      for (size_t n = rng() % 6; n > 0; --n) counts[RandomBytes(rng, 5)] = RandomInt64(rng);
      return Value::FreqMap(std::move(counts));
    }
    case ValueType::kRbmTimestampSet:
    case ValueType::kBoundedTimestampSet:
      return RandomTimestampSet(type, rng);
    case ValueType::kLongTimeSeries:
      return RandomLongTimeSeries(rng);
    default:
      return RandomSketch(type, rng);
  }
}

}  // namespace

std::string Hex(std::string_view hex) {
  std::string out;
  std::string digits;
  for (char c : hex) {
    if (c == ' ') continue;
    digits.push_back(c);
    if (digits.size() == 2) {
      out.push_back(static_cast<char>(std::strtoul(digits.c_str(), nullptr, 16)));
      digits.clear();
    }
  }
  return out;
}

std::string ToHex(std::string_view bytes) {
  std::string out;
  char buf[4];
  for (char c : bytes) {
    std::snprintf(buf, sizeof(buf), "%02x", static_cast<uint8_t>(c));
    if (!out.empty()) out += ' ';
    out += buf;
  }
  return out;
}

std::string RandomBytes(std::mt19937_64& rng, size_t max_len) {
  std::string s(rng() % (max_len + 1), '\0');
  for (char& c : s) {
    uint64_t r = rng() % 8;
    c = r < 4 ? static_cast<char>(r == 3 ? 0xff : r) : static_cast<char>(rng());
  }
  return s;
}

std::string RandomOrderSafeString(std::mt19937_64& rng, size_t max_len) {
  static const std::vector<std::string> kPieces = {std::string(1, '\0'),
                                                   "\x01",
                                                   "\x02",
                                                   "a",
                                                   "b",
                                                   "z",
                                                   "\\",
                                                   ",",
                                                   "\x7f",
                                                   "\xc3\xa9" /* é */,
                                                   "\xe2\x82\xac" /* € */,
                                                   "\xf0\x9f\x98\x80" /* U+1F600 */,
                                                   "\xff"};
  std::string s;
  for (size_t n = rng() % (max_len + 1); n > 0; --n) s += Pick(rng, kPieces);
  return s;
}

std::vector<Value> EdgeValues(ValueType type) {
  std::vector<Value> out;
  switch (type) {
    case ValueType::kInt64:
      return IntEdges(true);
    case ValueType::kInt32:
      return IntEdges(false);
    case ValueType::kInt16:
      for (int v : {-32768, -1, 0, 1, 255, 256, 32767})
        out.push_back(Value::Int16(static_cast<int16_t>(v)));
      return out;
    case ValueType::kDate:
      for (const Value& v : IntEdges(true)) out.push_back(Value::Date(v.AsInt64()));
      return out;
    case ValueType::kDouble:
      for (double d : FloatingEdges<double>()) out.push_back(Value::Double(d));
      return out;
    case ValueType::kFloat:
      for (float f : FloatingEdges<float>()) out.push_back(Value::Float(f));
      return out;
    case ValueType::kBool:
      return {Value::Bool(false), Value::Bool(true)};
    case ValueType::kString:
      for (const char* s : {"", "a", "ab", "b"}) out.push_back(Value::String(s));
      out.push_back(Value::String(std::string("\x00\x01\xff", 3)));
      out.push_back(Value::String(std::string("a\x00", 2)));
      return out;
    case ValueType::kBytes:
      for (const char* s : {"", "a", "\x7f", "\x80", "\xff"}) out.push_back(Value::Bytes(s));
      out.push_back(Value::Bytes(std::string("\x00\x01", 2)));
      return out;
    case ValueType::kTypeValue:
      return {Value::TypeValue("t", ""), Value::TypeValue("", "v"), Value::TypeValue("t", "v")};
    case ValueType::kTypeSubTypeValue:
      return {Value::TypeSubTypeValue("", "", "v"), Value::TypeSubTypeValue("t", "", ""),
              Value::TypeSubTypeValue("t", "s", "v")};
    case ValueType::kFreqMap:
      return {Value::FreqMap({}), Value::FreqMap({{"", 0}})};
    default:
      return out;
  }
}

Value RandomValue(ValueType type, std::mt19937_64& rng) {
  switch (type) {
    case ValueType::kNull:
      return Value();
    case ValueType::kBool:
      return Value::Bool(rng() % 2 == 0);
    case ValueType::kInt32:
      return Value::Int32(static_cast<int32_t>(RandomInt64(rng)));
    case ValueType::kInt16:
      return Value::Int16(static_cast<int16_t>(RandomInt64(rng)));
    case ValueType::kInt64:
      return Value::Int64(RandomInt64(rng));
    case ValueType::kDate:
      return Value::Date(RandomInt64(rng));
    case ValueType::kFloat:
      return Value::Float(std::bit_cast<float>(static_cast<uint32_t>(rng())));
    case ValueType::kDouble:
      return Value::Double(std::bit_cast<double>(rng()));
    case ValueType::kString:
      return Value::String(RandomOrderSafeString(rng, 8));
    case ValueType::kBytes:
      return Value::Bytes(RandomBytes(rng, 8));
    case ValueType::kTypeValue: {
      std::string t = RandomOrderSafeString(rng, 4), v = RandomOrderSafeString(rng, 4);
      if (t.empty() && v.empty()) t = "t";
      return Value::TypeValue(std::move(t), std::move(v));
    }
    case ValueType::kTypeSubTypeValue: {
      std::string t = RandomOrderSafeString(rng, 3), s = RandomOrderSafeString(rng, 3),
                  v = RandomOrderSafeString(rng, 3);
      if (t.empty() && s.empty() && v.empty()) s = "s";
      return Value::TypeSubTypeValue(std::move(t), std::move(s), std::move(v));
    }
    default:
      return RandomComposite(type, rng);
  }
}

std::vector<ValueType> AllValueTypes() {
  std::vector<ValueType> out;
  for (int t = static_cast<int>(ValueType::kBool);
       t <= static_cast<int>(ValueType::kLongTimeSeries); ++t) {  // The last type.
    out.push_back(static_cast<ValueType>(t));
  }
  return out;
}

std::string SerialiseOrDie(const Serialiser& serialiser, const Value& value) {
  std::string out;
  Status s = serialiser.Serialise(value, &out);
  if (!s.ok()) {
    std::fprintf(stderr, "Serialise(%s) failed: %s\n", value.DebugString().c_str(),
                 s.ToString().c_str());
    std::abort();
  }
  return out;
}

}  // namespace quarry::testing
