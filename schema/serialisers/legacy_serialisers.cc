// The encodings of the Gaffer 1.x number serialisers: fixed-width Raw* and
// decimal text (formats in raw_serialisers.h and text_serialisers.h).
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "schema/internal/java_number_text.h"
#include "schema/serialisers/raw_serialisers.h"
#include "schema/serialisers/text_serialisers.h"

namespace quarry {
namespace {

using Kind = LegacyNumberKind;

void AppendLittleEndian(uint64_t bits, int width, std::string* dst) {
  for (int i = 0; i < width; ++i) dst->push_back(static_cast<char>((bits >> (8 * i)) & 0xff));
}

uint64_t ReadLittleEndian(std::string_view bytes) {
  uint64_t bits = 0;
  for (size_t i = bytes.size(); i-- > 0;) bits = (bits << 8) | static_cast<uint8_t>(bytes[i]);
  return bits;
}

}  // namespace

std::string_view RawFixedWidthEncoding::ClassName(Kind kind) {
  // Indexed by LegacyNumberKind: Long, Integer, Double, Float, Date.
  static constexpr std::string_view kNames[] = {
      "uk.gov.gchq.gaffer.serialisation.implementation.raw.RawLongSerialiser",
      "uk.gov.gchq.gaffer.serialisation.implementation.raw.RawIntegerSerialiser",
      "uk.gov.gchq.gaffer.serialisation.implementation.raw.RawDoubleSerialiser",
      "uk.gov.gchq.gaffer.serialisation.implementation.raw.RawFloatSerialiser",
      "uk.gov.gchq.gaffer.serialisation.implementation.raw.RawDateSerialiser",
  };
  return kNames[static_cast<int>(kind)];
}

Status RawFixedWidthEncoding::Write(Kind kind, const Value& value, std::string* dst) {
  switch (kind) {
    case Kind::kLong:
      AppendLittleEndian(static_cast<uint64_t>(value.AsInt64()), 8, dst);
      break;
    case Kind::kInteger:
      AppendLittleEndian(static_cast<uint32_t>(value.AsInt32()), 4, dst);
      break;
    case Kind::kDouble: {
      double d = std::isnan(value.AsDouble()) ? std::numeric_limits<double>::quiet_NaN()
                                              : value.AsDouble();
      AppendLittleEndian(std::bit_cast<uint64_t>(d), 8, dst);
      break;
    }
    case Kind::kFloat: {
      float f =
          std::isnan(value.AsFloat()) ? std::numeric_limits<float>::quiet_NaN() : value.AsFloat();
      AppendLittleEndian(std::bit_cast<uint32_t>(f), 4, dst);
      break;
    }
    case Kind::kDate: {
      auto ms = static_cast<uint64_t>(value.AsInt64());
      for (int shift = 56; shift >= 0; shift -= 8) dst->push_back(static_cast<char>(ms >> shift));
      break;
    }
  }
  return Status::OK();
}

Result<Value> RawFixedWidthEncoding::Read(Kind kind, std::string_view bytes) {
  const size_t width = (kind == Kind::kInteger || kind == Kind::kFloat) ? 4 : 8;
  if (bytes.size() != width) {
    return DataLossError("expected " + std::to_string(width) + " bytes, got " +
                         std::to_string(bytes.size()));
  }
  uint64_t bits = ReadLittleEndian(bytes);
  switch (kind) {
    case Kind::kLong:
      return Value::Int64(static_cast<int64_t>(bits));
    case Kind::kInteger:
      return Value::Int32(static_cast<int32_t>(static_cast<uint32_t>(bits)));
    case Kind::kDouble:
      return Value::Double(std::bit_cast<double>(bits));
    case Kind::kFloat:
      return Value::Float(std::bit_cast<float>(static_cast<uint32_t>(bits)));
    case Kind::kDate: {
      uint64_t ms = 0;
      for (char c : bytes) ms = (ms << 8) | static_cast<uint8_t>(c);
      return Value::Date(static_cast<int64_t>(ms));
    }
  }
  return DataLossError("unknown kind");
}

std::string_view TextNumberEncoding::ClassName(Kind kind) {
  // Indexed by LegacyNumberKind: Long, Integer, Double, Float, Date.
  static constexpr std::string_view kNames[] = {
      "uk.gov.gchq.gaffer.serialisation.LongSerialiser",
      "uk.gov.gchq.gaffer.serialisation.IntegerSerialiser",
      "uk.gov.gchq.gaffer.serialisation.DoubleSerialiser",
      "uk.gov.gchq.gaffer.serialisation.FloatSerialiser",
      "uk.gov.gchq.gaffer.serialisation.DateSerialiser",
  };
  return kNames[static_cast<int>(kind)];
}

Status TextNumberEncoding::Write(Kind kind, const Value& value, std::string* dst) {
  switch (kind) {
    case Kind::kLong:
    case Kind::kDate:
      dst->append(std::to_string(value.AsInt64()));
      break;
    case Kind::kInteger:
      dst->append(std::to_string(value.AsInt32()));
      break;
    case Kind::kDouble:
      dst->append(internal::JavaDoubleToString(value.AsDouble()));
      break;
    case Kind::kFloat:
      dst->append(internal::JavaFloatToString(value.AsFloat()));
      break;
  }
  return Status::OK();
}

Result<Value> TextNumberEncoding::Read(Kind kind, std::string_view bytes) {
  if (kind == Kind::kFloat) {
    std::optional<float> f = internal::ParseJavaFloat(bytes);
    if (!f) return DataLossError("not a decimal number");
    return Value::Float(*f);
  }
  if (kind == Kind::kDouble) {
    std::optional<double> d = internal::ParseJavaDouble(bytes);
    if (!d) return DataLossError("not a decimal number");
    return Value::Double(*d);
  }
  std::optional<int64_t> v = internal::ParseJavaLong(bytes);
  if (!v) return DataLossError("not a decimal integer");
  if (kind == Kind::kInteger) {
    if (*v < std::numeric_limits<int32_t>::min() || *v > std::numeric_limits<int32_t>::max()) {
      return DataLossError("value " + std::to_string(*v) + " is outside the Integer range");
    }
    return Value::Int32(static_cast<int32_t>(*v));
  }
  return kind == Kind::kDate ? Value::Date(*v) : Value::Int64(*v);
}

}  // namespace quarry
