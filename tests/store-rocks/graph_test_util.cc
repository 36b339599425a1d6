#include "tests/store-rocks/graph_test_util.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <random>

#include "tests/testutil/status_matchers.h"

namespace quarry::testing {

std::string StoreTestSchemaJson() {
  return R"json({
  "entities": {
    "Count": {"vertex": "string",
              "properties": {"count": "count.long", "first": "string.first",
                             "last": "string.last"}},
    "Aged": {"vertex": "string", "properties": {"time": "time.aged", "count": "count.long"}},
    "Event": {"vertex": "string", "properties": {"note": "string"}, "aggregate": false}
  },
  "edges": {
    "Link": {"source": "string", "destination": "string", "directed": "bool",
             "properties": {"weight": "count.long"}},
    "Road": {"source": "string", "destination": "string", "directed": "true",
             "properties": {"bucket": "int.sum", "count": "count.long"}, "groupBy": ["bucket"]}
  },
  "types": {
    "string": {"class": "java.lang.String"},
    "bool": {"class": "java.lang.Boolean"},
    "true": {"class": "java.lang.Boolean", "validateFunctions": [{"class": "IsTrue"}]},
    "string.first": {"class": "java.lang.String", "aggregateFunction": {"class": "First"}},
    "string.last": {"class": "java.lang.String", "aggregateFunction": {"class": "Last"}},
    "count.long": {"class": "java.lang.Long", "aggregateFunction": {"class": "Sum"}},
    "int.sum": {"class": "java.lang.Integer", "aggregateFunction": {"class": "Sum"}},
    "time.aged": {"class": "java.lang.Long", "aggregateFunction": {"class": "Max"},
                  "validateFunctions": [{"class": "AgeOff", "ageOffTime": 1000}]}
  }
})json";
}

std::shared_ptr<const Schema> ParseSchema(const std::string& json) {
  Result<std::shared_ptr<const Schema>> s = Schema::FromJsonStrings({json}, {"test schema"});
  EXPECT_TRUE(s.ok()) << s.status().ToString();
  return s.ok() ? *s : nullptr;
}

std::shared_ptr<const Schema> StoreTestSchema() { return ParseSchema(StoreTestSchemaJson()); }

std::shared_ptr<const Schema> VisibilityTestSchema() {
  return ParseSchema(R"json({
  "entities": {"Seen": {"vertex": "string", "properties": {"vis": "vis", "count": "count.long"}}},
  "visibilityProperty": "vis",
  "types": {
    "string": {"class": "java.lang.String"},
    "vis": {"class": "java.lang.String", "aggregateFunction": {"class": "Min"}},
    "count.long": {"class": "java.lang.Long", "aggregateFunction": {"class": "Sum"}}
  }
})json");
}

std::vector<std::string> Sorted(std::vector<Element> elements) {
  std::vector<std::string> out;
  for (const Element& e : elements) out.push_back(e.DebugString());
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<Element> Drain(Result<std::unique_ptr<ElementIterator>> stream) {
  std::vector<Element> out;
  EXPECT_TRUE(stream.ok()) << stream.status().ToString();
  if (!stream.ok()) return out;
  for (; (*stream)->Valid(); (*stream)->Next()) out.push_back((*stream)->element());
  EXPECT_TRUE((*stream)->status().ok()) << (*stream)->status().ToString();
  return out;
}

Status DrainStatus(Result<std::unique_ptr<ElementIterator>> stream) {
  if (!stream.ok()) return stream.status();
  while ((*stream)->Valid()) (*stream)->Next();
  return (*stream)->status();
}

std::string CommaList(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : ",") + item;
  return out;
}

internal::RocksGraph& Rocks(Graph& graph) { return dynamic_cast<internal::RocksGraph&>(graph); }

