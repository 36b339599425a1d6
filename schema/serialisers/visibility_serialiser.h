// VisibilitySerialiser: gaffer-doc's example serialiser for a "public" /
// "private" visibility property (uk.gov.gchq.gaffer.doc.dev.serialiser.
// VisibilitySerialiser; gaffer-compat.md §9.9). It turns the property into
// an Accumulo visibility expression, so that a user with either auth sees
// public data.
//
// Persisted format: java.lang.String only, as UTF-8 with no terminator, except
// that the value "public" is written as the expression "(private|public)":
//   "public"  -> 28 70 72 69 76 61 74 65 7c 70 75 62 6c 69 63 ("(private|public)")
//   "private" -> 70 72 69 76 61 74 65
//   "A&B"     -> 41 26 42
//   ""        -> (zero bytes)
// Reading maps exactly "(private|public)" back to "public" and any other
// bytes to their text; zero bytes read back as "". So the String
// "(private|public)" itself reads back as "public" (not a bijection).
//
// Declared order-preserving and consistent, as the Java class claims.
// Consistent it is; the order claim is false ("public" sorts before
// "private" once written). Parsed by its full class name only.
//
// Thread safety: immutable.
#pragma once

#include <string>
#include <string_view>

#include "schema/internal/serialiser_base.h"

namespace quarry {

class VisibilitySerialiser : public internal::SerialiserBase {
 public:
  static constexpr std::string_view kClassName =
      "uk.gov.gchq.gaffer.doc.dev.serialiser.VisibilitySerialiser";
  // The value rewritten, and the expression it is written as.
  static constexpr std::string_view kPublic = "public";
  static constexpr std::string_view kPublicExpression = "(private|public)";

  VisibilitySerialiser() : SerialiserBase({kClassName, true, true}, {ValueType::kString}) {}
  Value DeserialiseEmpty() const override { return Value::String(""); }

 protected:
  Status SerialiseNonNull(const Value& value, std::string* dst) const override;
  Result<Value> DeserialiseNonEmpty(std::string_view bytes) const override;
};

}  // namespace quarry
