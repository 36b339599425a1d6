// TypedCollectionSerialiser (format in its header).
#include "schema/serialisers/typed_collection_serialiser.h"

#include <array>
#include <memory>
#include <utility>

#include "schema/vlong.h"

namespace quarry {
namespace {

using CollectionTag = TypedCollectionSerialiser::CollectionTag;
using ItemTag = TypedCollectionSerialiser::ItemTag;
constexpr int kMaxDepth = TypedCollectionSerialiser::kMaxDepth;

struct TagPair {
  ValueType type;
  ItemTag tag;
};

// The persisted tag of each ValueType (ValueType itself is not persisted).
constexpr std::array<TagPair, 19> kItemTags = {{
    {ValueType::kNull, ItemTag::kNull},
    {ValueType::kBool, ItemTag::kBool},
    {ValueType::kInt32, ItemTag::kInt32},
    {ValueType::kInt64, ItemTag::kInt64},
    {ValueType::kFloat, ItemTag::kFloat},
    {ValueType::kDouble, ItemTag::kDouble},
    {ValueType::kString, ItemTag::kString},
    {ValueType::kBytes, ItemTag::kBytes},
    {ValueType::kDate, ItemTag::kDate},
    {ValueType::kTreeSet, ItemTag::kTreeSet},
    {ValueType::kHashSet, ItemTag::kHashSet},
    {ValueType::kList, ItemTag::kList},
    {ValueType::kMap, ItemTag::kMap},
    {ValueType::kFreqMap, ItemTag::kFreqMap},
    {ValueType::kTypeValue, ItemTag::kTypeValue},
    {ValueType::kTypeSubTypeValue, ItemTag::kTypeSubTypeValue},
    {ValueType::kHllSketch, ItemTag::kHllSketch},
    {ValueType::kHyperLogLogPlus, ItemTag::kHyperLogLogPlus},
    {ValueType::kInt16, ItemTag::kInt16},
}};

ItemTag TagOf(ValueType type) {
  for (const TagPair& p : kItemTags) {
    if (p.type == type) return p.tag;
  }
  return ItemTag::kNull;  // Unreachable: every ValueType is listed.
}

const TagPair* FindTag(uint8_t byte) {
  for (const TagPair& p : kItemTags) {
    if (static_cast<uint8_t>(p.tag) == byte) return &p;
  }
  return nullptr;
}

bool IsCollection(ValueType type) {
  return type == ValueType::kHashSet || type == ValueType::kList || type == ValueType::kMap;
}

// The default serialiser of every non-collection item type, looked up once.
const Serialiser* ItemSerialiser(ValueType type) {
  static const auto* const kSerialisers = [] {
    auto* out = new std::array<std::shared_ptr<const Serialiser>, kItemTags.size()>();
    for (size_t i = 0; i < kItemTags.size(); ++i) {
      ValueType t = kItemTags[i].type;
      if (t == ValueType::kNull || IsCollection(t)) continue;
      auto s = DefaultSerialiser(t, false, false);
      if (s.ok()) (*out)[i] = *s;
    }
    return out;
  }();
  for (size_t i = 0; i < kItemTags.size(); ++i) {
    if (kItemTags[i].type == type) return (*kSerialisers)[i].get();
  }
  return nullptr;
}

Status AppendCollection(const Value& value, int depth, std::string* dst);

Status AppendItem(const Value& item, int depth, std::string* dst) {
  dst->push_back(static_cast<char>(TagOf(item.type())));
  std::string bytes;
  if (IsCollection(item.type())) {
    QUARRY_RETURN_IF_ERROR(AppendCollection(item, depth + 1, &bytes));
  } else if (!item.is_null()) {
    const Serialiser* s = ItemSerialiser(item.type());
    if (s == nullptr) {
      return InvalidArgumentError("no serialiser for an item of class " +
                                  std::string(JavaClassName(item.type())));
    }
    QUARRY_RETURN_IF_ERROR(s->Serialise(item, &bytes));
  }
  AppendLengthPrefixed(bytes, dst);
  return Status::OK();
}

Status AppendCollection(const Value& value, int depth, std::string* dst) {
  if (depth >= kMaxDepth) {
    return InvalidArgumentError("collections nested more than " + std::to_string(kMaxDepth) +
                                " deep");
  }
  if (value.type() == ValueType::kMap) {
    dst->push_back(static_cast<char>(CollectionTag::kMap));
    for (const auto& [key, item] : value.AsEntries()) {
      QUARRY_RETURN_IF_ERROR(AppendItem(key, depth, dst));
      QUARRY_RETURN_IF_ERROR(AppendItem(item, depth, dst));
    }
    return Status::OK();
  }
  dst->push_back(static_cast<char>(value.type() == ValueType::kList ? CollectionTag::kList
                                                                    : CollectionTag::kHashSet));
  for (const Value& item : value.AsItems()) QUARRY_RETURN_IF_ERROR(AppendItem(item, depth, dst));
  return Status::OK();
}

Result<Value> ReadCollection(std::string_view bytes, int depth);

Result<Value> ReadItem(std::string_view bytes, size_t* pos, int depth) {
  const TagPair* tag = FindTag(static_cast<uint8_t>(bytes[*pos]));
  if (tag == nullptr) {
    return DataLossError("unknown item tag " + std::to_string(static_cast<uint8_t>(bytes[*pos])));
  }
  ++*pos;
  QUARRY_ASSIGN_OR_RETURN(std::string_view item, ReadLengthPrefixed(bytes, pos));
  if (tag->type == ValueType::kNull) {
    if (!item.empty()) return DataLossError("a null item has bytes");
    return Value();
  }
  if (IsCollection(tag->type)) return ReadCollection(item, depth + 1);
  const Serialiser* s = ItemSerialiser(tag->type);
  if (s == nullptr) return DataLossError("no serialiser for item tag");
  return s->Deserialise(item);
}

Result<Value> ReadCollection(std::string_view bytes, int depth) {
  if (depth >= kMaxDepth) return DataLossError("collections nested too deeply");
  if (bytes.empty()) return DataLossError("a nested collection has no kind tag");
  auto kind = static_cast<CollectionTag>(bytes[0]);
  if (kind != CollectionTag::kHashSet && kind != CollectionTag::kList &&
      kind != CollectionTag::kMap) {
    return DataLossError("unknown collection tag " +
                         std::to_string(static_cast<uint8_t>(bytes[0])));
  }
  size_t pos = 1;
  ValueList items;
  ValueEntries entries;
  while (pos < bytes.size()) {
    QUARRY_ASSIGN_OR_RETURN(Value item, ReadItem(bytes, &pos, depth));
    if (kind != CollectionTag::kMap) {
      items.push_back(std::move(item));
      continue;
    }
    if (pos == bytes.size()) return DataLossError("a key has no value");
    QUARRY_ASSIGN_OR_RETURN(Value mapped, ReadItem(bytes, &pos, depth));
    entries.emplace_back(std::move(item), std::move(mapped));
  }
  if (kind == CollectionTag::kMap) return Value::Map(std::move(entries));
  if (kind == CollectionTag::kList) return Value::List(std::move(items));
  return Value::HashSet(std::move(items));
}

}  // namespace

Status TypedCollectionSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  return AppendCollection(value, 0, dst);
}

Result<Value> TypedCollectionSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  return ReadCollection(bytes, 0);
}

}  // namespace quarry
