// SetSerialiser: a set whose items are written by another serialiser
// (Gaffer's ...implementation.SetSerialiser, fields "objectSerialiser" and
// "setClass"; gaffer-compat.md §3.1).
//
// Persisted format (Gaffer's length-value layout, LengthValueBytesSerialiserUtil):
// for each item in set order, VLong(n) then the item's n serialised bytes.
//   {"a", "bc"} with StringSerialiser -> 01 61 02 62 63
//   {} -> (zero bytes)
// A zero-length item reads back as the item serialiser's DeserialiseEmpty().
// Reading produces a TreeSet if "setClass" is java.util.TreeSet (or
// SortedSet), else a HashSet, as Gaffer does; either kind can be written.
// Truncated lengths or undecodable items are DataLoss. Zero bytes read back
// as an empty set.
//
// Not order-preserving, not consistent (as Gaffer declares).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

class SetSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.serialisation.implementation.SetSerialiser";

  // REQUIRES: item_serialiser != nullptr; set_type is kTreeSet or kHashSet.
  SetSerialiser(std::shared_ptr<const Serialiser> item_serialiser, ValueType set_type);

  Value DeserialiseEmpty() const override;
  // Adds "objectSerialiser" (a full class name, or an object if it has fields) and "setClass".
  Json ToJson() const override;

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;

 private:
  std::shared_ptr<const Serialiser> item_serialiser_;
  ValueType set_type_;
};

}  // namespace quarry
