// The Ordered* serialisers: OrderedLong, OrderedDate, OrderedInteger,
// OrderedDouble and OrderedFloat (formats in their headers).
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "schema/serialisers/ordered_double_serialiser.h"
#include "schema/serialisers/ordered_float_serialiser.h"
#include "schema/serialisers/ordered_integer_serialiser.h"
#include "schema/serialisers/ordered_long_serialiser.h"

namespace quarry {
namespace {

// The lexicoder's header byte for an already sign-flipped `u` on `width`
// bytes (8 or 4); the lexicoder then writes the low `n` bytes of `u`.
int OrderedHeader(uint64_t u, int width, int* n) {
  const int top_shift = 8 * (width - 1);
  const bool high = ((u >> (8 * width - 1)) & 1) != 0;
  const uint64_t prefix = high ? 0xff : 0x00;
  int skip = 0;
  while (skip < width && ((u >> (top_shift - 8 * skip)) & 0xff) == prefix) ++skip;
  *n = width - skip;
  return high ? 2 * width - *n : *n;
}

// The lexicoder on `width` bytes (8 or 4) of an already sign-flipped `u`.
void AppendOrderedBits(uint64_t u, int width, std::string* dst) {
  const int top_shift = 8 * (width - 1);
  int n = 0;
  dst->push_back(static_cast<char>(OrderedHeader(u, width, &n)));
  const int skip = width - n;
  for (int i = skip; i < width; ++i) {
    dst->push_back(static_cast<char>((u >> (top_shift - 8 * i)) & 0xff));
  }
}

// Reads the lexicoder on `width` bytes; returns the sign-flipped bits.
Result<uint64_t> DecodeOrderedBits(std::string_view bytes, int width) {
  if (bytes.empty()) return DataLossError("no bytes");
  const int header = static_cast<uint8_t>(bytes[0]);
  if (header > 2 * width) return DataLossError("bad header byte " + std::to_string(header));
  const int n = header <= width ? header : 2 * width - header;
  if (bytes.size() != static_cast<size_t>(1 + n)) {
    return DataLossError("header " + std::to_string(header) + " needs " + std::to_string(1 + n) +
                         " bytes, got " + std::to_string(bytes.size()));
  }
  uint64_t u = 0;
  for (int i = 1; i <= n; ++i) u = (u << 8) | static_cast<uint8_t>(bytes[i]);
  if (header > width) {
    // Fill the dropped high bytes with ones (n < width here).
    const uint64_t mask = width == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * width)) - 1;
    u |= (~uint64_t{0} << (8 * n)) & mask;
  }
  // Canonical iff re-encoding `u` gives the same header: the header fixes n,
  // and the n bytes written would be the low n bytes of u, which are the
  // bytes just read.
  int canonical_n = 0;
  if (OrderedHeader(u, width, &canonical_n) != header) {
    return DataLossError("non-canonical encoding");
  }
  return u;
}

// DecodeOrderedBits(bytes, width).ok() without decoding: the header fixes n,
// and the encoding is canonical iff its first written byte is not one the
// encoder would have dropped (0x00 below the sign, 0xff above it; with
// n == width the header does not say which, so neither).
bool AcceptsOrderedBits(std::string_view bytes, int width) {
  if (bytes.empty()) return false;
  const int header = static_cast<uint8_t>(bytes[0]);
  if (header > 2 * width) return false;
  const int n = header <= width ? header : 2 * width - header;
  if (bytes.size() != static_cast<size_t>(1 + n)) return false;
  if (n == 0) return true;
  const uint8_t top = static_cast<uint8_t>(bytes[1]);
  if (header < width) return top != 0x00;
  if (header > width) return top != 0xff;
  return top != 0x00 && top != 0xff;
}

constexpr uint64_t kLongSign = uint64_t{1} << 63;
constexpr uint32_t kIntSign = uint32_t{1} << 31;

}  // namespace

void AppendOrderedLong(int64_t v, std::string* dst) {
  AppendOrderedBits(static_cast<uint64_t>(v) ^ kLongSign, 8, dst);
}

