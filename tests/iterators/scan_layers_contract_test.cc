// The iterator contract suite over the scan-stack layers of this folder:
// RowGroupFilter, ElementFilterIterator and QueryAggregationIterator, over
// data encoded by both key-packages. Each model works from decoded elements
// (keypackages' Decode) and hand-written rules, not from the layer's code.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "iterators/element_filter_iterator.h"
#include "iterators/query_aggregation_iterator.h"
#include "iterators/row_group_filter.h"
#include "keypackages/key_format.h"
#include "tests/iterators/iterator_contract.h"
#include "tests/iterators/scan_test_data.h"
#include "tests/iterators/test_schemas.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing {
namespace {

Element MustDecode(const KeyPackage& package, const std::string& key, const std::string& value) {
  Result<Element> e = package.Decode(key, value);
  EXPECT_OK(e.status());
  return e.ok() ? *e : Element();
}

KvList FilterModel(const KvMap& data, const KeyRange& range,
                   const std::function<bool(const Element&)>& keep, const KeyPackage& package) {
  KvList out;
  for (const auto& [key, value] : CellsInRange(data, range)) {
    if (keep(MustDecode(package, key, value))) out.emplace_back(key, value);
  }
  return out;
}

// Groups {JunctionUse, RoadUse}; rows as for an OUTGOING scan: entities,
// undirected edges from either row, directed edges from the source's row.
IteratorContract RowGroupContract(std::string package_name) {
  auto package = Package(package_name, RoadTrafficSchema());
  IteratorContract c;
  c.name = "RowGroupFilter_" + package_name;
  c.make_data = [package](std::mt19937& rng) {
    return EncodeAll(*package, RandomRoadTrafficElements(rng, rng() % 30), rng);
  };
  c.make_iterator = [package](const KvMap* data) -> std::unique_ptr<KvIterator> {
    RowGroupFilterOptions options;
    options.groups.emplace();
    options.groups->insert("JunctionUse");
    options.groups->insert("RoadUse");
    RowFilter rows;
    rows.include_incoming_outgoing = IncludeIncomingOutgoing::kOutgoing;
    options.row_filter = rows;
    return std::make_unique<RowGroupFilter>(std::make_unique<MemoryKvIterator>(data), *package,
                                            options);
  };
  c.model = [package](const KvMap& data, const KeyRange& range) {
    return FilterModel(
        data, range,
        [](const Element& e) {
          if (e.group() == "RoadHasJunction") return false;
          return e.is_entity() || !e.directed() || e.matched_vertex() == MatchedVertex::kSource;
        },
        *package);
  };
  return c;
}

// JunctionUse: validated and filtered on count > 2; RoadUse: validated
// (count >= 0 and directed); RoadHasJunction untested.
IteratorContract ElementFilterContract(std::string package_name) {
  auto package = Package(package_name, RoadTrafficSchema());
  IteratorContract c;
  c.name = "ElementFilter_" + package_name;
  c.make_data = [package](std::mt19937& rng) {
    return EncodeAll(*package, RandomRoadTrafficElements(rng, rng() % 30), rng);
  };
  c.make_iterator = [package](const KvMap* data) -> std::unique_ptr<KvIterator> {
    Result<ElementFilter> more_than_two =
        ParseElementFilter(Json::parse(R"([{"selection": ["count"],
                         "predicate": {"class": "IsMoreThan", "value": {"Long": 2}}}])"),
                           "filter");
    EXPECT_OK(more_than_two.status());
    ElementFilterOptions options;
    options.groups["JunctionUse"] = ElementTests{true, *more_than_two};
    options.groups["RoadUse"] = ElementTests{true, ElementFilter()};
    return std::make_unique<ElementFilterIterator>(std::make_unique<MemoryKvIterator>(data),
                                                   *package, options);
  };
  c.model = [package](const KvMap& data, const KeyRange& range) {
    return FilterModel(
        data, range,
        [](const Element& e) {
          int64_t count =
              e.properties().Get("count").is_null() ? -1 : e.properties().Get("count").AsInt64();
          if (e.group() == "JunctionUse") return count > 2;
          if (e.group() == "RoadUse") return count >= 0 && e.directed();
          return true;
        },
        *package);
  };
  return c;
}

