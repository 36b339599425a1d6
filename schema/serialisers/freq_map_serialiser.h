// FreqMapSerialiser: uk.gov.gchq.gaffer.types.FreqMap (String -> Long),
// gaffer-compat.md §3.2.
//
// Persisted format: for each entry, escape(utf8(key)) 00
// escape(VLong(count)) (VLong of schema/vlong.h), with a 00 between entries.
//   {CAR=5}          -> 43 41 52 00 05
//   {a=1, b=256}     -> 61 00 01 02 00 62 00 8e 01 02 01 01
//                       (VLong 1 = 01 escapes to 01 02; 256 = 8e 01 00)
//   {}               -> (zero bytes)
// Gaffer writes entries in HashMap order; Quarry writes them in key order
// (bytewise), which Gaffer reads the same. Reading requires key/count pairs,
// each count exactly one VLong; a repeated key keeps the last count. Zero
// bytes read back as an empty map.
//
// Flags as Gaffer declares them: not order-preserving and not consistent
// (so FreqMaps cannot be vertices or groupBy properties), even though
// Quarry's sorted output happens to be consistent.
#pragma once

#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

class FreqMapSerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.serialisation.FreqMapSerialiser";
  FreqMapSerialiser() : SerialiserBase({kClassName, false, false}, {ValueType::kFreqMap}) {}
  Value DeserialiseEmpty() const override { return Value::FreqMap({}); }

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;
};

}  // namespace quarry
