// Contract suite run over both key-packages: round trip, order, row prefix,
// corrupt input, encode errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "keypackages/key_package.h"
#include "keypackages/value_format.h"
#include "schema/escaping.h"
#include "tests/keypackages/seed_model.h"
#include "tests/keypackages/test_graph.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::ModelKind;
using ::quarry::testing::ModelRow;
using ::quarry::testing::RandomElements;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

// Every package, with values of the current format and of version 2 (the
// oldest a graph may still write: keypackages/value_format.h).
using PackageAndValueFormat = std::tuple<std::string, uint32_t>;

class KeyPackageContractTest : public ::testing::TestWithParam<PackageAndValueFormat> {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(package_, MakeKeyPackage(package_name(), testing::KeyPackageTestSchema(),
                                                  std::get<1>(GetParam())));
  }
  const std::string& package_name() const { return std::get<0>(GetParam()); }
  bool byte_entity() const { return package_->Name() == kByteEntityKeyPackageName; }

  // Gaffer's Accumulo row for a model row, from the §4.1 table.
  std::string GafferRow(const ModelRow& r) const {
    const std::string a = Escaped(r.first), b = Escaped(r.second);
    const std::string z(1, '\0');
    auto flag = [](int f) { return std::string(1, static_cast<char>(f)); };
    if (byte_entity()) {
      static constexpr int kFlags[] = {1, 2, 3, 4};
      if (r.kind == ModelKind::kEntity) return a + z + flag(1);
      int f = kFlags[static_cast<int>(r.kind)];
      return a + z + flag(f) + z + b + z + flag(f);
    }
    static constexpr int kFlags[] = {0, 2, 3, 1};
    if (r.kind == ModelKind::kEntity) return a;
    return a + z + b + z + flag(kFlags[static_cast<int>(r.kind)]);
  }

  std::unique_ptr<const KeyPackage> package_;
};

TEST_P(KeyPackageContractTest, RandomElementsRoundTrip) {
  const uint32_t seed = 1234;
  RandomElements gen(seed);
  std::vector<std::string> pool;
  for (int i = 0; i < 8; ++i) pool.push_back(gen.Vertex());
  for (int i = 0; i < 500; ++i) {
    const Element e = gen.Next(pool);
    std::vector<KeyValue> kvs;
    ASSERT_OK(package_->Encode(e, 17, &kvs));
    const std::vector<ModelRow> rows = testing::ModelRowsOf(e, 0);
    ASSERT_EQ(kvs.size(), rows.size()) << "seed " << seed << " " << e.DebugString();
    for (size_t k = 0; k < kvs.size(); ++k) {
      ASSERT_OK_AND_ASSIGN(Element back, package_->Decode(kvs[k].key, kvs[k].value));
      EXPECT_EQ(back, e) << "seed " << seed << " element " << i;
      EXPECT_EQ(back.matched_vertex(),
                e.is_edge() ? std::optional<MatchedVertex>(rows[k].matched) : std::nullopt);
      // The schema names no timestampProperty: only version 2 keeps one.
      const bool with_timestamp = package_->value_format() < 3;
      EXPECT_EQ(package_->LayoutFor(e.group())->value_has_timestamp(), with_timestamp);
      if (with_timestamp) {
        ASSERT_OK_AND_ASSIGN(int64_t ts, ValueTimestamp(kvs[k].value));
        EXPECT_EQ(ts, 17);
      }
      // Every key's RowPrefix is a prefix of it and names its first vertex.
      EXPECT_TRUE(InRowPrefixDomain(kvs[k].key));
      EXPECT_EQ(KeyPackage::RowPrefix(kvs[k].key), Escaped(rows[k].first) + std::string(1, '\0'));
      ASSERT_OK_AND_ASSIGN(KeyParts parts, SplitKey(kvs[k].key));
      EXPECT_EQ(kvs[k].key.substr(0, GafferRow(rows[k]).size()), GafferRow(rows[k]));
      EXPECT_EQ(parts.group, e.group());
    }
  }
}

