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
// Thread safety: a value type; const access from many threads is safe, with
// one exception: Properties that hold undecoded bytes (Properties::Hold; only
// a scan's current element does) decode them on the first read, so until then
// one thread at a time may read them. Copies and moves never hold.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "graph-core/enums.h"
#include "graph-core/value.h"

namespace quarry {

class Properties;

// Decodes the bytes a Properties holds undecoded (Properties::Hold). A scan
// hands each cell's encoded properties over this way, having checked them, and
// they are decoded only if something reads them: a consumer that wants the
// identifiers alone (GetAdjacentIds, a count) never pays for the properties.
// keypackages' PropertyLayout is the implementation.
class PropertyDecoder {
 public:
  // Writes the properties encoded in `held` into `*out`, which may still hold
  // the properties of a previous cell: every one of them must be overwritten
  // or erased. REQUIRES: `held` passed the decoder's check when it was held,
  // so decoding cannot fail.
  virtual void DecodeHeld(std::string_view held, Properties* out) const = 0;
  // Writes only property `name` into `*out`, as DecodeHeld would decode it
  // (null when the cell has none), decoding no other. Returns false, with
  // `*out` as it was, when this decoder cannot pick one property out: the
  // caller then decodes them all. REQUIRES: as DecodeHeld.
  virtual bool DecodeOneHeld(std::string_view /*held*/, std::string_view /*name*/,
                             Value* /*out*/) const {
    return false;
  }

 protected:
  ~PropertyDecoder() = default;
};

// Property name -> value, kept sorted by name for fast lookup and stable output.
class Properties {
 public:
  using Entry = std::pair<std::string, Value>;

  Properties() = default;
  Properties(std::initializer_list<Entry> entries);
  // Copies and moves decode held bytes first (into the source), so that no
  // copy depends on a decoder that might not outlive it.
  Properties(const Properties& other);
  Properties& operator=(const Properties& other);
  Properties(Properties&& other) noexcept;
  Properties& operator=(Properties&& other) noexcept;
  ~Properties() = default;

  // Lazy decoding. From now until the first read, these Properties are what
  // `decoder` decodes from the bytes the caller writes into the returned
  // buffer (emptied; its storage is kept from one Hold to the next). Every
  // member below is a read, bar Clear and Reserve. The entries held so far are
  // kept for the decoder to overwrite in place.
  // REQUIRES: `decoder` outlives the hold and the bytes are written before
  // the next read. Not thread-safe: see the file comment.
  std::string* Hold(const PropertyDecoder* decoder);
  // True while bytes are held undecoded.
  bool holds_undecoded() const { return decoder_ != nullptr; }
  // Copy assignment that keeps `other`'s held bytes held, undecoded, rather
  // than decoding them: for a stream that hands on a scan's current element
  // and keeps the scan's graph (hence the decoder) alive.
  // REQUIRES: `other`'s decoder outlives this copy's hold.
  void AssignKeepingHold(const Properties& other);

  // Returns nullptr when `name` is absent.
  const Value* Find(std::string_view name) const;
  // While bytes are held: copies property `name` (null when absent) into
  // `*out`, decoding it alone and leaving the rest held, for a test that
  // reads one property of cells it may drop. False, with `*out` as it was,
  // when nothing is held or the decoder cannot: use Find then.
  bool PeekHeld(std::string_view name, Value* out) const {
    return decoder_ != nullptr && decoder_->DecodeOneHeld(*held_, name, out);
  }
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
  // than any before it. Held bytes are dropped undecoded.
  void Clear() {
    decoder_ = nullptr;
    entries_.clear();
  }
  void Reserve(size_t n) { entries_.reserve(n); }
  bool Contains(std::string_view name) const { return Find(name) != nullptr; }

  size_t size() const { return Decoded().size(); }
  bool empty() const { return Decoded().empty(); }
  std::vector<Entry>::const_iterator begin() const { return Decoded().begin(); }
  std::vector<Entry>::const_iterator end() const { return Decoded().end(); }

  friend bool operator==(const Properties& a, const Properties& b) {
    return a.Decoded() == b.Decoded();
  }

 private:
  // The entries, once held bytes (if any) are decoded.
  const std::vector<Entry>& Decoded() const {
    if (decoder_ != nullptr) [[unlikely]]
      DecodeHeldBytes();
    return entries_;
  }
  void DecodeHeldBytes() const;

  // Mutable: the first read of held bytes decodes them into entries_.
  mutable std::vector<Entry> entries_;
  mutable const PropertyDecoder* decoder_ = nullptr;  // Non-null while holding.
  // Allocated by the first Hold and kept: only a scan's element ever holds,
  // so the many Properties that never do cost one pointer, not a string.
  std::unique_ptr<std::string> held_;
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

  // The same for a decoder that writes the vertices itself, into the slots
  // returned: a slot keeps its storage, so a string vertex reuses its buffer.
  // An edge's slots are (source, destination) as stored. REQUIRES: after
  // filling both, the caller calls NormaliseEdge(), which puts an undirected
  // edge in Edge()'s order.
  Value& ResetToEntityInPlace(std::string_view group);
  std::pair<Value*, Value*> ResetToEdgeInPlace(std::string_view group, bool directed,
                                               std::optional<MatchedVertex> matched_vertex);
  void NormaliseEdge();

  // Copy assignment that keeps held properties held (Properties::
  // AssignKeepingHold, whose REQUIRES applies).
  void AssignKeepingHold(const Element& other);

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
