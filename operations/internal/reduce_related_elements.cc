// Gaffer's ReduceRelatedElements (uk.gov.gchq.gaffer.data.element.function):
// merges the vertices that edges of the "related vertex groups" join (the
// same person's accounts, say) into one vertex per cluster, rewriting the
// other elements onto it and dropping the relating edges.
//
// As Gaffer does, in order:
//  1. Each relating edge joins its two ends' clusters (a cluster met again
//     absorbs the other's vertices but keeps its own visibility), and its
//     visibility is combined into the cluster's.
//  2. Every other edge gets each end replaced by its cluster's combined
//     vertex (vertexAggregator folded over the cluster, starting from the
//     end itself; First by default, so the end is kept), then the
//     properties "sourceRelatedVertices" / "destinationRelatedVertices": the
//     cluster less the combined vertex, when the cluster has more than one
//     vertex. Entities likewise, with "relatedVertices".
//  3. The element's visibility is combined with the cluster's, which keeps
//     the result. Gaffer never puts the result back on the element; it
//     shows there only because the aggregators that fold a collection (or a
//     FreqMap, a HyperLogLogPlus) fold it into the element's own object.
//     And a cluster keeps the object itself, not a copy, so a later fold
//     into that element's visibility changes the cluster's too. Visibilities
//     are therefore shared objects here (VisibilityObject), folded in place
//     for those aggregators, so that every element ends as Gaffer's does.
// The output is the other edges, then the entities, each in input order.
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "graph-core/binary_operator.h"
#include "graph-core/java_hash_order.h"
#include "graph-core/json_fields.h"
#include "operations/internal/item_function_classes.h"

namespace quarry::operations_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kName = "ReduceRelatedElements";

struct ValueLess {
  bool operator()(const Value& a, const Value& b) const { return a.Compare(b) < 0; }
};

// A Java object holding a visibility; null for Java's null.
using VisibilityObject = std::shared_ptr<Value>;

// Gaffer's RelatedVertices: a HashSet of vertices with a visibility.
struct Cluster {
  std::vector<Value> vertices;  // Insertion order; unique.
  std::set<Value, ValueLess> seen;
  VisibilityObject visibility;

  void Add(const Value& v) {
    if (seen.insert(v).second) vertices.push_back(v);
  }
  // The vertices as Java's HashSet iterates them, where that is known
  // (java_hash_order.h); otherwise in insertion order.
  std::vector<Value> JavaOrder() const {
    std::optional<std::vector<size_t>> order = JavaHashOrderOfValues(vertices);
    if (!order.has_value()) return vertices;
    std::vector<Value> out;
    out.reserve(vertices.size());
    for (size_t i : *order) out.push_back(vertices[i]);
    return out;
  }
};

using ClusterMap = std::map<Value, std::shared_ptr<Cluster>, ValueLess>;

// The aggregators that fold into their first argument's own object.
bool FoldsInPlace(const BinaryOperator& op) {
  const Json json = op.ToJson();
  const std::string cls = json.is_object() ? json.value("class", "") : "";
  for (std::string_view name :
       {"uk.gov.gchq.koryphe.impl.binaryoperator.CollectionConcat",
        "uk.gov.gchq.koryphe.impl.binaryoperator.CollectionIntersect",
        "uk.gov.gchq.gaffer.types.function.FreqMapAggregator",
        "uk.gov.gchq.gaffer.sketches.clearspring.cardinality.binaryoperator."
        "HyperLogLogPlusAggregator"}) {
    if (cls == name) return true;
  }
  return false;
}

class ReduceRelatedElements final : public ItemFunction {
 public:
  ReduceRelatedElements(std::unique_ptr<BinaryOperator> vertex_aggregator,
                        std::unique_ptr<BinaryOperator> visibility_aggregator,
                        std::optional<std::string> visibility_property,
                        std::set<std::string> related_groups)
      : vertex_aggregator_(std::move(vertex_aggregator)),
        visibility_aggregator_(std::move(visibility_aggregator)),
        visibility_property_(std::move(visibility_property)),
        related_groups_(std::move(related_groups)),
        folds_in_place_(visibility_aggregator_ != nullptr &&
                        FoldsInPlace(*visibility_aggregator_)) {}

  Result<FnObject> Apply(const FnObject& input) const override;

 private:
  // Gaffer's combineVisibilities: one of the two objects, or the
  // aggregator's result (`a` itself, folded, for in-place aggregators).
  Result<VisibilityObject> Combine(const VisibilityObject& a, const VisibilityObject& b) const;
  VisibilityObject VisibilityOf(const Element& element) const;
  Status Relate(const Element& edge, ClusterMap* clusters) const;
  Result<Value> CombinedVertex(const Value& vertex, const Cluster* cluster) const;
  Status AddRelatedProperties(Element* element, const VisibilityObject& visibility,
                              Cluster* cluster, std::string_view prefix,
                              const Value& combined) const;
  Status Rewrite(Element* element, const VisibilityObject& visibility,
                 const ClusterMap& clusters) const;

