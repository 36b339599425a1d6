#include "graph-core/element.h"

#include <algorithm>
#include <tuple>

#include "graph-core/element_id.h"

namespace quarry {
namespace {

const Value& NullValue() {
  static const Value* const kNull = new Value();
  return *kNull;
}

template <typename Vec>
auto LowerBound(Vec& entries, std::string_view name) {
  return std::lower_bound(
      entries.begin(), entries.end(), name,
      // compare() rather than `<`: clang 14 rejects the rewritten
      // string/string_view <=> inside a lambda in a template (the sanitizer
      // and fuzz builds use clang).
      [](const Properties::Entry& e, std::string_view n) { return e.first.compare(n) < 0; });
}

}  // namespace

Properties::Properties(std::initializer_list<Entry> entries) {
  for (const auto& e : entries) Set(e.first, e.second);
}

Properties::Properties(const Properties& other) : entries_(other.Decoded()) {}

Properties& Properties::operator=(const Properties& other) {
  const std::vector<Entry>& entries = other.Decoded();
  decoder_ = nullptr;
  if (&other != this) entries_ = entries;
  return *this;
}

Properties::Properties(Properties&& other) noexcept
    : entries_((static_cast<void>(other.Decoded()), std::move(other.entries_))) {}

Properties& Properties::operator=(Properties&& other) noexcept {
  other.Decoded();
  decoder_ = nullptr;
  if (&other != this) entries_ = std::move(other.entries_);
  return *this;
}

void Properties::AssignKeepingHold(const Properties& other) {
  if (&other == this) return;
  if (!other.holds_undecoded()) {
    *this = other;
    return;
  }
  decoder_ = other.decoder_;
  if (held_ == nullptr) held_ = std::make_unique<std::string>();
  *held_ = *other.held_;  // entries_ are kept, for the decoder to overwrite.
}

std::string* Properties::Hold(const PropertyDecoder* decoder) {
  decoder_ = decoder;
  if (held_ == nullptr) held_ = std::make_unique<std::string>();
  held_->clear();
  return held_.get();
}

void Properties::DecodeHeldBytes() const {
  // Cleared first: the decoder writes through the ordinary members, which
  // must not come back here. Only entries_ and decoder_ change, and both are
  // mutable, so writing through a const Properties is sound.
  const PropertyDecoder* decoder = decoder_;
  decoder_ = nullptr;
  decoder->DecodeHeld(*held_, const_cast<Properties*>(this));
}

const Value* Properties::Find(std::string_view name) const {
  const std::vector<Entry>& entries = Decoded();
  auto it = LowerBound(entries, name);
  return (it != entries.end() && it->first == name) ? &it->second : nullptr;
}

const Value& Properties::Get(std::string_view name) const {
  const Value* v = Find(name);
  return v ? *v : NullValue();
}

void Properties::Set(std::string name, Value value) {
  Decoded();
  auto it = LowerBound(entries_, name);
  bool present = it != entries_.end() && it->first == name;
  if (value.is_null()) {
    if (present) entries_.erase(it);
    return;
  }
  if (present) {
    it->second = std::move(value);
  } else {
    entries_.insert(it, Entry(std::move(name), std::move(value)));
  }
}

Value* Properties::Slot(std::string_view name) {
  Decoded();
  auto it = LowerBound(entries_, name);
  if (it == entries_.end() || it->first != name) {
    it = entries_.emplace(it, std::piecewise_construct, std::forward_as_tuple(name),
                          std::forward_as_tuple());
  }
  return &it->second;
}

bool Properties::Erase(std::string_view name) {
  Decoded();
  auto it = LowerBound(entries_, name);
  if (it == entries_.end() || it->first != name) return false;
  entries_.erase(it);
  return true;
}

int CompareForEdgeOrder(const Value& a, const Value& b) {
  if (a.is_null() || b.is_null()) {
    if (a.is_null() && b.is_null()) return 0;
    return a.is_null() ? 1 : -1;  // null sorts last
  }
  if (a.type() == b.type()) return a.Compare(b);
  return JavaStringCompare(a.ToJavaString(), b.ToJavaString());
}

Element Element::Entity(std::string group, Value vertex, Properties properties) {
  Element e;
  e.group_ = std::move(group);
  e.ResetToEntity(e.group_, std::move(vertex));
  e.properties_ = std::move(properties);
  return e;
}

Element Element::Edge(std::string group, Value source, Value destination, bool directed,
                      Properties properties, std::optional<MatchedVertex> matched_vertex) {
  Element e;
  e.group_ = std::move(group);
  e.ResetToEdge(e.group_, std::move(source), std::move(destination), directed, matched_vertex);
  e.properties_ = std::move(properties);
  return e;
}

void Element::AssignKeepingHold(const Element& other) {
  if (&other == this) return;
  kind_ = other.kind_;
  group_ = other.group_;
  first_ = other.first_;
  second_ = other.second_;
  directed_ = other.directed_;
  matched_vertex_ = other.matched_vertex_;
  properties_.AssignKeepingHold(other.properties_);
}

void Element::ResetToEntity(std::string_view group, Value&& vertex) {
  ResetToEntityInPlace(group) = std::move(vertex);
}

void Element::ResetToEdge(std::string_view group, Value&& source, Value&& destination,
                          bool directed, std::optional<MatchedVertex> matched_vertex) {
  auto [first, second] = ResetToEdgeInPlace(group, directed, matched_vertex);
  *first = std::move(source);
  *second = std::move(destination);
  NormaliseEdge();
}

Value& Element::ResetToEntityInPlace(std::string_view group) {
  kind_ = ElementKind::kEntity;
  // Self-assignment from a view of group_ itself is safe: assign() handles
  // overlapping ranges. A scan resets to the same group nearly every time.
  if (std::string_view(group_) != group) group_.assign(group);
  second_ = Value();
  directed_ = false;
  matched_vertex_.reset();
  return first_;
}

std::pair<Value*, Value*> Element::ResetToEdgeInPlace(std::string_view group, bool directed,
                                                      std::optional<MatchedVertex> matched_vertex) {
  kind_ = ElementKind::kEdge;
  // A scan resets one element per cell, nearly always to the same group.
  if (std::string_view(group_) != group) group_.assign(group);
  directed_ = directed;
  matched_vertex_ = matched_vertex;
  return {&first_, &second_};
}

void Element::NormaliseEdge() {
  if (directed_ || CompareForEdgeOrder(first_, second_) <= 0) return;
  std::swap(first_, second_);
  if (matched_vertex_) {
    matched_vertex_ = *matched_vertex_ == MatchedVertex::kSource ? MatchedVertex::kDestination
                                                                 : MatchedVertex::kSource;
  }
}

Value Element::GetIdentifierOrProperty(std::string_view name) const {
  if (name == "GROUP") return Value::String(group_);
  if (is_entity()) {
    if (name == "VERTEX") return first_;
  } else {
    if (name == "SOURCE") return first_;
    if (name == "DESTINATION") return second_;
    if (name == "DIRECTED") return Value::Bool(directed_);
    if (name == "MATCHED_VERTEX" || name == "ADJACENT_MATCHED_VERTEX") {
      bool adjacent = name == "ADJACENT_MATCHED_VERTEX";
      // Without a matched vertex Gaffer treats the source as matched.
      bool matched_is_source = !matched_vertex_ || *matched_vertex_ == MatchedVertex::kSource;
      return (matched_is_source != adjacent) ? first_ : second_;
    }
  }
  return properties_.Get(name);
}

std::string Element::DebugString() const {
  std::string out = is_entity() ? "Entity[" : "Edge[";
  out += "group=" + group_;
  if (is_entity()) {
    out += ",vertex=" + first_.DebugString();
  } else {
    out += ",source=" + first_.DebugString() + ",destination=" + second_.DebugString() +
           ",directed=" + (directed_ ? "true" : "false");
    if (matched_vertex_) out += ",matchedVertex=" + std::string(ToString(*matched_vertex_));
  }
  out += ",properties={";
  bool first = true;
  for (const auto& [k, v] : properties_) {
    if (!first) out += ",";
    first = false;
    out += k + "=" + v.DebugString();
  }
  return out + "}]";
}

bool operator==(const Element& a, const Element& b) {
  return a.kind_ == b.kind_ && a.group_ == b.group_ && a.first_ == b.first_ &&
         a.second_ == b.second_ && a.directed_ == b.directed_ && a.properties_ == b.properties_;
}

size_t ElementHash::operator()(const Element& e) const {
  size_t h = std::hash<std::string>()(e.group());
  h = h * 31 + static_cast<size_t>(e.kind());
  h = h * 31 + (e.is_entity() ? e.vertex().Hash() : e.source().Hash());
  if (e.is_edge()) h = h * 31 + e.destination().Hash() + (e.directed() ? 1 : 0);
  for (const auto& [k, v] : e.properties()) h = h * 31 + std::hash<std::string>()(k) + v.Hash();
  return h;
}

EdgeSeed MakeEdgeSeed(Value source, Value destination, DirectedType directed_type,
                      std::optional<MatchedVertex> matched_vertex) {
  if (directed_type == DirectedType::kUndirected && CompareForEdgeOrder(source, destination) > 0) {
    std::swap(source, destination);
  }
  return EdgeSeed{std::move(source), std::move(destination), directed_type, matched_vertex};
}

ElementId IdOf(const Element& element) {
  if (element.is_entity()) return EntitySeed{element.vertex()};
  return MakeEdgeSeed(element.source(), element.destination(),
                      element.directed() ? DirectedType::kDirected : DirectedType::kUndirected,
                      element.matched_vertex());
}

std::string DebugString(const ElementId& id) {
  if (const auto* e = std::get_if<EntitySeed>(&id)) {
    return "EntitySeed[vertex=" + e->vertex.DebugString() + "]";
  }
  const auto& s = std::get<EdgeSeed>(id);
  return "EdgeSeed[source=" + s.source.DebugString() +
         ",destination=" + s.destination.DebugString() +
         ",directedType=" + std::string(ToString(s.directed_type)) + "]";
}

}  // namespace quarry
