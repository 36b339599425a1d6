// NullSerialiser: stores nothing, gaffer-compat.md §3.1.
//
// Persisted format: zero bytes for every value. Every input, empty or not,
// reads back as null. Handles every type; order-preserving and consistent in
// the trivial sense (everything maps to the same bytes), as Gaffer declares.
#pragma once

#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

class NullSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.serialisation.implementation.NullSerialiser";
  NullSerialiser() : SerialiserBase({kClassName, true, true}, {}) {}
  bool CanHandle(ValueType) const override { return true; }

 protected:
  Status SerialiseNonNull(const Value&, std::string*) const override { return Status::OK(); }
  Result<Value> DeserialiseNonEmpty(std::string_view) const override { return Value(); }
};

}  // namespace quarry
