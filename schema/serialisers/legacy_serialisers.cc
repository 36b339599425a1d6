// The Gaffer 1.x serialisers: fixed-width Raw* and decimal-text (formats in
// raw_serialisers.h and text_serialisers.h).
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "schema/internal/java_number_text.h"
#include "schema/serialisers/raw_serialisers.h"
#include "schema/serialisers/text_serialisers.h"

namespace quarry {
namespace {

using RawKind = RawFixedWidthSerialiser::Kind;
using TextKind = TextNumberSerialiser::Kind;

internal::SerialiserTraits RawTraits(RawKind kind) {
  switch (kind) {
    case RawKind::kLong:
      return {RawFixedWidthSerialiser::kLongClassName, false, true};
    case RawKind::kInteger:
      return {RawFixedWidthSerialiser::kIntegerClassName, false, true};
    case RawKind::kDouble:
      return {RawFixedWidthSerialiser::kDoubleClassName, false, true};
    case RawKind::kFloat:
      return {RawFixedWidthSerialiser::kFloatClassName, false, true};
    case RawKind::kDate:
      return {RawFixedWidthSerialiser::kDateClassName, false, true};
  }
  return {};
}

internal::SerialiserTraits TextTraits(TextKind kind) {
  switch (kind) {
    case TextKind::kLong:
      return {TextNumberSerialiser::kLongClassName, false, true};
    case TextKind::kInteger:
      return {TextNumberSerialiser::kIntegerClassName, false, true};
    case TextKind::kDouble:
      return {TextNumberSerialiser::kDoubleClassName, false, true};
    case TextKind::kFloat:
      return {TextNumberSerialiser::kFloatClassName, false, true};
    case TextKind::kDate:
      return {TextNumberSerialiser::kDateClassName, false, true};
  }
  return {};
}

// The ValueType of each kind; RawKind and TextKind list the same types.
ValueType TypeOf(int kind) {
  constexpr ValueType kTypes[] = {ValueType::kInt64, ValueType::kInt32, ValueType::kDouble,
                                  ValueType::kFloat, ValueType::kDate};
  return kTypes[kind];
}

void AppendLittleEndian(uint64_t bits, int width, std::string* dst) {
  for (int i = 0; i < width; ++i) dst->push_back(static_cast<char>((bits >> (8 * i)) & 0xff));
}

uint64_t ReadLittleEndian(std::string_view bytes) {
  uint64_t bits = 0;
  for (size_t i = bytes.size(); i-- > 0;) bits = (bits << 8) | static_cast<uint8_t>(bytes[i]);
  return bits;
}

}  // namespace

RawFixedWidthSerialiser::RawFixedWidthSerialiser(Kind kind)
    : SerialiserBase(RawTraits(kind), {TypeOf(static_cast<int>(kind))}), kind_(kind) {}

Status RawFixedWidthSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  switch (kind_) {
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

Result<Value> RawFixedWidthSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  const size_t width = (kind_ == Kind::kInteger || kind_ == Kind::kFloat) ? 4 : 8;
  if (bytes.size() != width) {
    return DataLossError("expected " + std::to_string(width) + " bytes, got " +
                         std::to_string(bytes.size()));
  }
  uint64_t bits = ReadLittleEndian(bytes);
  switch (kind_) {
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

TextNumberSerialiser::TextNumberSerialiser(Kind kind)
    : SerialiserBase(TextTraits(kind), {TypeOf(static_cast<int>(kind))}), kind_(kind) {}

Status TextNumberSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  switch (kind_) {
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

Result<Value> TextNumberSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  if (kind_ == Kind::kDouble || kind_ == Kind::kFloat) {
    if (kind_ == Kind::kFloat) {
      std::optional<float> f = internal::ParseJavaFloat(bytes);
      if (!f) return DataLossError("not a decimal number");
      return Value::Float(*f);
    }
    std::optional<double> d = internal::ParseJavaDouble(bytes);
    if (!d) return DataLossError("not a decimal number");
    return Value::Double(*d);
  }
  std::optional<int64_t> v = internal::ParseJavaLong(bytes);
  if (!v) return DataLossError("not a decimal integer");
  if (kind_ == Kind::kInteger) {
    if (*v < std::numeric_limits<int32_t>::min() || *v > std::numeric_limits<int32_t>::max()) {
      return DataLossError("value " + std::to_string(*v) + " is outside the Integer range");
    }
    return Value::Int32(static_cast<int32_t>(*v));
  }
  return kind_ == Kind::kDate ? Value::Date(*v) : Value::Int64(*v);
}

}  // namespace quarry
