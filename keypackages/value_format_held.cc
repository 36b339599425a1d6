// PropertyLayout's held cells (Properties::Hold): HoldCell checks a cell and
// keeps its bytes; DecodeHeld and DecodeOneHeld decode them when read.
#include <cassert>
#include <cstring>
#include <string>

#include "keypackages/value_format.h"
#include "schema/vlong.h"

namespace quarry {

namespace {

// The held bytes: the column qualifier and visibility, each after its size
// (4 bytes, native order: the bytes never leave the process), then the value.
// PutSized writes one piece into storage already sized for it and returns
// the end of what it wrote.
char* PutSized(std::string_view piece, char* dst) {
  const auto size = static_cast<uint32_t>(piece.size());
  std::memcpy(dst, &size, sizeof size);
  if (!piece.empty()) std::memcpy(dst + sizeof size, piece.data(), piece.size());
  return dst + sizeof size + piece.size();
}

std::string_view TakeSized(std::string_view* held) {
  uint32_t size = 0;
  std::memcpy(&size, held->data(), sizeof size);
  std::string_view piece = held->substr(sizeof size, size);
  held->remove_prefix(sizeof size + size);
  return piece;
}

// Takes one property off the front of `*in` as ReadProperty does, when its
// length is the one-byte form (0..127): the bytes into `*bytes`, or absent
// (the marker) as `*absent`. False if the length is another form or runs past
// the end.
bool TakeShortProperty(std::string_view* in, std::string_view* bytes, bool* absent) {
  const auto first = static_cast<uint8_t>((*in)[0]);
  *absent = first == kAbsentPropertyByte;
  if (*absent) {
    in->remove_prefix(1);
    return true;
  }
  if (first > 127 || first >= in->size()) return false;
  *bytes = in->substr(1, first);
  in->remove_prefix(1 + first);
  return true;
}

}  // namespace

bool PropertyLayout::QuickAccepts(std::string_view column_qualifier, std::string_view visibility,
                                  std::string_view value) const {
  if (!quick_) return false;
  std::string_view bytes;
  bool absent = false;
  for (Serialiser::Acceptor accepts : group_by_accept_) {
    if (column_qualifier.empty() || !TakeShortProperty(&column_qualifier, &bytes, &absent)) {
      return false;
    }
    if (!absent && !accepts(bytes)) return false;
  }
  if (!column_qualifier.empty()) return false;
  if (visibility_ == nullptr ? !visibility.empty() : !visibility_accept_(visibility)) return false;
  if (value_has_timestamp_) {
    if (value.size() < kValueTimestampBytes) return false;
    value.remove_prefix(kValueTimestampBytes);
  }
  for (Serialiser::Acceptor accepts : value_accept_) {
    if (value.empty()) break;  // Trailing properties may be missing.
    if (!TakeShortProperty(&value, &bytes, &absent)) return false;
    if (!absent && !accepts(bytes)) return false;
  }
  return value.empty();
}

Status PropertyLayout::HoldCell(std::string_view column_qualifier, std::string_view visibility,
                                std::string_view value, Properties* out) const {
  if (!QuickAccepts(column_qualifier, visibility, value)) {
    QUARRY_RETURN_IF_ERROR(DecodeColumnQualifier(column_qualifier, nullptr));
    QUARRY_RETURN_IF_ERROR(DecodeVisibility(visibility, nullptr));
    int64_t timestamp = 0;
    QUARRY_RETURN_IF_ERROR(DecodeValue(value, &timestamp, nullptr));
  }
  // Sized once and copied into: five appends, each testing capacity, were
  // a twentieth of a hub scan's decoding thread.
  std::string* held = out->Hold(this);
  held->resize(2 * sizeof(uint32_t) + column_qualifier.size() + visibility.size() + value.size());
  char* at = PutSized(column_qualifier, held->data());
  at = PutSized(visibility, at);
  if (!value.empty()) std::memcpy(at, value.data(), value.size());
  return Status::OK();
}

void PropertyLayout::DecodeHeld(std::string_view held, Properties* out) const {
  const std::string_view column_qualifier = TakeSized(&held);
  const std::string_view visibility = TakeSized(&held);
  // The previous cell's properties are overwritten in place when they are
  // all this group's (the common case: a scan reads one group's cells).
  if (!HoldsOnly(*out)) {
    out->Clear();
    out->Reserve(def_->properties().size());
  }
  int64_t timestamp = 0;
  Status status = DecodeColumnQualifier(column_qualifier, out);
  if (status.ok()) status = DecodeVisibility(visibility, out);
  if (status.ok()) status = DecodeValue(held, &timestamp, out);
  // HoldCell checked these bytes with the same code, so this cannot fail
  // unless a serialiser's Check disagrees with its DeserialiseInto, which
  // the serialiser contract test forbids. Never a half-decoded element.
  assert(status.ok());
  if (!status.ok()) out->Clear();
}

bool PropertyLayout::TakeProperty(const PropertyDefinition* p, std::string_view* in, Value* out) {
  Result<std::string_view> bytes = TakePropertyBytes(in);
  if (!bytes.ok()) return false;
  return p == nullptr || DeserialiseBytes(*p, *bytes, out).ok();
}

bool PropertyLayout::DecodeOneHeld(std::string_view held, std::string_view name, Value* out) const {
  std::string_view column_qualifier = TakeSized(&held);
  TakeSized(&held);  // The visibility.
  if (visibility_ != nullptr && visibility_->name == name) return false;
  Value decoded;
  for (const PropertyDefinition* p : group_by_) {
    const bool wanted = p != nullptr && p->name == name;
    if (!TakeProperty(wanted ? p : nullptr, &column_qualifier, &decoded)) return false;
    if (wanted) {
      *out = std::move(decoded);
      return true;
    }
  }
  int64_t timestamp = 0;  // DecodeValue's when the value has none.
  if (value_has_timestamp_) {
    Result<int64_t> read = ValueTimestamp(held);
    if (!read.ok()) return false;
    timestamp = *read;
    held.remove_prefix(kValueTimestampBytes);
  }
  if (timestamp_ != nullptr && timestamp_->name == name) {
    out->AssignInt64(timestamp);
    return true;
  }
  for (const PropertyDefinition* p : value_) {
    if (held.empty()) break;  // Trailing properties may be missing.
    const bool wanted = p->name == name;
    if (!TakeProperty(wanted ? p : nullptr, &held, &decoded)) return false;
    if (wanted) {
      *out = std::move(decoded);
      return true;
    }
  }
  *out = Value();  // Not one of the cell's properties, or missing from it.
  return true;
}

bool PropertyLayout::HoldsOnly(const Properties& properties) const {
  // Both sorted by name: one merge walk.
  auto name = names_.begin();
  for (const auto& [held, value] : properties) {
    while (name != names_.end() && *name < held) ++name;
    if (name == names_.end() || *name != held) return false;
  }
  return true;
}

}  // namespace quarry
