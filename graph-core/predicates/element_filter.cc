// TuplePredicate (koryphe's TupleAdaptedPredicate over an element) and
// ElementFilter (Gaffer's list of them, all of which must pass).
#include <vector>

#include "graph-core/internal/json_value_util.h"
#include "graph-core/predicate.h"
#include "graph-core/predicates/internal/predicate_util.h"

namespace quarry {
namespace {

using internal::JsonError;
using internal::JsonTypeName;

Result<std::vector<std::string>> ReadSelection(const Json& json, std::string_view path) {
  const Json* f = json_fields::Find(json, "selection");
  if (f == nullptr) return internal::MissingField(path, "selection");
  std::string field_path = json_fields::Join(path, "selection");
  if (!f->is_array()) {
    return JsonError(field_path, "expected an array, got " + std::string(JsonTypeName(*f)));
  }
  std::vector<std::string> out;
  for (size_t i = 0; i < f->size(); ++i) {
    const Json& key = (*f)[i];
    if (!key.is_string()) {
      return JsonError(
          json_fields::Index(field_path, i),
          "expected a property or identifier name, got " + std::string(JsonTypeName(key)));
    }
    out.push_back(key.get<std::string>());
  }
  return out;
}

}  // namespace

namespace {

// The identifier names Element::GetIdentifierOrProperty resolves before
// properties; any other key is a plain property lookup.
bool IsIdentifierName(std::string_view name) {
  return name == "GROUP" || name == "VERTEX" || name == "SOURCE" || name == "DESTINATION" ||
         name == "DIRECTED" || name == "MATCHED_VERTEX" || name == "ADJACENT_MATCHED_VERTEX";
}

}  // namespace

bool TuplePredicate::Test(const Element& element) const {
  // Properties are passed by pointer (no copy); identifiers are computed into
  // `computed`. Selections are short, so both live on the stack.
  constexpr size_t kInline = 8;
  const size_t n = selection.size();
  if (n > kInline) {
    std::vector<Value> values;
    std::vector<const Value*> refs;
    values.reserve(n);
    for (const std::string& key : selection) values.push_back(element.GetIdentifierOrProperty(key));
    for (const Value& v : values) refs.push_back(&v);
    return predicate->Test(ValueRefs(refs.data(), n));
  }
  static const Value kNull;
  Value computed[kInline];
  const Value* refs[kInline];
  for (size_t i = 0; i < n; ++i) {
    if (IsIdentifierName(selection[i])) {
      computed[i] = element.GetIdentifierOrProperty(selection[i]);
      refs[i] = &computed[i];
    } else if (element.properties().PeekHeld(selection[i], &computed[i])) {
      // A scan's cell still held: the one property, not all of them, so a
      // cell the filter drops is never decoded whole.
      refs[i] = &computed[i];
    } else {
      const Value* v = element.properties().Find(selection[i]);
      refs[i] = v != nullptr ? v : &kNull;
    }
  }
  return predicate->Test(ValueRefs(refs, n));
}

Json TuplePredicate::ToJson() const {
  Json out = Json::object();
  out["selection"] = selection;
  out["predicate"] = predicate->ToJson();
  return out;
}

Result<TuplePredicate> ParseTuplePredicate(const Json& json, std::string_view path) {
  if (!json.is_object()) {
    return JsonError(path, "expected {\"selection\": [...], \"predicate\": {...}}, got " +
                               std::string(JsonTypeName(json)));
  }
  TuplePredicate out;
  QUARRY_ASSIGN_OR_RETURN(out.selection, ReadSelection(json, path));
  QUARRY_ASSIGN_OR_RETURN(internal::PredicatePtr p,
                          internal::ReadPredicateField(json, "predicate", path, true));
  out.predicate = std::move(p);
  return out;
}

bool ElementFilter::Test(const Element& element) const {
  for (const TuplePredicate& p : predicates_) {
    if (!p.Test(element)) return false;
  }
  return true;
}

void ElementFilter::Append(const ElementFilter& other) {
  predicates_.insert(predicates_.end(), other.predicates_.begin(), other.predicates_.end());
}

Json ElementFilter::ToJson() const {
  Json out = Json::array();
  for (const TuplePredicate& p : predicates_) out.push_back(p.ToJson());
  return out;
}

Result<ElementFilter> ParseElementFilter(const Json& json, std::string_view path) {
  // Gaffer also writes an ElementFilter as {"predicates": [...]}.
  if (json.is_null()) return ElementFilter();
  const Json* list = &json;
  std::string list_path(path);
  if (json.is_object()) {
    list = json_fields::Find(json, "predicates");
    list_path = json_fields::Join(path, "predicates");
    if (list == nullptr) return ElementFilter();
  }
  if (!list->is_array()) {
    return JsonError(list_path, "expected an array of {\"selection\", \"predicate\"}, got " +
                                    std::string(JsonTypeName(*list)));
  }
  std::vector<TuplePredicate> predicates;
  for (size_t i = 0; i < list->size(); ++i) {
    QUARRY_ASSIGN_OR_RETURN(TuplePredicate p,
                            ParseTuplePredicate((*list)[i], json_fields::Index(list_path, i)));
    predicates.push_back(std::move(p));
  }
  return ElementFilter(std::move(predicates));
}

}  // namespace quarry
