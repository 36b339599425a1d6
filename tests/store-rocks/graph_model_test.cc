// Model-based test of the Graph: random sequences of AddElements (with
// repeats that must aggregate), compactions, reopenings and reads, checked
// against an in-memory model of the AccumuloStore's semantics written here,
// independently of the store:
//  * aggregated groups: one element per (group, identifiers, groupBy values);
//    Sum adds, First keeps the NEWEST write and Last the OLDEST (Accumulo
//    reduces versions newest first, gaffer-compat.md §4.2);
//  * aggregate:false groups keep every insert (§9.10);
//  * GetAllElements returns each element once, without matchedVertex (§9.6);
//  * GetElements(distinct EntitySeeds) returns, per seed, the seed's entities
//    and each edge with the seed as an end, with matchedVertex SOURCE when the
//    seed is the edge's source, else DESTINATION (§9.6, §9.7).
#include <map>
#include <random>
#include <set>

#include "store/graph.h"
#include "tests/store-rocks/graph_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Drain;
using ::quarry::testing::GraphTest;
using ::quarry::testing::Sorted;
using ::quarry::testing::StoreTestSchema;

class GafferModel {
 public:
  void Add(const Element& e) {
    if (e.group() == "Event") {
      kept_.push_back(e);
      return;
    }
    std::string key = Key(e);
    auto it = aggregated_.find(key);
    if (it == aggregated_.end()) {
      aggregated_.emplace(key, e);
      return;
    }
    Properties& state = it->second.mutable_properties();
    for (const auto& [name, value] : e.properties()) {
      if (name == "count" || name == "weight") {
        state.Set(name, Value::Int64(state.Get(name).AsInt64() + value.AsInt64()));
      } else if (name == "first") {
        state.Set(name, value);  // The newest write wins.
      }                          // "last" keeps the oldest; "bucket" is groupBy (equal).
    }
  }

  std::vector<Element> All() const {
    std::vector<Element> out(kept_);
    for (const auto& [key, e] : aggregated_) out.push_back(e);
    return out;
  }

  std::vector<Element> ForSeeds(const std::set<std::string>& seeds) const {
    std::vector<Element> out;
    for (const Element& e : All()) {
      for (const std::string& v : seeds) {
        if (e.is_entity()) {
          if (e.vertex().AsString() == v) out.push_back(e);
          continue;
        }
        bool source = e.source().AsString() == v;
        if (!source && e.destination().AsString() != v) continue;
        Element m = e;
        m.set_matched_vertex(source ? MatchedVertex::kSource : MatchedVertex::kDestination);
        out.push_back(m);
      }
    }
    return out;
  }

 private:
  static std::string Key(const Element& e) {
    std::string k = e.group() + "|";
    if (e.is_entity()) return k + e.vertex().AsString();
    k +=
        e.source().AsString() + "|" + e.destination().AsString() + "|" + (e.directed() ? "D" : "U");
    if (const Value* b = e.properties().Find("bucket")) k += "|" + std::to_string(b->AsInt32());
    return k;
  }

  std::map<std::string, Element> aggregated_;
  std::vector<Element> kept_;
};

class RandomElements {
 public:
  explicit RandomElements(uint32_t seed) : rng_(seed) {}

  Element Next() {
    std::string a = Vertex(), b = Vertex();
    switch (Pick(5)) {
      case 0:
      case 1:
        return Element::Entity("Count", Value::String(a),
                               {{"count", Value::Int64(Pick(5) + 1)},
                                {"first", Value::String(Letter())},
                                {"last", Value::String(Letter())}});
      case 2:
        return Element::Entity("Event", Value::String(a), {{"note", Value::String(Letter())}});
      case 3:
        return Element::Edge("Link", Value::String(a), Value::String(b), Pick(2) == 0,
                             {{"weight", Value::Int64(Pick(3) + 1)}});
      default:
        return Element::Edge("Road", Value::String(a), Value::String(b), true,
                             {{"bucket", Value::Int32(Pick(2))}, {"count", Value::Int64(1)}});
    }
  }
  int Pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  std::string Vertex() { return std::string(1, static_cast<char>('a' + Pick(4))); }

 private:
  std::string Letter() { return std::string(1, static_cast<char>('p' + Pick(6))); }
  std::mt19937 rng_;
};

void RunModel(GraphTest* test, std::unique_ptr<Graph>* graph, uint32_t seed,
              const std::function<void()>& reopen) {
  SCOPED_TRACE("seed " + std::to_string(seed));
  RandomElements gen(seed);
  GafferModel model;
  for (int step = 0; step < 120; ++step) {
    int op = gen.Pick(10);
    if (op < 4) {
      std::vector<Element> batch;
      for (int n = gen.Pick(5) + 1; n > 0; --n) batch.push_back(gen.Next());
      ASSERT_OK((*graph)->AddElements(batch, {}, nullptr));
      for (const Element& e : batch) model.Add(e);
    } else if (op == 4) {
      ASSERT_OK((*graph)->Compact());
    } else if (op == 5) {
      reopen();
    } else if (op < 8) {
      ASSERT_EQ(Sorted(Drain((*graph)->GetAllElements({}))), Sorted(model.All()))
          << "GetAllElements at step " << step;
    } else {
      std::set<std::string> seeds = {gen.Vertex(), gen.Vertex()};
      std::vector<ElementId> ids;
      for (const std::string& v : seeds) ids.push_back(EntitySeed{Value::String(v)});
      ASSERT_EQ(Sorted(Drain((*graph)->GetElements(ids, {}))), Sorted(model.ForSeeds(seeds)))
          << "GetElements at step " << step;
    }
  }
}

TEST_F(GraphTest, RandomOperationsMatchGafferModelByteEntity) {
  Create(StoreTestSchema());
  RunModel(this, &graph_, 20261121, [this] { Reopen(); });
}

TEST_F(GraphTest, RandomOperationsMatchGafferModelClassic) {
  StoreProperties props;
  props.key_package = "classic";
  Create(StoreTestSchema(), props);
  RunModel(this, &graph_, 777, [this] { Reopen(); });
}

}  // namespace
}  // namespace quarry
