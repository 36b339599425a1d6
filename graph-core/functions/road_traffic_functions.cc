// The transform function of Gaffer's road-traffic demo
// (uk.gov.gchq.gaffer.traffic.transform.DescriptionTransform), which the
// demo's queries and gafferpy's example tour use in views:
// (junctionA, junctionB, count) -> "<count> vehicles have travelled between
// junction <A> and junction <B>", each part as Java's string concatenation
// writes it (a null part reads "null").
#include "graph-core/functions/internal/koryphe_function.h"

namespace quarry::functions_internal {
namespace {

constexpr std::string_view kDescriptionTransform =
    "uk.gov.gchq.gaffer.traffic.transform.DescriptionTransform";

std::string JavaConcatPart(const Value& v) { return v.is_null() ? "null" : v.ToJavaString(); }

Result<Value> Describe(ValueRefs args) {
  return Value::String(JavaConcatPart(*args[2]) + " vehicles have travelled between junction " +
                       JavaConcatPart(*args[0]) + " and junction " + JavaConcatPart(*args[1]));
}

}  // namespace

void AddRoadTrafficFunctions(std::vector<FunctionClass>* out) {
  out->push_back({kDescriptionTransform,
                  [](const Json&, std::string_view) -> Result<std::unique_ptr<Function>> {
                    return MakeFunction(kDescriptionTransform, 3, Describe);
                  }});
}

}  // namespace quarry::functions_internal