// RoadUse aggregated with view groupBy [] (§9.8); JunctionUse with the
// schema groupBy (passes through); RoadHasJunction never aggregates.
struct RoadUseTotals {
  std::string first_key;
  std::string last_key;
  int64_t start = INT64_MAX, end = INT64_MIN, count = 0, timestamp = INT64_MIN;
  FreqMap counts;
};

std::string RoadGroupStart(std::string_view key) {
  Result<KeyParts> parts = SplitKey(key);
  Result<size_t> length = RowAndGroupLength(key);
  if (!parts.ok() || !length.ok()) return std::string(key);
  if (parts->group != "RoadUse") return std::string(key);
  return std::string(key.substr(0, *length));
}

KvList RoadUseModel(const KeyPackage& package, const KvMap& data, const KeyRange& range) {
  // Every group over the whole map, in key order of its start.
  std::map<std::string, RoadUseTotals> groups;
  std::map<std::string, std::pair<std::string, std::string>> singles;
  for (const auto& [key, value] : data) {
    std::string start = RoadGroupStart(key);
    if (start == key) {
      singles[key] = {key, value};
      continue;
    }
    Element e = MustDecode(package, key, value);
    RoadUseTotals& t = groups[start];
    if (t.first_key.empty()) t.first_key = key;
    t.last_key = key;
    t.start = std::min(t.start, e.properties().Get("startDate").AsInt64());
    t.end = std::max(t.end, e.properties().Get("endDate").AsInt64());
    t.count += e.properties().Get("count").AsInt64();
    for (const auto& [k, n] : e.properties().Get("countByVehicleType").AsFreqMap()) {
      t.counts[k] += n;
    }
    if (package.LayoutFor("RoadUse")->value_has_timestamp()) {  // Value format 2.
      t.timestamp = std::max(t.timestamp, *ValueTimestamp(value));
    }
  }
  KvList all;  // (out key, value, last source key)
  std::vector<std::string> last_keys;
  for (const auto& [key, kv] : singles) {
    all.push_back(kv);
    last_keys.push_back(key);
  }
  for (const auto& [start, t] : groups) {
    Properties p{{"startDate", Value::Date(t.start)},
                 {"endDate", Value::Date(t.end)},
                 {"count", Value::Int64(t.count)},
                 {"countByVehicleType", Value::FreqMap(t.counts)}};
    std::string key, value;
    EXPECT_OK(package.RebuildKey(t.first_key, p, &key));
    EXPECT_OK(package.LayoutFor("RoadUse")->EncodeValue(p, t.timestamp, &value));
    all.emplace_back(key, value);
    last_keys.push_back(t.last_key);
  }
  // Emission rule: out key in range and the group's last cell not before it.
  KvList out;
  for (size_t i = 0; i < all.size(); ++i) {
    if (range.Contains(all[i].first) && !KeyBeforeRange(range, last_keys[i])) {
      out.push_back(all[i]);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Value format 2 keeps a timestamp in each value, and query-time
// aggregation keeps the largest; 3 has none (no timestampProperty).
IteratorContract QueryAggregationContract(std::string package_name, uint32_t value_format) {
  auto schema = RoadTrafficSchema();
  auto package = Package(package_name, schema, value_format);
  IteratorContract c;
  c.name = "QueryAggregation_" + package_name + "_v" + std::to_string(value_format);
  c.make_data = [package](std::mt19937& rng) {
    std::vector<Element> elements = RandomRoadTrafficElements(rng, rng() % 30);
    for (Element& e : elements) {  // Non-negative counts keep the sums simple.
      const Value& count = e.properties().Get("count");
      if (!count.is_null() && count.AsInt64() < 0) {
        e.mutable_properties().Set("count", Value::Int64(-count.AsInt64()));
      }
    }
    return EncodeAll(*package, elements, rng);
  };
  c.make_iterator = [package, schema](const KvMap* data) -> std::unique_ptr<KvIterator> {
    std::vector<std::string> no_group_by;
    std::map<std::string, QueryAggregation, std::less<>> aggregations;
    for (const char* group : {"RoadUse", "JunctionUse"}) {
      Result<QueryAggregation> q =
          QueryAggregation::Create(*schema, *schema->Group(group),
                                   group == std::string("RoadUse") ? &no_group_by : nullptr, {});
      EXPECT_OK(q.status());
      aggregations.emplace(group, *q);
    }
    auto it = QueryAggregationIterator::Create(std::make_unique<MemoryKvIterator>(data), *package,
                                               std::move(aggregations));
    EXPECT_OK(it.status());
    return std::move(*it);
  };
  c.model = [package](const KvMap& data, const KeyRange& range) {
    return RoadUseModel(*package, data, range);
  };
  c.group_start = RoadGroupStart;
  return c;
}

// VisibilitySchema's RoadUse (groupBy none, visibility property): cells of
// one row merge across visibilities; the visibility is their String Min and
// the rebuilt key may sort before the group's first cell.
KvList VisibilityModel(const KeyPackage& package, const KvMap& data, const KeyRange& range) {
  struct Totals {
    std::string first_key, last_key, visibility;
    bool has_visibility = false;
    int64_t count = 0, timestamp = INT64_MIN;
  };
  std::map<std::string, Totals> groups;
  KvList all;
  std::vector<std::string> last_keys;
  for (const auto& [key, value] : data) {
    std::string start = RoadGroupStart(key);
    if (start == key) {
      all.emplace_back(key, value);
      last_keys.push_back(key);
      continue;
    }
    Element e = MustDecode(package, key, value);
    Totals& t = groups[start];
    if (t.first_key.empty()) t.first_key = key;
    t.last_key = key;
    t.count += e.properties().Get("count").AsInt64();
    const Value& v = e.properties().Get("visibility");
    if (!v.is_null() && (!t.has_visibility || v.AsString() < t.visibility)) {
      t.visibility = v.AsString();
      t.has_visibility = true;
    }
    if (package.LayoutFor("RoadUse")->value_has_timestamp()) {  // Value format 2.
      t.timestamp = std::max(t.timestamp, *ValueTimestamp(value));
    }
  }
  for (const auto& [start, t] : groups) {
    Properties p{{"count", Value::Int64(t.count)}};
    if (t.has_visibility) p.Set("visibility", Value::String(t.visibility));
    std::string key, value;
    EXPECT_OK(package.RebuildKey(t.first_key, p, &key));
    EXPECT_OK(package.LayoutFor("RoadUse")->EncodeValue(p, t.timestamp, &value));
    all.emplace_back(key, value);
    last_keys.push_back(t.last_key);
  }
  KvList out;
  for (size_t i = 0; i < all.size(); ++i) {
    if (range.Contains(all[i].first) && !KeyBeforeRange(range, last_keys[i])) {
      out.push_back(all[i]);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

IteratorContract VisibilityAggregationContract(std::string package_name, uint32_t value_format) {
  auto schema = VisibilitySchema();
  auto package = Package(package_name, schema, value_format);
  IteratorContract c;
  c.name = "VisibilityAggregation_" + package_name + "_v" + std::to_string(value_format);
  c.make_data = [package](std::mt19937& rng) {
    return EncodeAll(*package,
                     RandomVisibilityElements(rng, rng() % 30, {"public", "private", "a&b"}), rng);
  };
  c.make_iterator = [package, schema](const KvMap* data) -> std::unique_ptr<KvIterator> {
    std::map<std::string, QueryAggregation, std::less<>> aggregations;
    for (const char* group : {"RoadUse", "Junction"}) {
      Result<QueryAggregation> q =
          QueryAggregation::Create(*schema, *schema->Group(group), nullptr, {});
      EXPECT_OK(q.status());
      aggregations.emplace(group, *q);
    }
    auto it = QueryAggregationIterator::Create(std::make_unique<MemoryKvIterator>(data), *package,
                                               std::move(aggregations));
    EXPECT_OK(it.status());
    return std::move(*it);
  };
  c.model = [package](const KvMap& data, const KeyRange& range) {
    return VisibilityModel(*package, data, range);
  };
  c.group_start = RoadGroupStart;
  return c;
}

INSTANTIATE_TEST_SUITE_P(ScanLayers, IteratorContractTest,
                         ::testing::Values(RowGroupContract("byteEntity"),
                                           RowGroupContract("classic"),
                                           ElementFilterContract("byteEntity"),
                                           ElementFilterContract("classic"),
                                           QueryAggregationContract("byteEntity", 2),
                                           QueryAggregationContract("classic", 2),
                                           QueryAggregationContract("byteEntity", 3),
                                           QueryAggregationContract("classic", 3),
                                           VisibilityAggregationContract("byteEntity", 2),
                                           VisibilityAggregationContract("classic", 2),
                                           VisibilityAggregationContract("byteEntity", 3),
                                           VisibilityAggregationContract("classic", 3)),
                         ContractName);

}  // namespace
}  // namespace quarry::testing