// Bytewise key order equals Accumulo's (row, family, qualifier, visibility)
// order, with rows built by hand from §4.1; in particular vertex order.
TEST_P(KeyPackageContractTest, KeyOrderIsAccumuloOrder) {
  const uint32_t seed = 555;
  RandomElements gen(seed);
  std::vector<std::string> pool;
  for (int i = 0; i < 10; ++i) pool.push_back(gen.Vertex());
  using Tuple = std::tuple<std::string, std::string, std::string, std::string>;
  std::vector<std::pair<std::string, Tuple>> keyed;
  for (int i = 0; i < 150; ++i) {
    const Element e = gen.Next(pool);
    std::vector<KeyValue> kvs;
    ASSERT_OK(package_->Encode(e, 1, &kvs));
    const std::vector<ModelRow> rows = testing::ModelRowsOf(e, 0);
    for (size_t k = 0; k < kvs.size(); ++k) {
      ASSERT_OK_AND_ASSIGN(KeyParts p, SplitKey(kvs[k].key));
      ASSERT_OK_AND_ASSIGN(std::string cq, Unescaped(p.column_qualifier));
      ASSERT_OK_AND_ASSIGN(std::string vis, Unescaped(p.visibility));
      keyed.push_back({kvs[k].key, Tuple{GafferRow(rows[k]), e.group(), cq, vis}});
    }
  }
  for (size_t i = 0; i < keyed.size(); ++i) {
    for (size_t j = 0; j < keyed.size(); ++j) {
      ASSERT_EQ(keyed[i].first < keyed[j].first, keyed[i].second < keyed[j].second)
          << "seed " << seed << ": " << HexBytes(keyed[i].first) << " vs "
          << HexBytes(keyed[j].first);
    }
  }
}

// Key format 2's insert id (key_format.h): no key the package encodes holds
// the id's tag, so appending an id is recognised; the element, the pieces
// and the row prefix are unchanged; and stored keys sort by (key, id).
TEST_P(KeyPackageContractTest, InsertIdsRoundTripAndSortByKeyThenId) {
  const uint32_t seed = 777;
  RandomElements gen(seed);
  std::mt19937_64 ids(seed);
  std::vector<std::string> pool;
  for (int i = 0; i < 6; ++i) pool.push_back(gen.Vertex());
  std::vector<std::pair<std::string, uint64_t>> logical;  // (key without id, id)
  std::vector<std::string> stored;
  for (int i = 0; i < 120; ++i) {
    const Element e = gen.Next(pool);
    std::vector<KeyValue> kvs;
    ASSERT_OK(package_->Encode(e, 3, &kvs));
    for (const KeyValue& kv : kvs) {
      ASSERT_EQ(kv.key.find(kInsertIdTag), std::string::npos) << HexBytes(kv.key);
      ASSERT_FALSE(HasInsertId(kv.key));
      // Ids of every shape: small, with 00 bytes, holding the tag's bytes.
      const uint64_t id = i % 3 == 0 ? i : (i % 3 == 1 ? ids() : 0x0001030001030000ull + i);
      std::string with_id = kv.key;
      AppendInsertId(id, &with_id);
      ASSERT_EQ(with_id.size(), kv.key.size() + kInsertIdSuffixBytes);
      EXPECT_TRUE(HasInsertId(with_id));
      EXPECT_EQ(WithoutInsertId(with_id), kv.key);
      ASSERT_OK_AND_ASSIGN(KeyParts plain, SplitKey(kv.key));
      ASSERT_OK_AND_ASSIGN(KeyParts parts, SplitKey(with_id));
      EXPECT_FALSE(plain.has_insert_id);
      EXPECT_TRUE(parts.has_insert_id);
      EXPECT_EQ(parts.insert_id, id);
      EXPECT_EQ(parts.row_section, plain.row_section);
      EXPECT_EQ(parts.group, plain.group);
      EXPECT_EQ(parts.column_qualifier, plain.column_qualifier);
      EXPECT_EQ(parts.visibility, plain.visibility);
      EXPECT_EQ(KeyPackage::RowPrefix(with_id), KeyPackage::RowPrefix(kv.key));
      ASSERT_OK_AND_ASSIGN(Element back, package_->Decode(with_id, kv.value));
      ASSERT_OK_AND_ASSIGN(Element back_plain, package_->Decode(kv.key, kv.value));
      EXPECT_EQ(back, back_plain);
      EXPECT_EQ(back.matched_vertex(), back_plain.matched_vertex());
      // Query-time aggregation's rebuilt key keeps the id.
      std::string rebuilt;
      ASSERT_OK(package_->RebuildKey(with_id, back.properties(), &rebuilt));
      EXPECT_EQ(rebuilt, with_id);
      logical.emplace_back(kv.key, id);
      stored.push_back(std::move(with_id));
    }
  }
  for (size_t i = 0; i < stored.size(); ++i) {
    for (size_t j = 0; j < stored.size(); ++j) {
      ASSERT_EQ(stored[i] < stored[j], logical[i] < logical[j])
          << "seed " << seed << ": " << HexBytes(stored[i]) << " vs " << HexBytes(stored[j]);
    }
  }
}

