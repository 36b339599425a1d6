#include "bench/thrift/typed_elements.h"

#include <string>
#include <utility>

namespace quarry::bench {
namespace {

rpc::TypedValue StringValue(std::string s) {
  rpc::TypedValue v;
  v.__set_stringValue(std::move(s));
  return v;
}

rpc::TypedValue LongValue(int64_t n) {
  rpc::TypedValue v;
  v.__set_longValue(n);
  return v;
}

rpc::TypedValue DateValue(int64_t millis) {
  rpc::TypedValue v;
  v.__set_dateMillis(millis);
  return v;
}

}  // namespace

rpc::Element TypedEventEdge(const EdgeEvent& event) {
  rpc::Element edge;
  edge.kind = rpc::ElementKind::EDGE;
  edge.group = std::string(kEdgeGroup);
  edge.__set_source(StringValue(VertexName(event.src)));
  edge.__set_destination(StringValue(VertexName(event.dst)));
  edge.__set_directed(true);
  edge.properties.emplace("startDate", DateValue(DayMillis(event.day)));
  edge.properties.emplace("count", LongValue(1));
  return edge;
}

rpc::Element TypedEventEntity(const EdgeEvent& event) {
  rpc::Element entity;
  entity.kind = rpc::ElementKind::ENTITY;
  entity.group = std::string(kEntityGroup);
  entity.__set_vertex(StringValue(VertexName(event.src)));
  entity.properties.emplace("count", LongValue(1));
  return entity;
}

}  // namespace quarry::bench
