// koryphe's DeserialiseXml against gaffer-doc's examples (functions guide:
// {element1=value}, {root={element1=value1, element2=value2}},
// {root={element1=[{element2=value1}, {element2=value2}]}}) and koryphe's
// DeserialiseXmlTest (an attribute beside text: {attr=attr1,
// content=value1}).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/graph-core/functions/function_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Call;
using ::quarry::testing::ParseFn;
using ::quarry::testing::StatusIs;

Value S(const char* s) { return Value::String(s); }
Value M(std::vector<std::pair<Value, Value>> entries) {
  ValueEntries e(entries.begin(), entries.end());
  return Value::Map(std::move(e));
}

Value Apply(std::string_view xml) {
  auto fn = ParseFn(R"({"class": "DeserialiseXml"})");
  EXPECT_NE(fn, nullptr);
  if (fn == nullptr) return Value();
  Result<Value> v = Call(*fn, {Value::String(std::string(xml))});
  EXPECT_TRUE(v.ok()) << v.status().ToString();
  return v.ok() ? *v : Value();
}

TEST(DeserialiseXmlTest, GaffersDocumentedExamples) {
  EXPECT_EQ(Apply("<element1>value</element1>"), M({{S("element1"), S("value")}}));
  EXPECT_EQ(Apply("<root><element1>value1</element1><element2>value2</element2></root>"),
            M({{S("root"), M({{S("element1"), S("value1")}, {S("element2"), S("value2")}})}}));
  EXPECT_EQ(
      Apply("<root><element1><element2>value1</element2></element1><element1><element2>"
            "value2</element2></element1></root>"),
      M({{S("root"), M({{S("element1"), Value::List({M({{S("element2"), S("value1")}}),
                                                     M({{S("element2"), S("value2")}})})}})}}));
}

TEST(DeserialiseXmlTest, AttributesSitBesideContent) {
  EXPECT_EQ(
      Apply("<root><element1><element2 attr=\"attr1\">value1</element2></element1>"
            "<element1><element2>value2</element2></element1></root>"),
      M({{S("root"),
          M({{S("element1"), Value::List({M({{S("element2"), M({{S("attr"), S("attr1")},
                                                                {S("content"), S("value1")}})}}),
                                          M({{S("element2"), S("value2")}})})}})}}));
}

// org.json's typing of text, its empty elements, entities, CDATA and the
// markup it skips.
TEST(DeserialiseXmlTest, TypesTextAsOrgJsonDoes) {
  EXPECT_EQ(Apply("<?xml version=\"1.0\"?><!-- c --><r><n>42</n><d>1.5</d><b>TRUE</b><z>007</z>"
                  "<e/><t> a &amp; b &#65; </t><c><![CDATA[1 < 2]]></c></r>"),
            M({{S("r"), M({{S("n"), Value::Int32(42)},
                           {S("d"), Value::Double(1.5)},
                           {S("b"), Value::Bool(true)},
                           {S("z"), S("007")},
                           {S("e"), S("")},
                           {S("t"), S("a & b A")},
                           {S("c"), S("1 < 2")}})}}));
}

TEST(DeserialiseXmlTest, NullIsNullAndBadXmlIsAnError) {
  auto fn = ParseFn(R"({"class": "uk.gov.gchq.koryphe.impl.function.DeserialiseXml"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
  EXPECT_THAT(Call(*fn, {Value::String("<a><b></a>")}), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(Call(*fn, {Value::String("<a>")}), StatusIs(StatusCode::kInvalidArgument));
  EXPECT_THAT(Call(*fn, {Value::String("text")}), StatusIs(StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace quarry
