#include "tests/keypackages/test_graph.h"

#include <cstdlib>
#include <iostream>
#include <limits>

namespace quarry::testing {
namespace {

constexpr char kSchemaJson[] = R"json({
  "entities": {
    "Cardinality": {
      "vertex": "vertex.string",
      "properties": {"count": "count.long", "edgeGroup": "set.string",
                     "visibility": "visibility.string"}
    },
    "Tagged": {
      "vertex": "vertex.string",
      "properties": {"n": "int.sum", "count": "count.long", "visibility": "visibility.string"},
      "groupBy": ["n"]
    }
  },
  "edges": {
    "RoadUse": {
      "source": "vertex.string",
      "destination": "vertex.string",
      "directed": "directed.either",
      "properties": {"startDate": "date.earliest", "endDate": "date.latest",
                     "count": "count.long", "countByVehicleType": "freqmap",
                     "tags": "set.string", "n": "int.sum",
                     "visibility": "visibility.string"},
      "groupBy": ["startDate", "endDate"]
    },
    "Link": {
      "source": "vertex.string",
      "destination": "vertex.string",
      "directed": "directed.either"
    }
  },
  "types": {
    "vertex.string": {"class": "java.lang.String"},
    "directed.either": {"class": "java.lang.Boolean"},
    "count.long": {"class": "java.lang.Long",
                   "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Sum"}},
    "int.sum": {"class": "java.lang.Integer",
                "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Sum"}},
    "date.earliest": {"class": "java.util.Date",
                      "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Min"}},
    "date.latest": {"class": "java.util.Date",
                    "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.Max"}},
    "freqmap": {"class": "uk.gov.gchq.gaffer.types.FreqMap",
                "aggregateFunction": {"class": "uk.gov.gchq.gaffer.types.function.FreqMapAggregator"}},
    "set.string": {"class": "java.util.TreeSet",
                   "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.CollectionConcat"}},
    "visibility.string": {"class": "java.lang.String",
                          "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.StringConcat"}}
  },
  "visibilityProperty": "visibility"
})json";

}  // namespace

Result<std::shared_ptr<const Schema>> LoadKeyPackageTestSchema() {
  return Schema::FromJsonStrings({kSchemaJson}, {"keypackages-test-schema.json"});
}

std::shared_ptr<const Schema> KeyPackageTestSchema() {
  static const std::shared_ptr<const Schema> schema = [] {
    Result<std::shared_ptr<const Schema>> s = LoadKeyPackageTestSchema();
    if (!s.ok()) {
      std::cerr << "test schema failed to load: " << s.status().ToString() << "\n";
      std::abort();
    }
    return s.value();
  }();
  return schema;
}

std::string RandomElements::Vertex() {
  static constexpr char kBytes[] = {'\x00', '\x01', '\x02', 'A', 'B', '\xff'};
  std::string v;
  const int n = static_cast<int>(rng_() % 4);
  for (int i = 0; i < n; ++i) v.push_back(kBytes[rng_() % sizeof(kBytes)]);
  return v;
}

std::string RandomElements::Letters(int max_len) {
  std::string s;
  const int n = static_cast<int>(rng_() % (max_len + 1));
  for (int i = 0; i < n; ++i) s.push_back(static_cast<char>('a' + rng_() % 26));
  return s;
}

int64_t RandomElements::AnyInt64() {
  switch (rng_() % 4) {
    case 0:
      return std::numeric_limits<int64_t>::min() + static_cast<int64_t>(rng_() % 3);
    case 1:
      return std::numeric_limits<int64_t>::max() - static_cast<int64_t>(rng_() % 3);
    case 2:
      return static_cast<int64_t>(rng_() % 512) - 256;
    default:
      return static_cast<int64_t>((static_cast<uint64_t>(rng_()) << 32) | rng_());
  }
}

Properties RandomElements::RoadUseProperties() {
  Properties p;
  p.Set("startDate", Value::Date(AnyInt64()));
  p.Set("endDate", Value::Date(AnyInt64()));
  p.Set("count", Value::Int64(AnyInt64()));
  FreqMap freq;
  for (int i = static_cast<int>(rng_() % 3); i > 0; --i) freq["k" + Letters(3)] = AnyInt64();
  p.Set("countByVehicleType", Value::FreqMap(std::move(freq)));
  ValueList tags;
  for (int i = static_cast<int>(rng_() % 3); i > 0; --i)
    tags.push_back(Value::String("t" + Letters(4)));
  p.Set("tags", Value::TreeSet(std::move(tags)));
  p.Set("n", Value::Int32(static_cast<int32_t>(AnyInt64())));
  p.Set("visibility", Value::String(Letters(3)));
  return p;
}

Properties RandomElements::CardinalityProperties() {
  Properties p;
  p.Set("count", Value::Int64(AnyInt64()));
  ValueList groups;
  for (int i = static_cast<int>(rng_() % 3); i > 0; --i)
    groups.push_back(Value::String("g" + Letters(2)));
  p.Set("edgeGroup", Value::TreeSet(std::move(groups)));
  p.Set("visibility", Value::String(Letters(3)));
  return p;
}

Properties RandomElements::TaggedProperties() {
  Properties p;
  p.Set("n", Value::Int32(static_cast<int32_t>(AnyInt64())));
  p.Set("count", Value::Int64(AnyInt64()));
  p.Set("visibility", Value::String(Letters(2)));
  return p;
}

Element RandomElements::Next(const std::vector<std::string>& pool) {
  auto pick = [&]() { return Value::String(pool[rng_() % pool.size()]); };
  switch (rng_() % 5) {
    case 0:
      return Element::Entity("Cardinality", pick(), CardinalityProperties());
    case 1:
      return Element::Entity("Tagged", pick(), TaggedProperties());
    case 2:
      return Element::Edge("Link", pick(), pick(), rng_() % 2 == 0);
    default: {
      Value s = pick();
      Value d = rng_() % 5 == 0 ? s : pick();  // Plenty of self-loops.
      return Element::Edge("RoadUse", s, d, rng_() % 2 == 0, RoadUseProperties());
    }
  }
}

}  // namespace quarry::testing