uint64_t RawKeyCount(Graph& graph, std::string_view group) {
  internal::RocksGraph& rocks = Rocks(graph);
  const internal::GroupState* state = rocks.group(group);
  EXPECT_NE(state, nullptr) << group;
  if (state == nullptr) return 0;
  uint64_t n = 0;
  for (size_t i = 0; i < rocks.instance_count(); ++i) {
    std::unique_ptr<rocksdb::Iterator> it(
        rocks.instance(i).db()->NewIterator(rocksdb::ReadOptions(), state->cfs[i]));
    for (it->SeekToFirst(); it->Valid(); it->Next()) ++n;
    EXPECT_TRUE(it->status().ok()) << it->status().ToString();
  }
  return n;
}

void GraphTest::SetUp() {
  dir_ = std::filesystem::temp_directory_path() /
         ("quarry_graph_" + std::to_string(std::random_device()()));
}

void GraphTest::TearDown() {
  graph_.reset();
  std::filesystem::remove_all(dir_);
}

void GraphTest::Create(std::shared_ptr<const Schema> schema, StoreProperties properties) {
  Result<std::unique_ptr<Graph>> g = Graph::Create(dir_, std::move(schema), properties);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  graph_ = std::move(g).value();
}

void GraphTest::Reopen() {
  graph_.reset();
  Result<std::unique_ptr<Graph>> g = Graph::Open(dir_);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  graph_ = std::move(g).value();
}

void GraphTest::Add(std::vector<Element> elements) {
  AddElementsResult result;
  ASSERT_OK(graph_->AddElements(elements, AddElementsOptions(), &result));
  EXPECT_EQ(result.added, elements.size());
}

Element CountEntity(std::string v, int64_t count, std::string first, std::string last) {
  // An absent String property reads back as "" (its serialiser's
  // DeserialiseEmpty, as Gaffer's), so always set both.
  Properties p{{"count", Value::Int64(count)},
               {"first", Value::String(std::move(first))},
               {"last", Value::String(std::move(last))}};
  return Element::Entity("Count", Value::String(std::move(v)), std::move(p));
}

std::vector<Element> RandomStoreElements(uint32_t seed, int count, int vertices) {
  std::mt19937 rng(seed);
  auto vertex = [&] { return "v" + std::to_string(rng() % vertices); };
  auto small = [&] { return static_cast<int64_t>(rng() % 9) + 1; };
  std::vector<Element> out;
  for (int i = 0; i < count; ++i) {
    switch (rng() % 4) {
      case 0:
        out.push_back(
            CountEntity(vertex(), small(), "f" + std::to_string(i), "l" + std::to_string(i)));
        break;
      case 1:
        out.push_back(Element::Entity("Event", Value::String(vertex()),
                                      {{"note", Value::String("n" + std::to_string(i))}}));
        break;
      case 2:
        out.push_back(LinkEdge(vertex(), vertex(), rng() % 2 == 0, small()));
        break;
      default:
        out.push_back(Element::Edge("Road", Value::String(vertex()), Value::String(vertex()), true,
                                    {{"bucket", Value::Int32(static_cast<int32_t>(rng() % 3))},
                                     {"count", Value::Int64(small())}}));
    }
  }
  return out;
}

std::vector<std::string> InOrder(const std::vector<Element>& elements) {
  std::vector<std::string> out;
  for (const Element& e : elements) out.push_back(e.DebugString());
  return out;
}

Element LinkEdge(std::string s, std::string d, bool directed, int64_t weight) {
  return Element::Edge("Link", Value::String(std::move(s)), Value::String(std::move(d)), directed,
                       {{"weight", Value::Int64(weight)}});
}

uint64_t AwaitFirstAck(int fd, std::chrono::milliseconds timeout) {
  pollfd readable{fd, POLLIN, 0};
  if (poll(&readable, 1, static_cast<int>(timeout.count())) <= 0) return 0;
  uint64_t n = 0;
  return read(fd, &n, sizeof(n)) == sizeof(n) ? n : 0;
}

}  // namespace quarry::testing
