// Item: one value flowing between the operations of a chain (an element, an
// element id, a vertex or other typed value, or an opaque JSON value such as
// a nested list), and ItemStream, the pull-based stream that carries them.
//
// Streams keep memory bounded: each stage pulls one item at a time from the
// stage before. Only the stages that must remember what they saw (ToSet,
// CountGroups, seed lists handed to the store) hold more than one item.
//
// Thread safety: streams are not thread-safe; one consumer at a time.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "graph-core/element.h"
#include "graph-core/element_id.h"
#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "graph-core/value.h"
#include "iterators/element_iterator.h"

namespace quarry {

using Item = std::variant<Element, ElementId, Value, Json>;

// Gaffer's JSON for an item: elements and seeds with full class names, values
// bare or wrapped per json_value.h, JSON as is.
Json ItemToJson(const Item& item);
// ItemToJson(item) compactly dumped, appended to `out` without building the
// tree (graph-core/json_writer.h).
void AppendItemJson(const Item& item, std::string* out);

// The JSON Gaffer's REST API writes for an operation's result. Its mapper has
// no default typing, so only slots Gaffer annotates carry a class wrapper
// (element properties, seed vertices, a predicate's value): a Long, Float,
// Date, byte[] or collection anywhere else is written bare, a set or list as
// an array and a map as an object ([1, "b"], not [{"java.lang.Long": 1},
// "b"]; Gaffer's handler tests and ITs, e.g. ToVertices of Long vertices).
// Objects with a "class" field (elements, seeds, walks, other beans) are
// kept as they are. Items inside a chain keep their wrappers (ItemToJson):
// the next operation must still see a Long as a Long.
Json ToResultJson(Json json);  // Rewritten in place: pass an rvalue to spare a copy.
Json ItemToResultJson(const Item& item);
// ItemToResultJson(item) compactly dumped, appended to `out`; elements and
// seeds are written without building a tree.
void AppendItemResultJson(const Item& item, std::string* out);

// Item equality as Gaffer's equals(): elements ignore matchedVertex, edge
// seeds ignore matchedVertex, values compare type and value.
bool ItemEquals(const Item& a, const Item& b);
size_t ItemHash(const Item& item);

struct ItemHasher {
  size_t operator()(const Item& item) const { return ItemHash(item); }
};
struct ItemEq {
  bool operator()(const Item& a, const Item& b) const { return ItemEquals(a, b); }
};

// Contract as ElementIterator: positioned on the first item when returned;
// Valid() false at the end or after an error (status() tells which); item()
// valid until the next Next().
class ItemStream {
 public:
  virtual ~ItemStream() = default;
  virtual bool Valid() const = 0;
  virtual void Next() = 0;               // REQUIRES: Valid().
  virtual const Item& item() const = 0;  // REQUIRES: Valid().
  virtual Status status() const = 0;
};

// A stream over items it owns.
std::unique_ptr<ItemStream> MakeVectorStream(std::vector<Item> items);

// A stream of the elements of `it` (which it owns). `keep_alive` is held for
// the stream's lifetime (e.g. the Graph the iterator reads).
std::unique_ptr<ItemStream> MakeElementStream(std::unique_ptr<ElementIterator> it,
                                              std::shared_ptr<const void> keep_alive);

// Maps each input item to zero or more output items. `fn` appends to `out`
// (cleared before each call); an error ends the stream with that status.
using FlatMapFn = std::function<Status(const Item& in, std::vector<Item>* out)>;
std::unique_ptr<ItemStream> MakeFlatMapStream(std::unique_ptr<ItemStream> input, FlatMapFn fn);

// The first `limit` items. With `fail_if_more`, a further item ends the
// stream with ResourceExhausted instead (Gaffer's Limit with truncate false).
std::unique_ptr<ItemStream> MakeLimitStream(std::unique_ptr<ItemStream> input, uint64_t limit,
                                            bool fail_if_more);

// The first occurrence of each distinct item (ItemEquals), in input order.
// Remembers at most `max_distinct` items; one more is ResourceExhausted.
std::unique_ptr<ItemStream> MakeDistinctStream(std::unique_ptr<ItemStream> input,
                                               size_t max_distinct);

// Emits `prefix` items first, then the items of `input`.
std::unique_ptr<ItemStream> MakePrefixedStream(std::vector<Item> prefix,
                                               std::unique_ptr<ItemStream> input);

}  // namespace quarry
