#include "tests/operations/fake_graph.h"

#include <fstream>
#include <sstream>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

class VectorElementIterator : public ElementIterator {
 public:
  explicit VectorElementIterator(std::vector<Element> elements) : elements_(std::move(elements)) {}
  bool Valid() const override { return pos_ < elements_.size(); }
  void Next() override { ++pos_; }
  const Element& element() const override { return elements_[pos_]; }
  Status status() const override { return Status::OK(); }

 private:
  std::vector<Element> elements_;
  size_t pos_ = 0;
};

bool PassesDirection(const Element& edge, MatchedVertex matched, const QueryOptions& o) {
  if (!DirectedTypeAccepts(o.directed_type, edge.directed())) return false;
  if (!edge.directed()) return true;
  if (o.include_incoming_outgoing == IncludeIncomingOutgoing::kOutgoing) {
    return matched == MatchedVertex::kSource;
  }
  if (o.include_incoming_outgoing == IncludeIncomingOutgoing::kIncoming) {
    return matched == MatchedVertex::kDestination;
  }
  return true;
}

}  // namespace

FakeGraph::FakeGraph(std::shared_ptr<const Schema> schema) : schema_(std::move(schema)) {
  auto kp = MakeKeyPackage("byteEntity", schema_);
  if (kp.ok()) key_package_ = std::move(kp).value();
}

std::shared_ptr<FakeGraph> FakeGraph::WithDocSchema() {
  auto schema = Schema::FromFiles({testing::SharedDir() + "/conformance/schemas/doc_simple.json"});
  if (!schema.ok()) return nullptr;
  return std::make_shared<FakeGraph>(*schema);
}

void FakeGraph::LoadDocExampleData() {
  std::ifstream in(testing::SharedDir() +
                   "/gaffer-examples/gaffer-doc-operations-example/data.txt");
  std::string line;
  while (std::getline(in, line)) {
    std::vector<int> f;
    std::stringstream ss(line);
    std::string part;
    while (std::getline(ss, part, ',')) f.push_back(std::stoi(part));
    if (f.size() == 2) {
      elements_.push_back(
          Element::Entity("entity", Value::Int32(f[0]), {{"count", Value::Int32(f[1])}}));
    } else if (f.size() == 3) {
      elements_.push_back(Element::Edge("edge", Value::Int32(f[0]), Value::Int32(f[1]), true,
                                        {{"count", Value::Int32(f[2])}}));
    }
  }
}

Status FakeGraph::AddElements(std::span<const Element> elements, const AddElementsOptions& options,
                              AddElementsResult* result) {
  ++add_calls_;
  std::vector<Element> accepted;
  for (size_t i = 0; i < elements.size(); ++i) {
    if (options.validate && schema_->Group(elements[i].group()) == nullptr) {
      if (options.skip_invalid_elements) {
        ++result->skipped;
        continue;
      }
      return InvalidArgumentError("element " + std::to_string(i) + ": unknown group '" +
                                  elements[i].group() + "'");
    }
    accepted.push_back(elements[i]);
  }
  result->added += accepted.size();
  elements_.insert(elements_.end(), accepted.begin(), accepted.end());
  return Status::OK();
}

bool FakeGraph::InView(const Element& e, const QueryOptions& options) const {
  if (!options.view.has_value()) return true;
  const ViewElementDefinition* def = options.view->Get(e.kind(), e.group());
  return def != nullptr && def->pre_aggregation_filter.Test(e) &&
         def->post_aggregation_filter.Test(e);
}

// One result per matching row: an edge once per seeded end (§9.6).
void FakeGraph::AddSeedRows(const ElementId& seed, const QueryOptions& options,
                            std::vector<Element>* out) const {
  bool want_edges = !options.view.has_value() || options.view->has_edges();
  bool want_entities = !options.view.has_value() || options.view->has_entities();
  std::vector<Value> entity_vertices;
  if (const auto* es = std::get_if<EntitySeed>(&seed)) {
    entity_vertices.push_back(es->vertex);
    if (options.seed_matching_equal) want_edges = false;
    for (const Element& e : elements_) {
      if (!e.is_edge() || !want_edges || !InView(e, options)) continue;
      for (MatchedVertex m : {MatchedVertex::kSource, MatchedVertex::kDestination}) {
        const Value& end = m == MatchedVertex::kSource ? e.source() : e.destination();
        bool self_loop_second = m == MatchedVertex::kDestination && e.source() == e.destination();
        if (end != es->vertex || self_loop_second || !PassesDirection(e, m, options)) continue;
        Element row = e;
        row.set_matched_vertex(m);
        out->push_back(std::move(row));
      }
    }
  } else {
    const auto& ed = std::get<EdgeSeed>(seed);
    if (!options.seed_matching_equal) entity_vertices = {ed.source, ed.destination};
    for (const Element& e : elements_) {
      if (e.is_edge() && want_edges && InView(e, options) && e.source() == ed.source &&
          e.destination() == ed.destination &&
          DirectedTypeAccepts(ed.directed_type, e.directed())) {
        out->push_back(e);
      }
    }
  }
  for (const Value& v : entity_vertices) {
    for (const Element& e : elements_) {
      if (e.is_entity() && want_entities && e.vertex() == v && InView(e, options)) {
        out->push_back(e);
      }
    }
  }
}

