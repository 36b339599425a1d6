// MapSerialiser: a map whose keys and values are written by two other
// serialisers (Gaffer's ...implementation.MapSerialiser, fields
// "keySerialiser", "valueSerialiser" and "mapClass"; gaffer-compat.md §3.1).
//
// Persisted format (Gaffer's length-value layout): for each entry in key
// order, VLong(n) key bytes, then VLong(m) value bytes.
//   {"a": 1L} with String/CompactRawLong -> 01 61 01 01
// A zero-length key or value reads back as its serialiser's
// DeserialiseEmpty(). A key without a value, truncated lengths or
// undecodable parts are DataLoss. Zero bytes read back as null (Gaffer's
// deserialiseEmpty).
//
// Not order-preserving, not consistent (as Gaffer declares).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

class MapSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.serialisation.implementation.MapSerialiser";

  // REQUIRES: both serialisers non-null.
  MapSerialiser(std::shared_ptr<const Serialiser> key_serialiser,
                std::shared_ptr<const Serialiser> value_serialiser);

  // Adds "keySerialiser" and "valueSerialiser" (full class names, or objects if they have fields).
  Json ToJson() const override;

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;

 private:
  std::shared_ptr<const Serialiser> key_serialiser_;
  std::shared_ptr<const Serialiser> value_serialiser_;
};

}  // namespace quarry