// With an ordered vertex type (Long: OrderedLongSerialiser), numeric vertex
// order is key order, for entities and for the rows of edges.
TEST_P(KeyPackageContractTest, LongVertexOrderIsKeyOrder) {
  constexpr char kLongSchema[] = R"json({
    "entities": {"N": {"vertex": "long"}},
    "edges": {"L": {"source": "long", "destination": "long", "directed": "bool"}},
    "types": {"long": {"class": "java.lang.Long"}, "bool": {"class": "java.lang.Boolean"}}
  })json";
  ASSERT_OK_AND_ASSIGN(auto schema, Schema::FromJsonStrings({kLongSchema}, {"long.json"}));
  ASSERT_OK_AND_ASSIGN(auto package,
                       MakeKeyPackage(package_name(), schema, std::get<1>(GetParam())));
  const uint32_t seed = 271828;
  std::mt19937_64 rng(seed);
  auto any = [&rng]() -> int64_t {
    switch (rng() % 3) {
      case 0:
        return static_cast<int64_t>(rng() % 1000) - 500;
      case 1:
        return rng() % 2 == 0 ? INT64_MIN + static_cast<int64_t>(rng() % 300)
                              : INT64_MAX - static_cast<int64_t>(rng() % 300);
      default:
        return static_cast<int64_t>(rng());
    }
  };
  for (int i = 0; i < 3000; ++i) {
    const int64_t a = any(), b = any();
    const bool entity = rng() % 2 == 0;
    auto key_of = [&](int64_t v) {
      std::vector<KeyValue> kvs;
      Status s = entity ? package->Encode(Element::Entity("N", Value::Int64(v)), 1, &kvs)
                        : package->Encode(
                              Element::Edge("L", Value::Int64(v), Value::Int64(0), true), 1, &kvs);
      EXPECT_OK(s);
      return kvs.empty() ? std::string() : kvs[0].key;
    };
    ASSERT_EQ(a < b, key_of(a) < key_of(b)) << "seed " << seed << ": " << a << " vs " << b;
  }
}