Result<int64_t> DecodeOrderedLong(std::string_view bytes) {
  QUARRY_ASSIGN_OR_RETURN(uint64_t u, DecodeOrderedBits(bytes, 8));
  return static_cast<int64_t>(u ^ kLongSign);
}

bool AcceptsOrderedLong(std::string_view bytes) {
  return bytes.empty() || AcceptsOrderedBits(bytes, 8);
}

bool AcceptsOrderedInt(std::string_view bytes) {
  return bytes.empty() || AcceptsOrderedBits(bytes, 4);
}

void AppendOrderedInt(int32_t v, std::string* dst) {
  AppendOrderedBits(static_cast<uint32_t>(v) ^ kIntSign, 4, dst);
}

Result<int32_t> DecodeOrderedInt(std::string_view bytes) {
  QUARRY_ASSIGN_OR_RETURN(uint64_t u, DecodeOrderedBits(bytes, 4));
  return static_cast<int32_t>(static_cast<uint32_t>(u) ^ kIntSign);
}

Status OrderedLongSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  AppendOrderedLong(value.AsInt64(), dst);
  return Status::OK();
}

Status OrderedLongSerialiser::CheckNonEmpty(std::string_view bytes) const {
  return DecodeOrderedLong(bytes).status();
}

Status OrderedLongSerialiser::DeserialiseNonEmptyInto(std::string_view bytes, Value* out) const {
  QUARRY_ASSIGN_OR_RETURN(int64_t v, DecodeOrderedLong(bytes));
  out->AssignInt64(v);
  return Status::OK();
}

Status OrderedDateSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  AppendOrderedLong(value.AsInt64(), dst);
  return Status::OK();
}

Status OrderedDateSerialiser::CheckNonEmpty(std::string_view bytes) const {
  return DecodeOrderedLong(bytes).status();
}

Status OrderedDateSerialiser::DeserialiseNonEmptyInto(std::string_view bytes, Value* out) const {
  QUARRY_ASSIGN_OR_RETURN(int64_t v, DecodeOrderedLong(bytes));
  out->AssignDate(v);
  return Status::OK();
}

Status OrderedIntegerSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  AppendOrderedInt(value.AsInt32(), dst);
  return Status::OK();
}

Result<Value> OrderedIntegerSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  QUARRY_ASSIGN_OR_RETURN(int32_t v, DecodeOrderedInt(bytes));
  return Value::Int32(v);
}

Status OrderedDoubleSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  double d = value.AsDouble();
  if (std::isnan(d)) d = std::numeric_limits<double>::quiet_NaN();  // Java's canonical NaN.
  auto bits = std::bit_cast<int64_t>(d);
  bits = bits < 0 ? ~bits : static_cast<int64_t>(static_cast<uint64_t>(bits) ^ kLongSign);
  AppendOrderedLong(bits, dst);
  return Status::OK();
}

Result<Value> OrderedDoubleSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  QUARRY_ASSIGN_OR_RETURN(int64_t l, DecodeOrderedLong(bytes));
  int64_t bits = l < 0 ? static_cast<int64_t>(static_cast<uint64_t>(l) ^ kLongSign) : ~l;
  return Value::Double(std::bit_cast<double>(bits));
}

Status OrderedFloatSerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  float f = value.AsFloat();
  if (std::isnan(f)) f = std::numeric_limits<float>::quiet_NaN();  // Java's canonical NaN.
  auto bits = std::bit_cast<int32_t>(f);
  bits = bits < 0 ? ~bits : static_cast<int32_t>(static_cast<uint32_t>(bits) ^ kIntSign);
  AppendOrderedInt(bits, dst);
  return Status::OK();
}

Result<Value> OrderedFloatSerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  QUARRY_ASSIGN_OR_RETURN(int32_t i, DecodeOrderedInt(bytes));
  int32_t bits = i < 0 ? static_cast<int32_t>(static_cast<uint32_t>(i) ^ kIntSign) : ~i;
  return Value::Float(std::bit_cast<float>(bits));
}

}  // namespace quarry
