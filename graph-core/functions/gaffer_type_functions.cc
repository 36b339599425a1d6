// Gaffer's own functions over its types (uk.gov.gchq.gaffer.types.function):
// FreqMapExtractor {"key"}: a FreqMap's count for the key, null when the key
// or the map is absent (FreqMapExtractor.apply).
#include "graph-core/functions/internal/koryphe_function.h"
#include "graph-core/internal/json_fields.h"

namespace quarry::functions_internal {
namespace {

namespace jf = json_fields;

constexpr std::string_view kFreqMapExtractor = "uk.gov.gchq.gaffer.types.function.FreqMapExtractor";

Result<std::unique_ptr<Function>> ParseFreqMapExtractor(const Json& json, std::string_view path) {
  QUARRY_ASSIGN_OR_RETURN(std::optional<std::string> key, jf::OptionalString(json, "key", path));
  Json fields = Json::object();
  if (key.has_value()) fields["key"] = *key;
  return MakeFunction(
      kFreqMapExtractor, 1,
      [key](ValueRefs args) -> Result<Value> {
        const Value& map = *args[0];
        if (map.is_null()) return Value();
        if (map.type() != ValueType::kFreqMap) {
          return CannotApply(kFreqMapExtractor, "extract a count from", map);
        }
        if (!key.has_value()) return Value();
        auto it = map.AsFreqMap().find(*key);
        return it == map.AsFreqMap().end() ? Value() : Value::Int64(it->second);
      },
      std::move(fields));
}

}  // namespace

void AddGafferTypeFunctions(std::vector<FunctionClass>* out) {
  out->push_back({kFreqMapExtractor, ParseFreqMapExtractor});
}

}  // namespace quarry::functions_internal
