// SetSerialiser and MapSerialiser (formats in their headers).
#include <utility>

#include "schema/serialisers/map_serialiser.h"
#include "schema/serialisers/set_serialiser.h"
#include "schema/vlong.h"

namespace quarry {
namespace {

// Serialises `item` with `serialiser` and appends it length-prefixed.
Status AppendItem(const Serialiser& serialiser, const Value& item, std::string* scratch,
                  std::string* dst) {
  scratch->clear();
  QUARRY_RETURN_IF_ERROR(serialiser.Serialise(item, scratch));
  AppendLengthPrefixed(*scratch, dst);
  return Status::OK();
}

// Reads the next length-prefixed item at `*pos` and deserialises it.
Result<Value> ReadItem(const Serialiser& serialiser, std::string_view bytes, size_t* pos) {
  QUARRY_ASSIGN_OR_RETURN(std::string_view item, ReadLengthPrefixed(bytes, pos));
  return serialiser.Deserialise(item);
}

// A nested serialiser in JSON: its class name, or its whole object if it has
// fields of its own.
Json NestedJson(const Serialiser& serialiser) {
  Json json = serialiser.ToJson();
  if (json.is_object() && json.size() == 1) return json["class"];
  return json;
}

}  // namespace

SetSerialiser::SetSerialiser(std::shared_ptr<const Serialiser> item_serialiser, ValueType set_type)
    : SerialiserBase({kClassName, false, false}, {ValueType::kTreeSet, ValueType::kHashSet}),
      item_serialiser_(std::move(item_serialiser)),
      set_type_(set_type) {}

Value SetSerialiser::DeserialiseEmpty() const {
  return set_type_ == ValueType::kTreeSet ? Value::TreeSet({}) : Value::HashSet({});
}

Json SetSerialiser::ToJson() const {
  Json json = Serialiser::ToJson();
  json["objectSerialiser"] = NestedJson(*item_serialiser_);
  json["setClass"] = std::string(JavaClassName(set_type_));
  return json;
}

Status SetSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  std::string scratch;
  for (const Value& item : value.AsItems()) {
    QUARRY_RETURN_IF_ERROR(AppendItem(*item_serialiser_, item, &scratch, dst));
  }
  return Status::OK();
}

Result<Value> SetSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  ValueList items;
  size_t pos = 0;
  while (pos < bytes.size()) {
    QUARRY_ASSIGN_OR_RETURN(Value item, ReadItem(*item_serialiser_, bytes, &pos));
    items.push_back(std::move(item));
  }
  return set_type_ == ValueType::kTreeSet ? Value::TreeSet(std::move(items))
                                          : Value::HashSet(std::move(items));
}

MapSerialiser::MapSerialiser(std::shared_ptr<const Serialiser> key_serialiser,
                             std::shared_ptr<const Serialiser> value_serialiser)
    : SerialiserBase({kClassName, false, false}, {ValueType::kMap}),
      key_serialiser_(std::move(key_serialiser)),
      value_serialiser_(std::move(value_serialiser)) {}

Json MapSerialiser::ToJson() const {
  Json json = Serialiser::ToJson();
  json["keySerialiser"] = NestedJson(*key_serialiser_);
  json["valueSerialiser"] = NestedJson(*value_serialiser_);
  return json;
}

Status MapSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  std::string scratch;
  for (const auto& [key, item] : value.AsEntries()) {
    QUARRY_RETURN_IF_ERROR(AppendItem(*key_serialiser_, key, &scratch, dst));
    QUARRY_RETURN_IF_ERROR(AppendItem(*value_serialiser_, item, &scratch, dst));
  }
  return Status::OK();
}

Result<Value> MapSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  ValueEntries entries;
  size_t pos = 0;
  while (pos < bytes.size()) {
    QUARRY_ASSIGN_OR_RETURN(Value key, ReadItem(*key_serialiser_, bytes, &pos));
    if (pos == bytes.size()) return DataLossError("a key has no value");
    QUARRY_ASSIGN_OR_RETURN(Value item, ReadItem(*value_serialiser_, bytes, &pos));
    entries.emplace_back(std::move(key), std::move(item));
  }
  return Value::Map(std::move(entries));
}

}  // namespace quarry
