#include "schema/internal/serialiser_base.h"

#include <algorithm>

namespace quarry::internal {

bool SerialiserBase::CanHandle(ValueType type) const {
  return std::find(handled_.begin(), handled_.end(), type) != handled_.end();
}

std::string_view SerialiserBase::SimpleName() const {
  std::string_view name = traits_.class_name;
  size_t dot = name.rfind('.');
  return dot == std::string_view::npos ? name : name.substr(dot + 1);
}

Status SerialiserBase::Serialise(const Value& value, std::string* dst) const {
  if (value.is_null()) return Status::OK();  // Gaffer's serialiseNull(): zero bytes.
  if (!CanHandle(value.type())) {
    return InvalidArgumentError(std::string(SimpleName()) + ": cannot serialise a " +
                                std::string(JavaClassName(value.type())));
  }
  size_t old_size = dst->size();
  Status status = SerialiseNonNull(value, dst);
  if (!status.ok()) {
    dst->resize(old_size);  // Leave no partial output behind.
    return status.WithContext(SimpleName());
  }
  return status;
}

Result<Value> SerialiserBase::DeserialiseNonEmpty(std::string_view bytes) const {
  Value value;
  QUARRY_RETURN_IF_ERROR(DeserialiseNonEmptyInto(bytes, &value));
  return value;
}

Status SerialiserBase::DeserialiseNonEmptyInto(std::string_view bytes, Value* out) const {
  Result<Value> value = DeserialiseNonEmpty(bytes);
  if (!value.ok()) return value.status();
  *out = std::move(value).value();
  return Status::OK();
}

Status SerialiserBase::DeserialiseInto(std::string_view bytes, Value* out) const {
  if (bytes.empty()) {
    *out = DeserialiseEmpty();
    return Status::OK();
  }
  Status status = DeserialiseNonEmptyInto(bytes, out);
  if (!status.ok()) return status.WithContext(SimpleName());
  return status;
}

Status SerialiserBase::CheckNonEmpty(std::string_view bytes) const {
  Value scratch;
  return DeserialiseNonEmptyInto(bytes, &scratch);
}

Status SerialiserBase::Check(std::string_view bytes) const {
  if (bytes.empty()) return Status::OK();  // DeserialiseEmpty() cannot fail.
  Status status = CheckNonEmpty(bytes);
  if (!status.ok()) return status.WithContext(SimpleName());
  return status;
}

Result<Value> SerialiserBase::Deserialise(std::string_view bytes) const {
  if (bytes.empty()) return DeserialiseEmpty();
  Result<Value> result = DeserialiseNonEmpty(bytes);
  if (!result.ok()) return result.status().WithContext(SimpleName());
  return result;
}

}  // namespace quarry::internal
