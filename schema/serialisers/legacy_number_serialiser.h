// LegacyNumberSerialiser: the Gaffer 1.x number serialisers (Long, Integer,
// Double, Float, Date), one class template over an encoding policy. The
// encodings, and their persisted formats, are in raw_serialisers.h
// (fixed-width) and text_serialisers.h (decimal text).
//
// An Encoding provides, for a LegacyNumberKind:
//   static std::string_view ClassName(LegacyNumberKind kind);
//   static Status Write(LegacyNumberKind kind, const Value& value, std::string* dst);
//   static Result<Value> Read(LegacyNumberKind kind, std::string_view bytes);  // DataLoss
// Write sees a non-null value of the kind's type; Read non-empty bytes.
//
// Flags: consistent, NOT order-preserving (Gaffer 1.x claimed otherwise for
// both encodings, wrongly: see the format headers).
// Thread safety: immutable.
#pragma once

#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

enum class LegacyNumberKind { kLong, kInteger, kDouble, kFloat, kDate };

// The Value type each kind reads and writes.
constexpr ValueType LegacyNumberValueType(LegacyNumberKind kind) {
  switch (kind) {
    case LegacyNumberKind::kLong:
      return ValueType::kInt64;
    case LegacyNumberKind::kInteger:
      return ValueType::kInt32;
    case LegacyNumberKind::kDouble:
      return ValueType::kDouble;
    case LegacyNumberKind::kFloat:
      return ValueType::kFloat;
    case LegacyNumberKind::kDate:
      return ValueType::kDate;
  }
  return ValueType::kInt64;
}

template <typename Encoding>
class LegacyNumberSerialiser : public internal::SerialiserBase {
 public:
  using Kind = LegacyNumberKind;

  explicit LegacyNumberSerialiser(Kind kind)
      : SerialiserBase({Encoding::ClassName(kind), /*preserves_order=*/false,
                        /*consistent=*/true},
                       {LegacyNumberValueType(kind)}),
        kind_(kind) {}

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override {
    return Encoding::Write(kind_, value, dst);
  }
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override {
    return Encoding::Read(kind_, bytes);
  }

 private:
  Kind kind_;
};

}  // namespace quarry
