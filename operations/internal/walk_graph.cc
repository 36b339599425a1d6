#include "operations/internal/walk_graph.h"

#include <string>
#include <utility>

namespace quarry::operations_internal {
namespace {

const std::vector<Value>& NoValues() {
  static const std::vector<Value> kEmpty;
  return kEmpty;
}

const std::vector<Element>& NoElements() {
  static const std::vector<Element> kEmpty;
  return kEmpty;
}

Json ElementsJson(const std::vector<Element>& elements) {
  Json out = Json::array();
  for (const Element& e : elements) out.push_back(ItemToJson(Item(e)));
  return out;
}

// Depth-first enumeration of the walks, one at a time. frames_ holds the
// vertices of the walk being extended and, for each, the next destination
// to try.
class WalkStream : public ItemStream {
 public:
  WalkStream(std::shared_ptr<const WalkGraph> graph, std::vector<Value> seeds, bool include_partial)
      : graph_(std::move(graph)), seeds_(std::move(seeds)), include_partial_(include_partial) {
    Advance();
  }

  bool Valid() const override { return valid_; }
  void Next() override { Advance(); }
  const Item& item() const override { return current_; }
  Status status() const override { return Status::OK(); }

 private:
  struct Frame {
    Value vertex;
    const std::vector<Value>* destinations;
    size_t next = 0;
  };

  // Moves to the next walk, or to the end.
  void Advance() {
    valid_ = false;
    while (!valid_) {
      if (frames_.empty()) {
        if (next_seed_ >= seeds_.size()) return;
        Enter(seeds_[next_seed_++]);
        continue;
      }
      Frame& top = frames_.back();
      if (top.next < top.destinations->size()) {
        Enter((*top.destinations)[top.next++]);
      } else {
        frames_.pop_back();
      }
    }
  }

  // Steps onto `vertex`: emits the walk if it is complete (or a dead end and
  // partial walks are wanted), otherwise pushes it to be extended.
  void Enter(const Value& vertex) {
    size_t depth = frames_.size();  // Edges on the walk once `vertex` is on it.
    const std::vector<Value>& dests = depth < static_cast<size_t>(graph_->hops())
                                          ? graph_->Destinations(depth, vertex)
                                          : NoValues();
    frames_.push_back(Frame{vertex, &dests, 0});
    bool complete = depth == static_cast<size_t>(graph_->hops());
    if (complete || (dests.empty() && include_partial_)) {
      current_ = BuildWalk();
      valid_ = true;
    }
    if (complete || dests.empty()) frames_.pop_back();
  }

  // Gaffer's Walk.Builder: per vertex its entities; per step the edge set.
  // A walk with no edges lists its one vertex only if it has entities.
  Json BuildWalk() const {
    Json edges = Json::array();
    Json entities = Json::array();
    for (size_t i = 0; i < frames_.size(); ++i) {
      const Value& v = frames_[i].vertex;
      if (i > 0) edges.push_back(ElementsJson(graph_->Edges(i - 1, frames_[i - 1].vertex, v)));
      const std::vector<Element>& found = graph_->Entities(i, v);
      if (frames_.size() == 1 && found.empty()) break;
      Json entry = Json::object();
      entry[v.ToJavaString()] = ElementsJson(found);
      entities.push_back(std::move(entry));
    }
    Json walk = Json::object();
    walk["edges"] = std::move(edges);
    walk["entities"] = std::move(entities);
    return walk;
  }

  std::shared_ptr<const WalkGraph> graph_;
  std::vector<Value> seeds_;
  bool include_partial_;
  size_t next_seed_ = 0;
  std::vector<Frame> frames_;
  Item current_;
  bool valid_ = false;
};

}  // namespace

void AddDistinct(Element e, std::vector<Element>* set) {
  Item candidate(std::move(e));
  for (const Element& existing : *set) {
    if (ItemEquals(Item(existing), candidate)) return;
  }
  set->push_back(std::move(std::get<Element>(candidate)));
}

const AdjacencyMap::Destinations* AdjacencyMap::Find(const Value& source) const {
  auto it = by_source.find(source);
  return it == by_source.end() ? nullptr : &it->second;
}

void HopResults::Add(Element e) {
  if (e.is_entity()) {
    Value vertex = e.vertex();
    AddDistinct(std::move(e), &(*entities_)[vertex]);
    return;
  }
  if (adjacency_ == nullptr) return;
  AdjacencyMap::Destinations& d = adjacency_->by_source[WalkGraph::MatchedVertex(e)];
  const Value& to = WalkGraph::AdjacentVertex(e);
  auto [it, inserted] = d.edges.try_emplace(to);
  if (inserted) d.order.push_back(to);
  AddDistinct(std::move(e), &it->second);
}

const Value& WalkGraph::MatchedVertex(const Element& edge) {
  bool dest = edge.matched_vertex() == quarry::MatchedVertex::kDestination;
  return dest ? edge.destination() : edge.source();
}

const Value& WalkGraph::AdjacentVertex(const Element& edge) {
  bool dest = edge.matched_vertex() == quarry::MatchedVertex::kDestination;
  return dest ? edge.source() : edge.destination();
}

HopResults& WalkGraph::AddHop(bool record_edges) {
  AdjacencyMap* adjacency = nullptr;
  if (record_edges) adjacency = &adjacency_.emplace_back();
  EntityMap* entities = &entities_.emplace_back();
  return hop_results_.emplace_back(adjacency, entities);
}

const std::vector<Value>& WalkGraph::Destinations(size_t hop, const Value& from) const {
  if (hop >= adjacency_.size()) return NoValues();
  const AdjacencyMap::Destinations* d = adjacency_[hop].Find(from);
  return d == nullptr ? NoValues() : d->order;
}

const std::vector<Element>& WalkGraph::Edges(size_t hop, const Value& from, const Value& to) const {
  const AdjacencyMap::Destinations* d = adjacency_[hop].Find(from);
  if (d == nullptr) return NoElements();
  auto it = d->edges.find(to);
  return it == d->edges.end() ? NoElements() : it->second;
}

const std::vector<Element>& WalkGraph::Entities(size_t hop, const Value& vertex) const {
  if (hop >= entities_.size()) return NoElements();
  auto it = entities_[hop].find(vertex);
  return it == entities_[hop].end() ? NoElements() : it->second;
}

std::unique_ptr<ItemStream> MakeWalkStream(std::shared_ptr<const WalkGraph> graph,
                                           std::vector<Value> seeds, bool include_partial) {
  return std::make_unique<WalkStream>(std::move(graph), std::move(seeds), include_partial);
}

}  // namespace quarry::operations_internal
