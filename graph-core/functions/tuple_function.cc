// TupleFunction: koryphe's TupleAdaptedFunction over an element's
// identifiers and properties.
#include <vector>

#include "graph-core/function.h"
#include "graph-core/json_fields.h"

namespace quarry {
namespace {

namespace jf = json_fields;

// Rebuilds an edge with one identifier replaced (undirected edges are
// normalised again by the constructor).
Status PutEdgeIdentifier(Element* e, std::string_view key, Value value) {
  Value source = e->source();
  Value destination = e->destination();
  bool directed = e->directed();
  bool matched_is_source = !e->matched_vertex() || *e->matched_vertex() == MatchedVertex::kSource;
  if (key == "SOURCE") {
    source = std::move(value);
  } else if (key == "DESTINATION") {
    destination = std::move(value);
  } else if (key == "DIRECTED") {
    if (value.type() != ValueType::kBool) {
      return InvalidArgumentError("transform projection DIRECTED needs a Boolean, got " +
                                  value.DebugString());
    }
    directed = value.AsBool();
  } else {  // MATCHED_VERTEX or ADJACENT_MATCHED_VERTEX
    bool set_source = matched_is_source == (key == "MATCHED_VERTEX");
    (set_source ? source : destination) = std::move(value);
  }
  *e = Element::Edge(e->group(), std::move(source), std::move(destination), directed,
                     e->properties(), e->matched_vertex());
  return Status::OK();
}

// Gaffer's ElementTuple.put: identifiers go to the element's ids, anything
// else is a property (a null value removes it).
Status Put(Element* e, const std::string& key, Value value) {
  if (key == "GROUP") {
    if (value.type() != ValueType::kString) {
      return InvalidArgumentError("transform projection GROUP needs a String");
    }
    e->set_group(value.AsString());
    return Status::OK();
  }
  if (key == "VERTEX" && e->is_entity()) {
    *e = Element::Entity(e->group(), std::move(value), e->properties());
    return Status::OK();
  }
  bool edge_id = key == "SOURCE" || key == "DESTINATION" || key == "DIRECTED" ||
                 key == "MATCHED_VERTEX" || key == "ADJACENT_MATCHED_VERTEX";
  if (edge_id && e->is_edge()) return PutEdgeIdentifier(e, key, std::move(value));
  if (edge_id || key == "VERTEX") {
    return InvalidArgumentError("transform projection " + key + " is not an identifier of " +
                                (e->is_edge() ? "an edge" : "an entity"));
  }
  e->mutable_properties().Set(key, std::move(value));
  return Status::OK();
}

}  // namespace

Status TupleFunction::Apply(Element* element) const {
  std::vector<Value> values;
  values.reserve(selection.size());
  for (const std::string& key : selection) values.push_back(element->GetIdentifierOrProperty(key));
  std::vector<const Value*> args;
  args.reserve(values.size());
  for (const Value& v : values) args.push_back(&v);
  QUARRY_ASSIGN_OR_RETURN(Value output, function->Apply(ValueRefs(args.data(), args.size())));
  if (projection.size() == 1) return Put(element, projection[0], std::move(output));
  bool is_collection = output.type() == ValueType::kList || output.type() == ValueType::kTreeSet ||
                       output.type() == ValueType::kHashSet;
  if (!is_collection || output.AsItems().size() > projection.size()) {
    return InvalidArgumentError("transform output " + output.DebugString() +
                                " does not fit projection of " + std::to_string(projection.size()) +
                                " keys");
  }
  const ValueList& items = output.AsItems();
  for (size_t i = 0; i < items.size(); ++i) {
    QUARRY_RETURN_IF_ERROR(Put(element, projection[i], items[i]));
  }
  return Status::OK();
}

Json TupleFunction::ToJson() const {
  Json json = Json::object();
  json["selection"] = selection;
  json["function"] = function ? function->ToJson() : Json();
  json["projection"] = projection;
  return json;
}

Result<TupleFunction> ParseTupleFunction(const Json& json, std::string_view path) {
  QUARRY_RETURN_IF_ERROR(jf::RequireObject(json, path));
  TupleFunction out;
  for (auto [key, list] :
       {std::pair{"selection", &out.selection}, std::pair{"projection", &out.projection}}) {
    const Json* field = jf::Find(json, key);
    if (field == nullptr) return InvalidArgumentError(jf::Join(path, key) + ": missing");
    QUARRY_ASSIGN_OR_RETURN(*list, jf::StringList(*field, jf::Join(path, key)));
    if (list->empty()) return InvalidArgumentError(jf::Join(path, key) + ": must not be empty");
  }
  const Json* function = jf::Find(json, "function");
  if (function == nullptr) return InvalidArgumentError(jf::Join(path, "function") + ": missing");
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Function> parsed,
                          ParseFunction(*function, jf::Join(path, "function")));
  out.function = std::move(parsed);
  return out;
}

}  // namespace quarry