// A scan decodes every cell into one Element (DecodeInto). Whatever that
// element held before (another group, the other kind, more properties, an
// undirected edge's swapped ends), each cell must read back as Decode reads
// it, matched vertex included, with nothing left over from earlier cells.
TEST_P(KeyPackageContractTest, DecodeIntoOneReusedElementMatchesDecode) {
  const uint32_t seed = 2026;
  RandomElements gen(seed);
  std::vector<std::string> pool;
  for (int i = 0; i < 6; ++i) pool.push_back(gen.Vertex());
  Element reused = Element::Entity("Stale", Value::String("left over"),
                                   {{"count", Value::Int64(9)}, {"zzz", Value::Int32(1)}});
  int cells = 0;
  for (int i = 0; i < 400; ++i) {
    Element e = gen.Next(pool);
    // Every other element drops some properties, so that a cell follows one
    // of its group that held a property it lacks.
    bool dropped = false;
    if (i % 2 == 1) {
      std::vector<std::string> names;
      for (const auto& [name, value] : e.properties()) names.push_back(name);
      for (const std::string& name : names) {
        if (gen.rng()() % 2 == 0) dropped |= e.mutable_properties().Erase(name);
      }
    }
    std::vector<KeyValue> kvs;
    ASSERT_OK(package_->Encode(e, 5, &kvs));
    for (const KeyValue& kv : kvs) {
      ASSERT_OK_AND_ASSIGN(KeyParts parts, SplitKey(kv.key));
      ASSERT_OK(package_->DecodeInto(parts, kv.value, &reused));
      ++cells;
      // The properties wait undecoded for a read; every third element is
      // never read, so the next cell is decoded over an older one's.
      ASSERT_TRUE(reused.properties().holds_undecoded());
      if (i % 3 == 2) continue;
      ASSERT_OK_AND_ASSIGN(Element fresh, package_->Decode(kv.key, kv.value));
      // A dropped groupBy property reads back as its serialiser's empty
      // value, so only Decode's answer is exact then.
      if (!dropped) ASSERT_EQ(reused, e) << "seed " << seed << " element " << i;
      ASSERT_EQ(reused, fresh) << "seed " << seed << " element " << i << ": "
                               << reused.DebugString() << " vs " << fresh.DebugString();
      ASSERT_EQ(reused.matched_vertex(), fresh.matched_vertex());
      ASSERT_EQ(reused.directed(), fresh.directed());
    }
  }
  EXPECT_GT(cells, 400);
}

TEST_P(KeyPackageContractTest, RandomBytesDecodeToOkOrDataLoss) {
  const uint32_t seed = 8080;
  std::mt19937 rng(seed);
  static constexpr char kAlphabet[] = {'\x00', '\x01', '\x02', '\x03', '\x04', '\x08',
                                       '\x09', '\x80', '\xff', 'A',    'R',    'o'};
  auto random_bytes = [&](int max_len) {
    std::string s;
    for (int n = static_cast<int>(rng() % (max_len + 1)); n > 0; --n) {
      s.push_back(rng() % 4 == 0 ? static_cast<char>(rng()) : kAlphabet[rng() % sizeof(kAlphabet)]);
    }
    return s;
  };
  for (int i = 0; i < 20000; ++i) {
    Result<Element> r = package_->Decode(random_bytes(24), random_bytes(30));
    if (!r.ok()) {
      ASSERT_THAT(r, StatusIs(StatusCode::kDataLoss)) << "seed " << seed;
    }
  }
}

// What the layout's own decoders make of a stored cell's properties: the
// reference for properties that a decode held and decoded on first read.
Result<Properties> EagerProperties(const KeyPackage& package, std::string_view key,
                                   std::string_view value) {
  QUARRY_ASSIGN_OR_RETURN(KeyParts parts, SplitKey(key));
  QUARRY_ASSIGN_OR_RETURN(std::string group, Unescaped(parts.group));
  const PropertyLayout* layout = package.LayoutFor(group);
  if (layout == nullptr) return NotFoundError("no layout for group " + group);
  QUARRY_ASSIGN_OR_RETURN(std::string column_qualifier, Unescaped(parts.column_qualifier));
  QUARRY_ASSIGN_OR_RETURN(std::string visibility, Unescaped(parts.visibility));
  Properties out;
  int64_t timestamp = 0;
  QUARRY_RETURN_IF_ERROR(layout->DecodeColumnQualifier(column_qualifier, &out));
  QUARRY_RETURN_IF_ERROR(layout->DecodeVisibility(visibility, &out));
  QUARRY_RETURN_IF_ERROR(layout->DecodeValue(value, &timestamp, &out));
  return out;
}

