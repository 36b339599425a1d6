#include "keypackages/value_format.h"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <string>

#include "schema/vlong.h"

namespace quarry {
namespace {

constexpr int64_t kAbsentLength = -1;  // kAbsentPropertyByte as a VLong.

std::string Where(const SchemaElementDefinition& def, const PropertyDefinition& p) {
  return "group '" + def.group() + "' property '" + p.name + "'";
}

// The fast acceptor of a groupBy name the group has no property for.
bool AcceptsOnlyEmpty(std::string_view bytes) { return bytes.empty(); }

// Skips the column-qualifier slot of groupBy name `name`, which the group has
// no property for: Gaffer writes it empty, and anything in it is unreadable.
Status SkipPropertyWithoutDefinition(const std::string& name, std::string_view* cq) {
  size_t pos = 0;
  Result<std::string_view> bytes = ReadLengthPrefixed(*cq, &pos);
  if (!bytes.ok()) {
    return DataLossError("groupBy name '" + name + "': " + bytes.status().message());
  }
  cq->remove_prefix(pos);
  return Status::OK();
}

// Reused per thread: serialising a property must not allocate per element.
std::string& Scratch() {
  thread_local std::string scratch;
  scratch.clear();
  return scratch;
}

}  // namespace

uint32_t ValueFormatToWrite(uint32_t stored) { return stored == 1 ? 2 : stored; }

std::string ReadableValueFormats() {
  return std::to_string(kOldestReadableValueFormatVersion) + " to " +
         std::to_string(kValueFormatVersion);
}

Result<uint32_t> ReadableValueFormat(uint64_t stored, std::string_view what) {
  if (!IsReadableValueFormat(stored)) {
    return FailedPreconditionError("graph metadata " + std::string(what) + " is version " +
                                   std::to_string(stored) + "; this build reads versions " +
                                   ReadableValueFormats());
  }
  return static_cast<uint32_t>(stored);
}

bool ValuesCarryTimestamp(const Schema& schema, uint32_t value_format) {
  return value_format < 3 || schema.timestamp_property().has_value();
}

Result<PropertyLayout> PropertyLayout::For(const Schema& schema, const SchemaElementDefinition& def,
                                           uint32_t value_format) {
  PropertyLayout layout;
  layout.def_ = &def;
  layout.value_has_timestamp_ = ValuesCarryTimestamp(schema, value_format);
  for (const PropertyDefinition& p : def.properties()) {
    if (p.type == nullptr || p.type->serialiser == nullptr) {
      return InvalidArgumentError(Where(def, p) + " has no serialiser");
    }
    const bool is_visibility = schema.visibility_property() == p.name;
    const bool is_timestamp = schema.timestamp_property() == p.name;
    if (is_visibility) layout.visibility_ = &p;
    if (is_timestamp) layout.timestamp_ = &p;
    if (!is_visibility && !is_timestamp && !def.IsGroupBy(p.name)) layout.value_.push_back(&p);
    layout.names_.push_back(p.name);
  }
  std::sort(layout.names_.begin(), layout.names_.end());
  // A groupBy name the group has no property for (Gaffer allows one) is a
  // null slot: always empty in the column qualifier.
  for (const std::string& name : def.group_by()) {
    layout.group_by_.push_back(def.FindProperty(name));
  }
  layout.quick_ = true;
  auto acceptor = [&layout](const PropertyDefinition* p) {
    if (p == nullptr) return &AcceptsOnlyEmpty;
    Serialiser::Acceptor a = p->type->serialiser->FastAcceptor();
    if (a == nullptr) layout.quick_ = false;
    return a;
  };
  for (const PropertyDefinition* p : layout.group_by_) {
    layout.group_by_accept_.push_back(acceptor(p));
  }
  for (const PropertyDefinition* p : layout.value_) layout.value_accept_.push_back(acceptor(p));
  if (layout.visibility_ != nullptr) layout.visibility_accept_ = acceptor(layout.visibility_);
  return layout;
}

Status PropertyLayout::AppendSerialised(const PropertyDefinition& p, const Properties& properties,
                                        bool absent_marker, std::string* dst) const {
  const Value* v = properties.Find(p.name);
  if (v == nullptr || v->is_null()) {
    AppendVLong(absent_marker ? kAbsentLength : 0, dst);
    return Status::OK();
  }
  std::string& bytes = Scratch();
  Status s = p.type->serialiser->Serialise(*v, &bytes);
  if (!s.ok()) return InvalidArgumentError(Where(*def_, p) + ": " + s.message());
  AppendVLong(static_cast<int64_t>(bytes.size()), dst);
  dst->append(bytes);
  return Status::OK();
}

Result<std::string_view> PropertyLayout::TakePropertyBytes(std::string_view* in) {
  if (!in->empty() && static_cast<uint8_t>((*in)[0]) == kAbsentPropertyByte) {
    in->remove_prefix(1);  // VLong(-1): absent or null when written.
    return std::string_view();
  }
  size_t pos = 0;
  QUARRY_ASSIGN_OR_RETURN(std::string_view bytes, ReadLengthPrefixed(*in, &pos));
  in->remove_prefix(pos);
  return bytes;
}

Status PropertyLayout::DeserialiseBytes(const PropertyDefinition& p, std::string_view bytes,
                                        Value* out) {
  // Read back as Gaffer's AccumuloStore reads a null property (written as
  // zero bytes): the serialiser's empty value, so "" for a String, false
  // for a Boolean, an empty TreeSet or FreqMap, and absent for a number.
  const Serialiser& ser = *p.type->serialiser;
  if (bytes.empty()) {
    *out = ser.DeserialiseEmpty();
    return Status::OK();
  }
  return ser.DeserialiseInto(bytes, out);
}

Status PropertyLayout::SetDeserialised(const PropertyDefinition& p, std::string_view bytes,
                                       Properties* out) const {
  if (out == nullptr) {  // Check only.
    Status status = p.type->serialiser->Check(bytes);
    if (!status.ok()) return DataLossError(Where(*def_, p) + ": " + status.message());
    return Status::OK();
  }
  Value* slot = out->Slot(p.name);
  Status status = DeserialiseBytes(p, bytes, slot);
  if (!status.ok() || slot->is_null()) out->Erase(p.name);  // Never a null property.
  if (!status.ok()) return DataLossError(Where(*def_, p) + ": " + status.message());
  return Status::OK();
}

Status PropertyLayout::ReadProperty(const PropertyDefinition& p, std::string_view* in,
                                    Properties* out) const {
  Result<std::string_view> bytes = TakePropertyBytes(in);
  if (!bytes.ok()) return DataLossError(Where(*def_, p) + ": " + bytes.status().message());
  return SetDeserialised(p, bytes.value(), out);
}

Status PropertyLayout::EncodeValue(const Properties& properties, int64_t timestamp,
                                   std::string* dst) const {
  if (value_has_timestamp_) AppendValueTimestamp(timestamp, dst);
  for (const PropertyDefinition* p : value_) {
    QUARRY_RETURN_IF_ERROR(AppendSerialised(*p, properties, /*absent_marker=*/true, dst));
  }
  return Status::OK();
}

Status PropertyLayout::DecodeValue(std::string_view value, int64_t* timestamp,
                                   Properties* out) const {
  *timestamp = 0;
  if (value_has_timestamp_) {
    Result<int64_t> ts = ValueTimestamp(value);
    if (!ts.ok()) return DataLossError("group '" + def_->group() + "': " + ts.status().message());
    *timestamp = ts.value();
    value.remove_prefix(kValueTimestampBytes);
  }
  for (const PropertyDefinition* p : value_) {
    if (value.empty()) {
      if (out != nullptr) out->Erase(p->name);  // Trailing properties may be missing.
      continue;
    }
    QUARRY_RETURN_IF_ERROR(ReadProperty(*p, &value, out));
  }
  if (!value.empty()) {
    return DataLossError("group '" + def_->group() + "': " + std::to_string(value.size()) +
                         " unexpected bytes after the last property of the value");
  }
  if (timestamp_ != nullptr && out != nullptr) {
    out->Slot(timestamp_->name)->AssignInt64(*timestamp);
  }
  return Status::OK();
}

Status PropertyLayout::EncodeColumnQualifier(const Properties& properties, std::string* dst) const {
  for (const PropertyDefinition* p : group_by_) {
    if (p == nullptr) {
      AppendVLong(0, dst);  // A groupBy name with no property: always empty.
      continue;
    }
    QUARRY_RETURN_IF_ERROR(AppendSerialised(*p, properties, /*absent_marker=*/false, dst));
  }
  return Status::OK();
}

Status PropertyLayout::DecodeColumnQualifier(std::string_view cq, Properties* out) const {
  for (size_t i = 0; i < group_by_.size(); ++i) {
    const PropertyDefinition* p = group_by_[i];
    if (cq.empty()) {
      return DataLossError("group '" + def_->group() + "' groupBy property '" +
                           def_->group_by()[i] + "': missing from the column qualifier");
    }
    if (p == nullptr) {
      QUARRY_RETURN_IF_ERROR(SkipPropertyWithoutDefinition(def_->group_by()[i], &cq));
      continue;
    }
    QUARRY_RETURN_IF_ERROR(ReadProperty(*p, &cq, out));
  }
  if (!cq.empty()) {
    return DataLossError("group '" + def_->group() + "': " + std::to_string(cq.size()) +
                         " unexpected bytes after the groupBy properties");
  }
  return Status::OK();
}

Status PropertyLayout::EncodeVisibility(const Properties& properties, std::string* dst) const {
  if (visibility_ == nullptr) return Status::OK();
  const Value* v = properties.Find(visibility_->name);
  if (v == nullptr || v->is_null()) return Status::OK();
  Status s = visibility_->type->serialiser->Serialise(*v, dst);
  if (!s.ok()) return InvalidArgumentError(Where(*def_, *visibility_) + ": " + s.message());
  return Status::OK();
}

Status PropertyLayout::DecodeVisibility(std::string_view visibility, Properties* out) const {
  if (visibility_ == nullptr) {
    if (visibility.empty()) return Status::OK();
    return DataLossError("group '" + def_->group() +
                         "' has no visibility property but the key holds a visibility");
  }
  return SetDeserialised(*visibility_, visibility, out);
}

Result<int64_t> ValueTimestamp(std::string_view value) {
  if (value.size() < kValueTimestampBytes) {
    return DataLossError("value of " + std::to_string(value.size()) +
                         " bytes is too short to hold its 8-byte timestamp");
  }
  uint64_t u = 0;
  for (size_t i = 0; i < kValueTimestampBytes; ++i) {
    u = (u << 8) | static_cast<unsigned char>(value[i]);
  }
  return static_cast<int64_t>(u);
}

void AppendValueTimestamp(int64_t timestamp, std::string* dst) {
  const uint64_t u = static_cast<uint64_t>(timestamp);
  for (int shift = 56; shift >= 0; shift -= 8) {
    dst->push_back(static_cast<char>((u >> shift) & 0xFF));
  }
}

}  // namespace quarry
