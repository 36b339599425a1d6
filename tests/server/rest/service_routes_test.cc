// /graph/status, /graph/version and /properties, as Gaffer's
// StatusController ({"status": "UP"}), VersionController (text/plain) and
// PropertiesController (PropertiesControllerIT: the core display properties
// in order; an unknown one is 404 "Property: NAME could not be found.").
#include "gmock/gmock.h"
#include "tests/server/rest/rest_test_graph.h"

namespace quarry::testing_rest {
namespace {

using ServiceRoutesTest = RestTestGraph;

TEST_F(ServiceRoutesTest, StatusIsUp) {
  RestResponse response = Call("GET", "/graph/status");
  ASSERT_EQ(response.status, 200);
  EXPECT_EQ(response.content_type, "application/json");
  EXPECT_EQ(BodyJson(response), Json::parse(R"({"status": "UP"})"));
}

TEST_F(ServiceRoutesTest, VersionIsGaffersAsText) {
  RestResponse response = Call("GET", "/graph/version");
  ASSERT_EQ(response.status, 200);
  EXPECT_EQ(response.content_type, "text/plain");
  EXPECT_EQ(response.body, "2.3.2");
}

TEST_F(ServiceRoutesTest, PropertiesAreGaffersCoreSetThenQuarrysVersion) {
  RestResponse response = Call("GET", "/properties");
  ASSERT_EQ(response.status, 200);
  Json properties = BodyJson(response);
  std::vector<std::string> keys;
  for (auto it = properties.begin(); it != properties.end(); ++it) keys.push_back(it.key());
  EXPECT_THAT(keys,
              ::testing::ElementsAre(
                  "gaffer.properties.app.title", "gaffer.properties.app.description",
                  "gaffer.properties.app.banner.description", "gaffer.properties.app.banner.colour",
                  "gaffer.properties.app.doc.url", "gaffer.properties.app.logo.link",
                  "gaffer.properties.app.logo.src", "gaffer.properties.app.logo.favicon.small",
                  "gaffer.properties.app.logo.favicon.large", "gaffer.version", "koryphe.version",
                  "quarry.version"));
  EXPECT_EQ(properties["gaffer.properties.app.title"], "Quarry REST API");
  EXPECT_EQ(properties["gaffer.properties.app.banner.colour"], "");
  EXPECT_EQ(properties["gaffer.version"], "2.3.2");
  EXPECT_EQ(properties["quarry.version"], "0.0.1-test");
}

TEST_F(ServiceRoutesTest, OnePropertyIsItsValueAsText) {
  RestResponse response = Call("GET", "/properties/gaffer.properties.app.title");
  ASSERT_EQ(response.status, 200);
  EXPECT_EQ(response.content_type, "text/plain");
  EXPECT_EQ(response.body, "Quarry REST API");
}

TEST_F(ServiceRoutesTest, UnknownPropertyIs404WithGaffersMessage) {
  RestResponse response = Call("GET", "/properties/gaffer.non-existent.property");
  ExpectGafferError(response, 404, "Property: gaffer.non-existent.property could not be found.");
}

}  // namespace
}  // namespace quarry::testing_rest
