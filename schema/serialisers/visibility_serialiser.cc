// VisibilitySerialiser (format in its header).
#include "schema/serialisers/visibility_serialiser.h"

namespace quarry {

Status VisibilitySerialiser::SerialiseNonNull(const Value& value, std::string* dst) const {
  const std::string& text = value.AsString();
  dst->append(text == kPublic ? kPublicExpression : std::string_view(text));
  return Status::OK();
}

Result<Value> VisibilitySerialiser::DeserialiseNonEmpty(std::string_view bytes) const {
  return Value::String(std::string(bytes == kPublicExpression ? kPublic : bytes));
}

}  // namespace quarry
