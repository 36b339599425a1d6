// Serialisers: Value <-> bytes, one per Gaffer serialiser class
// (gaffer-compat.md §3). The exact byte format of each lives in its own
// header under schema/serialisers/.
//
// Null handling (Gaffer's ToBytesSerialiser): a null value serialises to zero
// bytes; zero bytes deserialise to DeserialiseEmpty() (e.g. "" for String,
// false for Boolean, null for Long).
//
// Thread safety: immutable; all methods are const and reentrant.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "graph-core/value.h"

namespace quarry {

class Serialiser {
 public:
  virtual ~Serialiser() = default;

  // Gaffer's full class name, e.g.
  // "uk.gov.gchq.gaffer.serialisation.implementation.ordered.OrderedLongSerialiser".
  virtual std::string_view ClassName() const = 0;

  // Bytewise order of outputs equals Value order (usable in keys, ranges).
  // This is Gaffer's declaration, kept so defaults match Gaffer; Gaffer's own
  // serialisers break it in places: OrderedDouble/OrderedFloat sort values
  // with the sign bit set after all others, TreeSetString misorders prefix
  // sets, String sorts UTF-8 not UTF-16 (see their headers).
  virtual bool PreservesOrder() const = 0;
  // Equal values always give equal bytes (usable for vertices and groupBy).
  virtual bool IsConsistent() const = 0;
  virtual bool CanHandle(ValueType type) const = 0;

  // Appends the bytes of `value` to `*dst`. InvalidArgument if the value's
  // type cannot be handled.
  virtual Status Serialise(const Value& value, std::string* dst) const = 0;
  // DataLoss (naming the serialiser) if `bytes` are not a valid encoding.
  virtual Result<Value> Deserialise(std::string_view bytes) const = 0;
  // Deserialise into `*out`, which decoders refilling one element per cell
  // reuse: the hot serialisers build the value in place rather than moving
  // it through a Result. Errors as Deserialise; *out unchanged on error.
  virtual Status DeserialiseInto(std::string_view bytes, Value* out) const;
  virtual Value DeserialiseEmpty() const { return Value(); }
  // OK exactly when DeserialiseInto(bytes) succeeds, else its error; for
  // lazy decoding, where a scan checks every cell and decodes only the ones
  // read. The default deserialises into a scratch value; the hot serialisers
  // check without building anything.
  virtual Status Check(std::string_view bytes) const;
  // A plain function answering Check(bytes).ok(), with no virtual call and no
  // Status, for the serialisers simple enough to have one (String, the
  // ordered longs and dates); null for the rest. Lazy decoding runs it on
  // every property of every cell it holds.
  using Acceptor = bool (*)(std::string_view bytes);
  virtual Acceptor FastAcceptor() const { return nullptr; }

  // {"class": ClassName(), ...fields}.
  virtual Json ToJson() const;
};

// The serialiser named by a schema: {"class": "...", fields} or a bare class
// name string; full or simple class name (first letter in either case).
// Gaffer 1.x serialisers (raw.Raw*, the decimal-text ones) are supported, and
// a uk.gov.gchq.gaffer.* name from another package matches by simple name.
// SetSerialiser needs "objectSerialiser" (and optional "setClass");
// MapSerialiser needs "keySerialiser" and "valueSerialiser" (optional
// "mapClass"); nested serialisers are class names or objects.
// gaffer-doc's example uk.gov.gchq.gaffer.doc.dev.serialiser.VisibilitySerialiser
// is recognised by its full name only.
// Errors, prefixed with `path`: InvalidArgument "...: unknown serialiser
// class 'X'" or a malformed/missing field; Unimplemented for Gaffer
// serialisers Quarry deliberately lacks (JavaSerialiser, MultiSerialiser,
// StringToStringSerialiser, the other sketch and time-library serialisers).
Result<std::shared_ptr<const Serialiser>> ParseSerialiser(const Json& json, std::string_view path);

// Gaffer's SerialisationFactory choice for a class: the first serialiser in
// Gaffer's order (OrderedLong, OrderedDate, OrderedInteger, OrderedDouble,
// OrderedFloat, String, Bytes, CompactRawInteger, CompactRawLong, Boolean,
// TreeSetString, TypeValue, TypeSubTypeValue, FreqMap, then the
// AccumuloStore's HyperLogLogPlus and HllSketch) that handles `type` and,
// when asked, preserves order and is consistent. Where Gaffer falls back to
// JavaSerialiser for HashSet, ArrayList, HashMap and TreeMap, Quarry gives
// its TypedCollectionSerialiser (schema/serialisers/typed_collection_serialiser.h;
// neither order-preserving nor consistent). InvalidArgument if none
// qualifies (e.g. a consistent FreqMap serialiser for groupBy, or a HashSet
// groupBy property).
// Returned instances are shared singletons.
Result<std::shared_ptr<const Serialiser>> DefaultSerialiser(ValueType type, bool preserve_order,
                                                            bool consistent);

}  // namespace quarry
