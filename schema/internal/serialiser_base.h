// SerialiserBase: the shared skeleton of Quarry's serialisers.
//
// It implements Gaffer's ToBytesSerialiser null handling once: a null Value
// serialises to zero bytes and zero bytes deserialise to DeserialiseEmpty().
// Subclasses see only non-null values of a type they handle and non-empty
// bytes, and return plain error messages; the base prefixes them with the
// serialiser's simple class name ("OrderedLongSerialiser: ...").
//
// Thread safety: immutable.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "schema/serialiser.h"

namespace quarry::internal {

struct SerialiserTraits {
  std::string_view class_name;  // Gaffer's full class name; must outlive the serialiser.
  bool preserves_order = false;
  bool consistent = false;
};

class SerialiserBase : public Serialiser {
 public:
  SerialiserBase(SerialiserTraits traits, std::initializer_list<ValueType> handled)
      : traits_(traits), handled_(handled) {}

  std::string_view ClassName() const final { return traits_.class_name; }
  bool PreservesOrder() const final { return traits_.preserves_order; }
  bool IsConsistent() const final { return traits_.consistent; }
  bool CanHandle(ValueType type) const override;

  Status Serialise(const Value& value, std::string* dst) const final;
  Result<Value> Deserialise(std::string_view bytes) const final;
  Status DeserialiseInto(std::string_view bytes, Value* out) const final;
  Status Check(std::string_view bytes) const final;

  // The part of ClassName() after the last dot.
  std::string_view SimpleName() const;

 protected:
  // REQUIRES: !value.is_null() and CanHandle(value.type()).
  virtual Status SerialiseNonNull(const Value& value, std::string* dst) const = 0;
  // REQUIRES: !bytes.empty(). Errors should be DataLoss. A serialiser
  // overrides one of the two (each defaults to the other): the hot ones
  // (String, OrderedLong, OrderedDate) the in-place form.
  virtual Result<Value> DeserialiseNonEmpty(std::string_view bytes) const;
  virtual Status DeserialiseNonEmptyInto(std::string_view bytes, Value* out) const;
  // REQUIRES: !bytes.empty(). OK exactly when DeserialiseNonEmptyInto
  // succeeds, with the same message otherwise (the serialiser contract test
  // holds overrides to that). Defaults to deserialising into a scratch value.
  virtual Status CheckNonEmpty(std::string_view bytes) const;

 private:
  SerialiserTraits traits_;
  std::vector<ValueType> handled_;
};

}  // namespace quarry::internal