  std::unique_ptr<BinaryOperator> vertex_aggregator_;
  std::unique_ptr<BinaryOperator> visibility_aggregator_;  // May be null.
  std::optional<std::string> visibility_property_;
  std::set<std::string> related_groups_;
  bool folds_in_place_ = false;  // The visibility aggregator folds into `a`.
};

Result<VisibilityObject> ReduceRelatedElements::Combine(const VisibilityObject& a,
                                                        const VisibilityObject& b) const {
  if (a == nullptr) return b;
  if (b == nullptr || *a == *b) return a;
  if (visibility_aggregator_ == nullptr) {
    return InvalidArgumentError(
        "ReduceRelatedElements: No visibility aggregator provided, so visibilities cannot be "
        "combined.");
  }
  Value out = *a;
  QUARRY_RETURN_IF_ERROR(visibility_aggregator_->Apply(&out, *b).WithContext(kName));
  if (!folds_in_place_) return std::make_shared<Value>(std::move(out));
  *a = std::move(out);
  return a;
}

VisibilityObject ReduceRelatedElements::VisibilityOf(const Element& element) const {
  if (!visibility_property_.has_value()) return nullptr;
  const Value* v = element.properties().Find(*visibility_property_);
  return v == nullptr ? nullptr : std::make_shared<Value>(*v);
}

Status ReduceRelatedElements::Relate(const Element& edge, ClusterMap* clusters) const {
  const Value& source = edge.source();
  const Value& destination = edge.destination();
  auto src_it = clusters->find(source);
  auto dst_it = clusters->find(destination);
  std::shared_ptr<Cluster> cluster;
  if (src_it != clusters->end() && dst_it != clusters->end()) {
    cluster = src_it->second;
    if (cluster != dst_it->second) {
      std::shared_ptr<Cluster> other = dst_it->second;
      cluster->Add(destination);
      for (const Value& v : other->vertices) cluster->Add(v);
      for (const Value& v : cluster->vertices) (*clusters)[v] = cluster;
    }
  } else if (src_it != clusters->end()) {
    cluster = src_it->second;
    cluster->Add(destination);
    (*clusters)[destination] = cluster;
  } else {
    cluster = dst_it != clusters->end() ? dst_it->second : std::make_shared<Cluster>();
    cluster->Add(source);
    cluster->Add(destination);
    (*clusters)[source] = cluster;
    (*clusters)[destination] = cluster;
  }
  if (VisibilityObject visibility = VisibilityOf(edge); visibility != nullptr) {
    QUARRY_ASSIGN_OR_RETURN(cluster->visibility, Combine(visibility, cluster->visibility));
  }
  return Status::OK();
}

Result<Value> ReduceRelatedElements::CombinedVertex(const Value& vertex,
                                                    const Cluster* cluster) const {
  Value combined = vertex;
  if (cluster == nullptr) return combined;
  for (const Value& v : cluster->JavaOrder()) {
    QUARRY_RETURN_IF_ERROR(vertex_aggregator_->Apply(&combined, v).WithContext(kName));
  }
  return combined;
}

Status ReduceRelatedElements::AddRelatedProperties(Element* element,
                                                   const VisibilityObject& visibility,
                                                   Cluster* cluster, std::string_view prefix,
                                                   const Value& combined) const {
  if (cluster == nullptr) return Status::OK();
  if (cluster->vertices.size() > 1) {
    const std::string name =
        prefix.empty() ? "relatedVertices" : std::string(prefix) + "RelatedVertices";
    std::vector<Value> related;
    if (const Value* held = element->properties().Find(name); held != nullptr) {
      if (held->type() != ValueType::kTreeSet && held->type() != ValueType::kHashSet &&
          held->type() != ValueType::kList) {
        return InvalidArgumentError(std::string(kName) + ": property '" + name +
                                    "' is not a collection");
      }
      related = held->AsItems();
    }
    related.insert(related.end(), cluster->vertices.begin(), cluster->vertices.end());
    std::erase(related, combined);
    element->mutable_properties().Set(name, Value::HashSet(std::move(related)));
  }
  if (visibility_property_.has_value()) {
    QUARRY_ASSIGN_OR_RETURN(cluster->visibility, Combine(visibility, cluster->visibility));
  }
  return Status::OK();
}

Cluster* ClusterOf(const ClusterMap& clusters, const Value& vertex) {
  auto it = clusters.find(vertex);
  return it == clusters.end() ? nullptr : it->second.get();
}

