#include "server/service/thrift_elements.h"

#include <gtest/gtest.h>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

rpc::TypedValue Long(int64_t v) {
  rpc::TypedValue value;
  value.__set_longValue(v);
  return value;
}

rpc::TypedValue String(const std::string& v) {
  rpc::TypedValue value;
  value.__set_stringValue(v);
  return value;
}

TEST(ThriftElementsTest, ScalarValuesKeepTheirType) {
  rpc::TypedValue v;
  v.__set_intValue(5);
  EXPECT_EQ(*ValueFromThrift(v, "p", 10), Value::Int32(5));
  EXPECT_EQ(*ValueFromThrift(Long(5), "p", 10), Value::Int64(5));
  rpc::TypedValue f;
  f.__set_floatValue(1.5);
  EXPECT_EQ(*ValueFromThrift(f, "p", 10), Value::Float(1.5f));
  rpc::TypedValue d;
  d.__set_dateMillis(86400000);
  EXPECT_EQ(*ValueFromThrift(d, "p", 10), Value::Date(86400000));
  rpc::TypedValue b;
  b.__set_bytesValue(std::string("\0\1", 2));
  EXPECT_EQ(*ValueFromThrift(b, "p", 10), Value::Bytes(std::string("\0\1", 2)));
}

TEST(ThriftElementsTest, CollectionsAndJsonFallback) {
  rpc::TypedValue set;
  set.__set_stringSet({"b", "a"});
  EXPECT_EQ(*ValueFromThrift(set, "p", 10),
            Value::TreeSet({Value::String("a"), Value::String("b")}));
  rpc::TypedValue freq;
  freq.__set_freqMap({{"CAR", 2}});
  EXPECT_EQ(*ValueFromThrift(freq, "p", 10), Value::FreqMap({{"CAR", 2}}));
  rpc::TypedValue json;
  json.__set_json(R"({"java.lang.Long": 7})");
  EXPECT_EQ(*ValueFromThrift(json, "p", 10), Value::Int64(7));
}

TEST(ThriftElementsTest, BadValuesNameThePath) {
  rpc::TypedValue none;
  EXPECT_THAT(
      ValueFromThrift(none, "elements[0].vertex", 10),
      StatusIsWithMessage(StatusCode::kInvalidArgument, "elements[0].vertex: a TypedValue"));
  rpc::TypedValue two = Long(1);
  two.__set_stringValue("x");
  EXPECT_THAT(ValueFromThrift(two, "p", 10), StatusIs(StatusCode::kInvalidArgument));
  rpc::TypedValue bad_json;
  bad_json.__set_json("{not json");
  EXPECT_THAT(ValueFromThrift(bad_json, "p", 10),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "p.json: not valid JSON"));
  rpc::TypedValue deep;
  deep.__set_json(std::string(1000, '[') + std::string(1000, ']'));
  EXPECT_THAT(ValueFromThrift(deep, "p", 10), StatusIs(StatusCode::kInvalidArgument));
  rpc::TypedValue unknown_class;
  unknown_class.__set_json(R"({"java.lang.Lnog": 1})");
  EXPECT_THAT(ValueFromThrift(unknown_class, "p", 10), StatusIs(StatusCode::kInvalidArgument));
}

TEST(ThriftElementsTest, EntitiesAndEdges) {
  rpc::Element entity;
  entity.kind = rpc::ElementKind::ENTITY;
  entity.group = "Cardinality";
  entity.__set_vertex(String("10"));
  entity.properties["count"] = Long(3);
  rpc::Element edge;
  edge.kind = rpc::ElementKind::EDGE;
  edge.group = "RoadUse";
  edge.__set_source(String("11"));
  edge.__set_destination(String("10"));
  edge.__set_directed(false);
  ASSERT_OK_AND_ASSIGN(auto elements, ElementsFromThrift({entity, edge}, 10));
  ASSERT_EQ(elements.size(), 2u);
  EXPECT_EQ(elements[0], Element::Entity("Cardinality", Value::String("10"),
                                         Properties{{"count", Value::Int64(3)}}));
  // Undirected edges are normalised: source <= destination.
  EXPECT_EQ(elements[1].source(), Value::String("10"));
  EXPECT_EQ(elements[1].destination(), Value::String("11"));
  EXPECT_FALSE(elements[1].directed());
}

TEST(ThriftElementsTest, EdgeDirectedDefaultsToTrue) {
  rpc::Element edge;
  edge.kind = rpc::ElementKind::EDGE;
  edge.group = "RoadUse";
  edge.__set_source(String("b"));
  edge.__set_destination(String("a"));
  ASSERT_OK_AND_ASSIGN(auto elements, ElementsFromThrift({edge}, 10));
  EXPECT_TRUE(elements[0].directed());
  EXPECT_EQ(elements[0].source(), Value::String("b"));
}

TEST(ThriftElementsTest, ShapeErrorsNameTheElement) {
  rpc::Element good;
  good.kind = rpc::ElementKind::ENTITY;
  good.group = "g";
  good.__set_vertex(String("v"));
  rpc::Element no_vertex = good;
  no_vertex.__isset.vertex = false;
  EXPECT_THAT(ElementsFromThrift({good, no_vertex}, 10),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "elements[1].vertex: missing"));
  rpc::Element edge_with_vertex = good;
  edge_with_vertex.kind = rpc::ElementKind::EDGE;
  EXPECT_THAT(ElementsFromThrift({edge_with_vertex}, 10),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "an EDGE has no vertex"));
  rpc::Element no_group = good;
  no_group.group = "";
  EXPECT_THAT(ElementsFromThrift({no_group}, 10),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "elements[0].group: missing"));
  rpc::Element bad_property = good;
  bad_property.properties["count"] = rpc::TypedValue();
  EXPECT_THAT(ElementsFromThrift({bad_property}, 10),
              StatusIsWithMessage(StatusCode::kInvalidArgument, "elements[0].properties.count"));
  rpc::Element bad_kind = good;
  bad_kind.kind = static_cast<rpc::ElementKind::type>(7);
  EXPECT_THAT(ElementsFromThrift({bad_kind}, 10),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "elements[0].kind: 7 is not ENTITY (1) or EDGE (2)"));
}

}  // namespace
}  // namespace quarry
