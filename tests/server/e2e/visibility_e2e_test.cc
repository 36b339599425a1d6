// End to end: visibility. The accumulo-store-visibility-test-schema stores
// the "visibility" property in the key; alice holds auth "public", bob
// "public" and "private" (users file in e2e_fixture.h). By hand: an entity
// with visibility "public" is visible to both, one with "private" to bob
// only.
#include <gtest/gtest.h>

#include "tests/server/e2e/e2e_fixture.h"

namespace quarry::testing_rpc {
namespace {

std::vector<std::string> Vertices(const std::string& result) {
  std::vector<std::string> vertices;
  Json json = Json::parse(result, nullptr, false);
  if (!json.is_array()) return {"<not an array: " + result.substr(0, 100) + ">"};
  for (const Json& element : json) {
    auto vertex = element.find("vertex");
    vertices.push_back(vertex != element.end() && vertex->is_string() ? vertex->get<std::string>()
                                                                      : "<no vertex>");
  }
  std::sort(vertices.begin(), vertices.end());
  return vertices;
}

TEST(VisibilityTest, UsersSeeOnlyWhatTheirAuthsAllow) {
  auto served =
      StartServedGraph("visibility", {"accumulo-store-visibility-test-schema/"
                                      "elementsWithVisibilities.json",
                                      "accumulo-store-visibility-test-schema/types.json"});
  ASSERT_NE(served, nullptr);
  TestClient client(served->process.port());
  rpc::AddElementsResult result;
  client->addElements(
      result, Bob(),
      {Entity("BasicEntity", "v", {{"count", IntValue(1)}, {"visibility", StringValue("public")}}),
       Entity("BasicEntity", "w",
              {{"count", IntValue(1)}, {"visibility", StringValue("private")}})},
      rpc::AddElementsOptions());
  EXPECT_EQ(result.added, 2);
  const std::string op = R"({"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements",
    "view": {"entities": {"BasicEntity": {}}}})";
  std::string out;
  client->execute(out, Alice(), op);
  EXPECT_EQ(Vertices(out), (std::vector<std::string>{"v"}));
  client->execute(out, Bob(), op);
  EXPECT_EQ(Vertices(out), (std::vector<std::string>{"v", "w"}));
  EXPECT_EQ(served->process.Stop(), 0) << served->process.log();
}

}  // namespace
}  // namespace quarry::testing_rpc