Status ReduceRelatedElements::Rewrite(Element* element, const VisibilityObject& visibility,
                                      const ClusterMap& clusters) const {
  if (element->is_entity()) {
    Cluster* cluster = ClusterOf(clusters, element->vertex());
    QUARRY_ASSIGN_OR_RETURN(Value combined, CombinedVertex(element->vertex(), cluster));
    const std::string group = element->group();
    element->ResetToEntity(group, Value(combined));
    return AddRelatedProperties(element, visibility, cluster, "", combined);
  }
  Cluster* source = ClusterOf(clusters, element->source());
  Cluster* destination = ClusterOf(clusters, element->destination());
  QUARRY_ASSIGN_OR_RETURN(Value new_source, CombinedVertex(element->source(), source));
  QUARRY_ASSIGN_OR_RETURN(Value new_destination,
                          CombinedVertex(element->destination(), destination));
  const std::string group = element->group();
  element->ResetToEdge(group, Value(new_source), Value(new_destination), element->directed(),
                       element->matched_vertex());
  QUARRY_RETURN_IF_ERROR(AddRelatedProperties(element, visibility, source, "source", new_source));
  return AddRelatedProperties(element, visibility, destination, "destination", new_destination);
}

Result<FnObject> ReduceRelatedElements::Apply(const FnObject& input) const {
  if (input.is_null()) return FnObject::Null();
  std::optional<std::vector<FnObject>> items = AsIterable(input);
  if (!items.has_value()) {
    return InvalidArgumentError(std::string(kName) +
                                ": input is not an iterable: " + FnObjectToJson(input).dump());
  }
  if (related_groups_.empty()) return input;
  std::vector<Element> edges, entities;
  ClusterMap clusters;
  for (const FnObject& item : *items) {
    if (item.is_null()) continue;
    const Element* element =
        !item.is_list && item.item ? std::get_if<Element>(&*item.item) : nullptr;
    if (element == nullptr) {
      return InvalidArgumentError(std::string(kName) +
                                  ": input holds a non-element: " + FnObjectToJson(item).dump());
    }
    if (element->is_entity()) {
      entities.push_back(*element);
    } else if (related_groups_.count(element->group()) != 0) {
      QUARRY_RETURN_IF_ERROR(Relate(*element, &clusters));
    } else {
      edges.push_back(*element);
    }
  }
  // Each element's visibility object, which later folds may still change.
  std::vector<Element*> order;
  std::vector<VisibilityObject> visibilities;
  for (std::vector<Element>* list : {&edges, &entities}) {
    for (Element& element : *list) {
      order.push_back(&element);
      visibilities.push_back(VisibilityOf(element));
      QUARRY_RETURN_IF_ERROR(Rewrite(&element, visibilities.back(), clusters));
    }
  }
  std::vector<FnObject> out;
  for (size_t i = 0; i < order.size(); ++i) {
    if (visibilities[i] != nullptr) {
      order[i]->mutable_properties().Set(*visibility_property_, *visibilities[i]);
    }
    out.push_back(FnObject::Of(Item(std::move(*order[i]))));
  }
  return FnObject::List(std::move(out));
}

}  // namespace

Result<std::shared_ptr<const ItemFunction>> MakeReduceRelatedElements(const Json& json,
                                                                      std::string_view path) {
  std::unique_ptr<BinaryOperator> vertex_aggregator, visibility_aggregator;
  if (const Json* v = jf::Find(json, "vertexAggregator"); v != nullptr && !v->is_null()) {
    QUARRY_ASSIGN_OR_RETURN(vertex_aggregator,
                            ParseBinaryOperator(*v, jf::Join(path, "vertexAggregator")));
  } else {
    QUARRY_ASSIGN_OR_RETURN(vertex_aggregator, ParseBinaryOperator(Json{{"class", "First"}}, path));
  }
  if (const Json* v = jf::Find(json, "visibilityAggregator"); v != nullptr && !v->is_null()) {
    QUARRY_ASSIGN_OR_RETURN(visibility_aggregator,
                            ParseBinaryOperator(*v, jf::Join(path, "visibilityAggregator")));
  }
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> visibility_property,
                          jf::OptionalString(json, "visibilityProperty", path));
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::vector<std::string>> groups,
                          jf::OptionalStringList(json, "relatedVertexGroups", path));
  std::set<std::string> related;
  if (groups.has_value()) related.insert(groups->begin(), groups->end());
  return std::shared_ptr<const ItemFunction>(std::make_shared<ReduceRelatedElements>(
      std::move(vertex_aggregator), std::move(visibility_aggregator),
      std::move(visibility_property), std::move(related)));
}

}  // namespace quarry::operations_internal