TEST_P(KeyPackageContractTest, TruncatedAndFlippedStoredBytesDecodeToOkOrDataLoss) {
  const uint32_t seed = 99;
  RandomElements gen(seed);
  std::vector<std::string> pool = {"A", std::string("\x00\x01", 2), "B\xff"};
  // Damaged bytes either fail as DataLoss at decode time, or pass the
  // decode's check and then decode on first read to what the layout's own
  // decoders give: a check more lenient than its decoder would show here.
  auto probe = [&](std::string_view key, std::string_view value) {
    Result<Element> r = package_->Decode(key, value);
    if (!r.ok()) {
      ASSERT_THAT(r, StatusIs(StatusCode::kDataLoss));
      return;
    }
    ASSERT_OK_AND_ASSIGN(Properties want, EagerProperties(*package_, key, value));
    ASSERT_EQ(r->properties(), want) << r->DebugString();
  };
  for (int i = 0; i < 60; ++i) {
    std::vector<KeyValue> kvs;
    ASSERT_OK(package_->Encode(gen.Next(pool), 3, &kvs));
    for (const KeyValue& kv : kvs) {
      for (size_t n = 0; n <= kv.key.size(); ++n) probe(kv.key.substr(0, n), kv.value);
      for (size_t n = 0; n <= kv.value.size(); ++n) probe(kv.key, kv.value.substr(0, n));
      for (char extra : {'\x00', '\x05', '\xff'}) probe(kv.key, kv.value + extra);
      for (size_t n = 0; n < kv.key.size() + kv.value.size(); ++n) {
        KeyValue bad = kv;
        char& c = n < kv.key.size() ? bad.key[n] : bad.value[n - kv.key.size()];
        c = static_cast<char>(c ^ (1 << (gen.rng()() % 8)));
        probe(bad.key, bad.value);
      }
    }
  }
}

TEST_P(KeyPackageContractTest, EncodeRejectsWhatTheSchemaCannotStore) {
  std::vector<KeyValue> kvs;
  EXPECT_THAT(package_->Encode(Element::Entity("NoSuchGroup", Value::String("A")), 1, &kvs),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(package_->Encode(Element::Entity("RoadUse", Value::String("A")), 1, &kvs),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(
      package_->Encode(Element::Edge("Cardinality", Value::String("A"), Value::String("B"), true),
                       1, &kvs),
      StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(package_->Encode(Element::Entity("Cardinality", Value()), 1, &kvs),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(package_->Encode(Element::Entity("Cardinality", Value::Int64(3)), 1, &kvs),
              StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(package_->Encode(Element::Entity("Cardinality", Value::String("A"),
                                               {{"count", Value::String("five")}}),
                               1, &kvs),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "count"));
}

TEST_P(KeyPackageContractTest, PropertiesOutsideTheSchemaAreIgnored) {
  std::vector<KeyValue> kvs;
  ASSERT_OK(package_->Encode(Element::Edge("Link", Value::String("A"), Value::String("B"), false,
                                           {{"extra", Value::Int64(1)}}),
                             1, &kvs));
  ASSERT_EQ(kvs.size(), 2u);
  ASSERT_OK_AND_ASSIGN(Element back, package_->Decode(kvs[1].key, kvs[1].value));
  EXPECT_EQ(back, Element::Edge("Link", Value::String("A"), Value::String("B"), false));
  EXPECT_EQ(back.matched_vertex(), MatchedVertex::kDestination);
}

INSTANTIATE_TEST_SUITE_P(Packages, KeyPackageContractTest,
                         ::testing::Combine(::testing::Values(std::string("byteEntity"),
                                                              std::string("classic")),
                                            ::testing::Values(2u, kValueFormatVersion)),
                         [](const ::testing::TestParamInfo<PackageAndValueFormat>& info) {
                           return std::get<0>(info.param) + "_v" +
                                  std::to_string(std::get<1>(info.param));
                         });

}  // namespace
}  // namespace quarry
