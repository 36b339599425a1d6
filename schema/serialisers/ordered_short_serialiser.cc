#include "schema/serialisers/ordered_short_serialiser.h"

#include <cstdint>

namespace quarry {

Status OrderedShortSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  const auto u = static_cast<uint16_t>(static_cast<uint16_t>(value.AsInt16()) ^ 0x8000u);
  dst->push_back(static_cast<char>(u >> 8));
  dst->push_back(static_cast<char>(u & 0xff));
  return Status::OK();
}

Result<Value> OrderedShortSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  if (bytes.size() != 2) {
    return DataLossError("expected 2 bytes for a Short, got " + std::to_string(bytes.size()));
  }
  const auto u =
      static_cast<uint16_t>((static_cast<uint8_t>(bytes[0]) << 8) | static_cast<uint8_t>(bytes[1]));
  return Value::Int16(static_cast<int16_t>(static_cast<uint16_t>(u ^ 0x8000u)));
}

}  // namespace quarry
