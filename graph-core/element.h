// Element: Gaffer's Entity and Edge, the unit of data in a graph.
//
// An Entity is (group, vertex, properties); an Edge is (group, source,
// destination, directed, properties) plus, on query results, the matched
// vertex. Undirected edges are normalised at construction so that
// source <= destination (Gaffer's ComparableOrToStringComparator), flipping
// the matched vertex with them.
//
// Equality follows Gaffer's Element.equals: kind, group, identifiers,
// directed and properties; matchedVertex is ignored.
//
// Thread safety: a value type; const access from many threads is safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "graph-core/enums.h"
#include "graph-core/value.h"

namespace quarry {

// Property name -> value, kept sorted by name for fast lookup and stable output.
class Properties {
 public:
  using Entry = std::pair<std::string, Value>;

  Properties() = default;
  Properties(std::initializer_list<Entry> entries);

  // Returns nullptr when `name` is absent.
  const Value* Find(std::string_view name) const;
  // Returns the value or a null Value when absent.
  const Value& Get(std::string_view name) const;
  // Sets `name`; a null value removes it (Gaffer's rule).
  void Set(std::string name, Value value);
  // The value stored under `name`, inserted as null if absent, for a decoder
  // to assign in place (one move instead of Set's several). The caller must
  // leave it non-null or Erase it: a null value is never a property.
  Value* Slot(std::string_view name);
  // Returns true if something was removed.
  bool Erase(std::string_view name);
  // Removes every property but keeps the storage, so that a decoder refilling
  // one Properties per cell allocates only when a cell has more properties
  // than any before it.
  void Clear() { entries_.clear(); }
  void Reserve(size_t n) { entries_.reserve(n); }
  bool Contains(std::string_view name) const { return Find(name) != nullptr; }

  size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  std::vector<Entry>::const_iterator begin() const { return entries_.begin(); }
  std::vector<Entry>::const_iterator end() const { return entries_.end(); }

  friend bool operator==(const Properties& a, const Properties& b) = default;

 private:
  std::vector<Entry> entries_;
};

// The vertex/property value that sorts first under Gaffer's
// ComparableOrToStringComparator: same-type values by Compare, else by
// toString(); null last. Returns <0, 0 or >0.
int CompareForEdgeOrder(const Value& a, const Value& b);

class Element {
 public:
  static Element Entity(std::string group, Value vertex, Properties properties = {});
  // Normalises an undirected edge so that source <= destination.
  static Element Edge(std::string group, Value source, Value destination, bool directed,
                      Properties properties = {},
                      std::optional<MatchedVertex> matched_vertex = std::nullopt);

  ElementKind kind() const { return kind_; }
  bool is_entity() const { return kind_ == ElementKind::kEntity; }
  bool is_edge() const { return kind_ == ElementKind::kEdge; }
  const std::string& group() const { return group_; }

  // REQUIRES: is_entity().
  const Value& vertex() const { return first_; }
  // REQUIRES: is_edge().
  const Value& source() const { return first_; }
  const Value& destination() const { return second_; }
  bool directed() const { return directed_; }
  const std::optional<MatchedVertex>& matched_vertex() const { return matched_vertex_; }
  void set_matched_vertex(std::optional<MatchedVertex> m) { matched_vertex_ = m; }

  // Reuse: make this element an entity (or an edge, normalised as Edge()
  // does) of `group`, keeping the storage of its group name. The properties
  // are left as they are, for the caller to Clear or overwrite: a scan
  // decodes every cell into one Element this way, overwriting the values of
  // the previous cell of the same group in place.
  void ResetToEntity(std::string_view group, Value&& vertex);
  void ResetToEdge(std::string_view group, Value&& source, Value&& destination, bool directed,
                   std::optional<MatchedVertex> matched_vertex);

  const Properties& properties() const { return properties_; }
  Properties& mutable_properties() { return properties_; }
  void set_group(std::string group) { group_ = std::move(group); }

  // An identifier by Gaffer's IdentifierType name (VERTEX, SOURCE, DESTINATION,
  // DIRECTED, MATCHED_VERTEX, ADJACENT_MATCHED_VERTEX, GROUP) or a property.
  // Returns a null Value when absent or not applicable.
  Value GetIdentifierOrProperty(std::string_view name) const;

  std::string DebugString() const;

  friend bool operator==(const Element& a, const Element& b);
  friend bool operator!=(const Element& a, const Element& b) { return !(a == b); }

 private:
  ElementKind kind_ = ElementKind::kEntity;
  std::string group_;
  Value first_;   // vertex or source
  Value second_;  // destination
  bool directed_ = false;
  std::optional<MatchedVertex> matched_vertex_;
  Properties properties_;
};

struct ElementHash {
  size_t operator()(const Element& e) const;
};

}  // namespace quarry
