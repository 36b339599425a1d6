// The persisted byte format of Quarry's values (value format version 3), and
// PropertyLayout, the per-group codec that splits an element's properties
// between the key (column qualifier, visibility; see key_format.h) and the
// value.
//
//   value = timestamp: 8 bytes, big-endian two's complement int64, present
//           only when the graph's values carry timestamps (below)
//           then, for each property of the group in SCHEMA ORDER, skipping
//           the groupBy properties, the visibility property and the
//           timestamp property:  VLong(length) bytes, or VLong(-1) (the one
//           byte ff) when the property is absent or null
//
// This is Gaffer's AccumuloStore value (gaffer-compat.md §4.3); Accumulo
// keeps the timestamp in its key. Quarry's key has no timestamp, so a value
// carries it when something can read it: in version 3, exactly when the
// schema names a timestampProperty (a graph's timestampProperty can never
// change, store/schema_migration.h, so every value of a graph agrees). With
// no timestampProperty the timestamp is never visible (Gaffer shows it only
// through that property), and leaving it out saves 8 bytes a cell: the
// bench's Long count is a 10-byte value instead of 18, and its graph a
// quarter smaller (bench/RESULTS.md, "Values without timestamps").
//
// Versions 1 and 2 always lead with the timestamp. Version 1 wrote an absent
// property as length 0, so in values written before version 2 an absent
// property reads back as the serialiser's empty value; version 1 values are
// read unchanged otherwise. A graph keeps the version it was created with,
// except that version 1 graphs write version 2 values from their next open
// (ValueFormatToWrite): a value's version is a property of its graph, not of
// its bytes, so a graph's values must not mix versions that lay out the
// timestamp differently.
//
// Decoding consumes properties in order until the bytes run out, so trailing
// properties may be missing (a property added at the end of a group decodes
// as absent from old values). Length 0 and the absent marker both read back
// as the serialiser's DeserialiseEmpty(): "" for a String, false for a
// Boolean, an empty TreeSet or FreqMap, absent for a number. That is what
// Gaffer's AccumuloStore returns for a property an element was stored
// without (it writes a null as zero bytes; gaffer-compat.md §3.1, pitfall
// 14; TransformationIT and VisibilityIT elements show it). The marker is
// still written, so a value records which properties its element lacked.
//
//   column qualifier (unescaped) = for each groupBy property in GROUPBY
//           ORDER: VLong(length) bytes      (Gaffer's, §4.2; a null or absent
//           groupBy property is length 0 as in Gaffer, since the qualifier is
//           part of the key and stored keys must not change)
//   visibility (unescaped) = the visibility property serialised by its
//           type's serialiser, or empty if the group lacks it or it is null.
//
// On decode the schema's timestamp property, when the group has it, is set to
// Long(timestamp).
//
// Lazy decoding: HoldCell checks a cell's properties without building them
// and holds their bytes in the element's Properties, which the layout decodes
// (as a PropertyDecoder) on the first read.
//
// Thread safety: PropertyLayout is immutable; safe to share.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/element.h"
#include "graph-core/status.h"
#include "schema/schema.h"

namespace quarry {

// Persisted in the graph's metadata with the key-package name. New graphs
// are created with kValueFormatVersion; a graph whose values are of an older
// version still down to kOldestReadableValueFormatVersion opens and keeps
// it (ValueFormatToWrite).
inline constexpr uint32_t kValueFormatVersion = 3;
inline constexpr uint32_t kOldestReadableValueFormatVersion = 1;
inline constexpr size_t kValueTimestampBytes = 8;
// An absent or null value property: VLong(-1), which is the one byte ff (no
// length is negative, so no present property starts with it).
inline constexpr uint8_t kAbsentPropertyByte = 0xff;

// The value format a graph whose metadata records `stored` writes from now
// on: 2 for 1 (version 2 only adds the absent marker, which version 1 values
// never hold), else `stored`. REQUIRES: stored is a readable version.
uint32_t ValueFormatToWrite(uint32_t stored);
// True if this build reads values of `version`
// (kOldestReadableValueFormatVersion to kValueFormatVersion).
constexpr bool IsReadableValueFormat(uint64_t version) {
  return version >= kOldestReadableValueFormatVersion && version <= kValueFormatVersion;
}
// "1 to 3": the versions this build reads, for error messages.
std::string ReadableValueFormats();
// `stored` (a graph's recorded value format, read from metadata key `what`)
// if this build reads it; FailedPrecondition naming `what` and the versions
// this build reads otherwise.
Result<uint32_t> ReadableValueFormat(uint64_t stored, std::string_view what);
// True if values of `value_format` in a graph of `schema` begin with the
// 8-byte timestamp: always before version 3; from version 3, when the schema
// names a timestampProperty.
bool ValuesCarryTimestamp(const Schema& schema, uint32_t value_format);

class PropertyLayout final : public PropertyDecoder {
 public:
  // The layout of `def`'s cells in a graph whose values are of
  // `value_format`. REQUIRES: `def` belongs to `schema`; both outlive the
  // layout; value_format is readable (kOldestReadableValueFormatVersion to
  // kValueFormatVersion). InvalidArgument naming the group and property if a
  // property has no serialiser.
  static Result<PropertyLayout> For(const Schema& schema, const SchemaElementDefinition& def,
                                    uint32_t value_format = kValueFormatVersion);