Result<std::unique_ptr<ElementIterator>> FakeGraph::GetElements(std::span<const ElementId> seeds,
                                                                const QueryOptions& options) const {
  *last_options_ = options;
  last_seeds_->assign(seeds.begin(), seeds.end());
  std::vector<Element> out;
  for (const ElementId& seed : seeds) AddSeedRows(seed, options, &out);
  return std::unique_ptr<ElementIterator>(std::make_unique<VectorElementIterator>(std::move(out)));
}

Result<std::unique_ptr<ElementIterator>> FakeGraph::GetAllElements(
    const QueryOptions& options) const {
  *last_options_ = options;
  std::vector<Element> out;
  for (const Element& e : elements_) {
    if (InView(e, options) &&
        (e.is_entity() || DirectedTypeAccepts(options.directed_type, e.directed()))) {
      out.push_back(e);
    }
  }
  return std::unique_ptr<ElementIterator>(std::make_unique<VectorElementIterator>(std::move(out)));
}

Result<std::unique_ptr<ElementIterator>> FakeGraph::GetElementsInRanges(
    std::span<const std::pair<ElementId, ElementId>> ranges, const QueryOptions& options) const {
  *last_options_ = options;
  std::vector<Element> out;
  for (const auto& [a, b] : ranges) {
    const Value& lo = std::get<EntitySeed>(a).vertex;
    const Value& hi = std::get<EntitySeed>(b).vertex;
    std::vector<Value> vertices;
    for (const Element& e : elements_) {
      for (const Value& v : {e.is_entity() ? e.vertex() : e.source(), e.destination()}) {
        if (!v.is_null() && lo.Compare(v) <= 0 && v.Compare(hi) <= 0) vertices.push_back(v);
      }
    }
    std::sort(vertices.begin(), vertices.end());
    vertices.erase(std::unique(vertices.begin(), vertices.end()), vertices.end());
    for (const Value& v : vertices) AddSeedRows(ElementId(EntitySeed{v}), options, &out);
  }
  return std::unique_ptr<ElementIterator>(std::make_unique<VectorElementIterator>(std::move(out)));
}

Status FakeGraph::DeleteElements(std::span<const Element> elements) {
  for (const Element& d : elements) std::erase(elements_, d);
  return Status::OK();
}

Status FakeGraph::DeleteAllElements() {
  elements_.clear();
  return Status::OK();
}

Result<std::map<std::string, uint64_t>> FakeGraph::PreviewValidation(
    std::shared_ptr<const Schema> proposed) const {
  std::map<std::string, uint64_t> counts;
  for (const SchemaElementDefinition* def : proposed->entity_groups()) counts[def->group()] = 0;
  for (const SchemaElementDefinition* def : proposed->edge_groups()) counts[def->group()] = 0;
  return counts;
}

Status FakeGraph::Checkpoint(const std::string& dir) const {
  checkpoints_->push_back(dir);
  return Status::OK();
}

Status FakeGraph::PutMetadata(std::string_view key, std::string_view value) {
  if (key.empty()) return InvalidArgumentError("metadata key must not be empty");
  std::lock_guard<std::mutex> lock(metadata_->mu);
  metadata_->entries[std::string(key)] = std::string(value);
  return Status::OK();
}

Result<std::optional<std::string>> FakeGraph::GetMetadata(std::string_view key) const {
  if (key.empty()) return InvalidArgumentError("metadata key must not be empty");
  std::lock_guard<std::mutex> lock(metadata_->mu);
  auto it = metadata_->entries.find(key);
  if (it == metadata_->entries.end()) return std::optional<std::string>();
  return std::optional<std::string>(it->second);
}

Status FakeGraph::DeleteMetadata(std::string_view key) {
  if (key.empty()) return InvalidArgumentError("metadata key must not be empty");
  std::lock_guard<std::mutex> lock(metadata_->mu);
  auto it = metadata_->entries.find(key);
  if (it != metadata_->entries.end()) metadata_->entries.erase(it);
  return Status::OK();
}

Result<std::vector<std::pair<std::string, std::string>>> FakeGraph::ListMetadata(
    std::string_view prefix) const {
  std::lock_guard<std::mutex> lock(metadata_->mu);
  std::vector<std::pair<std::string, std::string>> out;
  for (auto it = metadata_->entries.lower_bound(prefix);
       it != metadata_->entries.end() && it->first.starts_with(prefix); ++it) {
    out.emplace_back(it->first, it->second);
  }
  return out;
}

Status FakeGraph::SetSplitPoints(std::vector<std::string> split_points) {
  split_points_ = std::move(split_points);
  return Status::OK();
}

// Naive: the sample's group names, sorted, cut into `shards`.
Result<std::vector<std::string>> FakeGraph::SplitPointsFromSample(std::span<const Element> sample,
                                                                  int shards) const {
  std::vector<std::string> keys;
  for (const Element& e : sample) keys.push_back(e.group() + '\0' + e.DebugString());
  std::sort(keys.begin(), keys.end());
  std::vector<std::string> points;
  for (int i = 1; i < shards && !keys.empty(); ++i)
    points.push_back(keys[keys.size() * i / shards]);
  return points;
}

Status FakeGraph::BulkImport(std::span<const Element> elements, const AddElementsOptions& options,
                             AddElementsResult* result) {
  ++bulk_import_calls_;
  --add_calls_;  // Counted separately.
  return AddElements(elements, options, result);
}

}  // namespace quarry
