// TypedCollectionSerialiser: Quarry's stand-in for Gaffer's JavaSerialiser,
// the fallback Gaffer's SerialisationFactory uses for java.util.HashSet,
// ArrayList, HashMap and TreeMap (gaffer-compat.md §3.1). Java object
// serialisation is not portable, so a schema naming one of those classes
// with no serialiser gets this self-describing format instead. The schema's
// class says nothing about the item classes, so every item carries its own
// type tag.
//
// Class name: "quarry.serialisation.TypedCollectionSerialiser" (Quarry's
// own; a schema may name it). Handles kHashSet, kList and kMap (HashMap and
// TreeMap). Not order-preserving, not consistent (as JavaSerialiser).
//
// Persisted format:
//   collection := kind-tag item*            (kind-tag: 1 byte, CollectionTag)
//     HashSet / ArrayList: the items in Value order;
//     Map: key item, value item, per entry in key order.
//   item := type-tag VLong(n) n-bytes       (type-tag: 1 byte, ItemTag)
//     the n bytes are the item written by its default serialiser,
//     DefaultSerialiser(item type, false, false) (e.g. OrderedLong for a
//     Long, StringSerialiser for a String); a nested HashSet/ArrayList/Map
//     item is itself a collection in this format; a null item is tag 00 and
//     n = 0.
// Vectors:
//   HashSet{"a", "bc"}        -> 01 06 01 61 06 02 62 63
//   ArrayList[1L, null]       -> 02 03 09 08 80 00 00 00 00 00 00 01 00 00
//   Map{"k": true}            -> 03 06 01 6b 01 01 01
//   empty HashSet             -> 01
//   null                      -> (zero bytes); zero bytes read back as null.
// Nesting deeper than kMaxDepth collections is InvalidArgument on write and
// DataLoss on read; unknown tags, truncation, a key with no value or a null
// item with bytes are DataLoss.
//
// Thread safety: immutable.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

class TypedCollectionSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName = "quarry.serialisation.TypedCollectionSerialiser";
  static constexpr int kMaxDepth = 32;

  // Persisted: never renumber.
  enum class CollectionTag : uint8_t { kHashSet = 1, kList = 2, kMap = 3 };
  // Persisted: never renumber. One per ValueType, same names.
  enum class ItemTag : uint8_t {
    kNull = 0,
    kBool = 1,
    kInt32 = 2,
    kInt64 = 3,
    kFloat = 4,
    kDouble = 5,
    kString = 6,
    kBytes = 7,
    kDate = 8,
    kTreeSet = 9,
    kHashSet = 10,
    kList = 11,
    kMap = 12,
    kFreqMap = 13,
    kTypeValue = 14,
    kTypeSubTypeValue = 15,
    kHllSketch = 16,
    kHyperLogLogPlus = 17,
    kInt16 = 18,  // java.lang.Short, written by OrderedShortSerialiser.
  };

  TypedCollectionSerialiser()
      : SerialiserBase({kClassName, false, false},
                       {ValueType::kHashSet, ValueType::kList, ValueType::kMap}) {}

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;
};

}  // namespace quarry