  const SchemaElementDefinition& definition() const { return *def_; }
  // groupBy properties in groupBy order.
  // In groupBy order; null for a groupBy name the group has no property for
  // (Gaffer allows one; its column-qualifier slot is always empty).
  const std::vector<const PropertyDefinition*>& group_by() const { return group_by_; }
  // Properties stored in the value, in schema order.
  const std::vector<const PropertyDefinition*>& value_properties() const { return value_; }
  // Null if the group has no visibility / timestamp property.
  const PropertyDefinition* visibility() const { return visibility_; }
  const PropertyDefinition* timestamp() const { return timestamp_; }
  // True if this layout's values begin with the timestamp
  // (ValuesCarryTimestamp); if not, EncodeValue drops the timestamp and
  // DecodeValue gives 0.
  bool value_has_timestamp() const { return value_has_timestamp_; }
  // True if the group's stored keys end with an insert id (key_format.h):
  // the group keeps every insert ("aggregate": false). The key-package's
  // Encode never adds one; the store appends it (AppendInsertId).
  bool keys_carry_insert_id() const { return !def_->aggregate(); }

  // Appends the value (with `timestamp` if value_has_timestamp()).
  // InvalidArgument naming group and property if a property's value cannot
  // be serialised.
  Status EncodeValue(const Properties& properties, int64_t timestamp, std::string* dst) const;
  // Sets the value's properties (and the timestamp property) into `*out` and
  // the timestamp (0 if the value has none) into `*timestamp`. DataLoss
  // naming group and property on malformed bytes. A null `out` only checks
  // the bytes (as do the two decoders below): the same errors, nothing
  // built.
  Status DecodeValue(std::string_view value, int64_t* timestamp, Properties* out) const;

  // Appends the unescaped column qualifier / visibility. Errors as EncodeValue.
  Status EncodeColumnQualifier(const Properties& properties, std::string* dst) const;
  Status EncodeVisibility(const Properties& properties, std::string* dst) const;
  // Decode the unescaped forms into `*out`. Errors as DecodeValue.
  Status DecodeColumnQualifier(std::string_view cq, Properties* out) const;
  Status DecodeVisibility(std::string_view visibility, Properties* out) const;
  // The three decoders set or erase every property of the group in `*out`,
  // so decoding a cell into Properties that hold only the group's
  // properties (HoldsOnly) overwrites them in place and leaves nothing of
  // what they held before.
  bool HoldsOnly(const Properties& properties) const;

  // Checks a cell's unescaped column qualifier, visibility and value as the
  // three decoders would, with their errors, and on success holds the bytes
  // in `*out` (Properties::Hold) to be decoded by DecodeHeld on first read.
  // On error `*out` is unchanged. REQUIRES: the layout outlives the hold.
  Status HoldCell(std::string_view column_qualifier, std::string_view visibility,
                  std::string_view value, Properties* out) const;
  // PropertyDecoder: decodes what HoldCell held.
  void DecodeHeld(std::string_view held, Properties* out) const override;
  // PropertyDecoder: one groupBy, value or timestamp property of what
  // HoldCell held, the others skipped by their lengths; false for the
  // visibility property.
  bool DecodeOneHeld(std::string_view held, std::string_view name, Value* out) const override;

 private:
  PropertyLayout() = default;
  // `absent_marker`: write an absent or null property as VLong(-1) (values)
  // rather than length 0 (the column qualifier).
  Status AppendSerialised(const PropertyDefinition& p, const Properties& properties,
                          bool absent_marker, std::string* dst) const;
  // The bytes of the property at the front of `*in`, consumed; the absent
  // marker reads as no bytes, as a zero length does.
  static Result<std::string_view> TakePropertyBytes(std::string_view* in);
  // `bytes` as `p` reads them: the serialiser's empty value for no bytes.
  static Status DeserialiseBytes(const PropertyDefinition& p, std::string_view bytes, Value* out);
  // DecodeOneHeld's step: consumes the property at the front of `*in`, into
  // `*out` when `p` is non-null (the one wanted), else skipped. False on
  // malformed bytes.
  static bool TakeProperty(const PropertyDefinition* p, std::string_view* in, Value* out);
  Status ReadProperty(const PropertyDefinition& p, std::string_view* in, Properties* out) const;
  Status SetDeserialised(const PropertyDefinition& p, std::string_view bytes,
                         Properties* out) const;
  // True if the cell passes every check the decoders make, found with the
  // serialisers' acceptors and no Status; false if a check fails or a length
  // is not the common one-byte form. HoldCell then runs the full check, which
  // finds the error (or, on a long length, that there is none).
  bool QuickAccepts(std::string_view column_qualifier, std::string_view visibility,
                    std::string_view value) const;

  const SchemaElementDefinition* def_ = nullptr;
  std::vector<const PropertyDefinition*> group_by_;
  std::vector<const PropertyDefinition*> value_;
  const PropertyDefinition* visibility_ = nullptr;
  const PropertyDefinition* timestamp_ = nullptr;
  bool value_has_timestamp_ = true;
  std::vector<std::string_view> names_;  // Every property's name, sorted.
  // The FastAcceptor of each groupBy / value property's serialiser, and of
  // the visibility's; `quick_` only if none is null.
  std::vector<Serialiser::Acceptor> group_by_accept_;
  std::vector<Serialiser::Acceptor> value_accept_;
  Serialiser::Acceptor visibility_accept_ = nullptr;
  bool quick_ = false;
};

// The timestamp at the front of a value that carries one
// (ValuesCarryTimestamp). DataLoss if shorter than 8 bytes.
Result<int64_t> ValueTimestamp(std::string_view value);
// Appends the 8 timestamp bytes.
void AppendValueTimestamp(int64_t timestamp, std::string* dst);

}  // namespace quarry
