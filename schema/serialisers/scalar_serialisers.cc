// String, Bytes, Boolean and the CompactRaw serialisers (formats in their
// headers).
#include <cstdint>
#include <limits>

#include "schema/serialisers/boolean_serialiser.h"
#include "schema/serialisers/bytes_serialiser.h"
#include "schema/serialisers/compact_raw_serialisers.h"
#include "schema/serialisers/string_serialiser.h"
#include "schema/vlong.h"

namespace quarry {
namespace {

// Exactly one VLong filling `bytes`.
Result<int64_t> ReadWholeVLong(std::string_view bytes) {
  size_t pos = 0;
  QUARRY_ASSIGN_OR_RETURN(int64_t v, ReadVLong(bytes, &pos));
  if (pos != bytes.size()) {
    return DataLossError(std::to_string(bytes.size() - pos) + " trailing bytes after the VLong");
  }
  return v;
}

}  // namespace

Status StringSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  dst->append(value.AsString());
  return Status::OK();
}

Status StringSerialiser::DeserialiseNonEmptyInto(std::string_view bytes, Value* out) const {
  out->AssignString(bytes);
  return Status::OK();
}

Status BytesSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  dst->append(value.AsString());
  return Status::OK();
}

Result<Value> BytesSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  return Value::Bytes(std::string(bytes));
}

Status BooleanSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  dst->push_back(value.AsBool() ? '\x01' : '\x00');
  return Status::OK();
}

Result<Value> BooleanSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  return Value::Bool(bytes.size() == 1 && bytes[0] == '\x01');
}

Status CompactRawLongSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  AppendVLong(value.AsInt64(), dst);
  return Status::OK();
}

Result<Value> CompactRawLongSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  QUARRY_ASSIGN_OR_RETURN(int64_t v, ReadWholeVLong(bytes));
  return Value::Int64(v);
}

Status CompactRawIntegerSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  AppendVLong(value.AsInt32(), dst);
  return Status::OK();
}

Result<Value> CompactRawIntegerSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  QUARRY_ASSIGN_OR_RETURN(int64_t v, ReadWholeVLong(bytes));
  if (v < std::numeric_limits<int32_t>::min() || v > std::numeric_limits<int32_t>::max()) {
    return DataLossError("value " + std::to_string(v) + " is outside the Integer range");
  }
  return Value::Int32(static_cast<int32_t>(v));
}

}  // namespace quarry
