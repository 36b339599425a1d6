#include "tests/server/e2e/e2e_fixture.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "tests/testutil/status_matchers.h"

namespace quarry::testing_rpc {

rpc::Credentials Alice() {
  rpc::Credentials c;
  c.userId = "alice";
  c.__set_token("alice-secret");
  return c;
}

rpc::Credentials Bob() {
  rpc::Credentials c;
  c.userId = "bob";
  c.__set_token("bob-secret");
  return c;
}

std::unique_ptr<ServedGraph> StartServedGraph(const std::string& name,
                                              const std::vector<std::string>& schema_files,
                                              bool with_http) {
  auto served = std::make_unique<ServedGraph>();
  const std::string root =
      ::testing::TempDir() + "/quarry_e2e_" + name + "_" + std::to_string(getpid());
  std::filesystem::remove_all(root);
  std::filesystem::create_directories(root);
  served->dir = root + "/graph";
  const std::string users = root + "/users.json";
  std::ofstream(users) << kUsersFile;
  std::vector<std::string> create = {"create", served->dir};
  for (const std::string& f : schema_files) {
    create.push_back("--schema");
    create.push_back(quarry::testing::SharedDir() + "/gaffer-examples/" + f);
  }
  CommandResult created = RunCommand(QUARRY_BINARY, create);
  EXPECT_EQ(created.exit_code, 0) << created.out;
  if (created.exit_code != 0) return nullptr;
  if (!served->process.Start(QUARRY_BINARY, {"serve", served->dir, "--users", users}, 0,
                             with_http ? 0 : -1)) {
    ADD_FAILURE() << "quarry serve did not start: " << served->process.log();
    return nullptr;
  }
  return served;
}

Json SortedKeys(const Json& json) {
  if (json.is_array()) {
    Json out = Json::array();
    for (const Json& item : json) out.push_back(SortedKeys(item));
    return out;
  }
  if (!json.is_object()) return json;
  std::vector<std::string> keys;
  for (auto it = json.begin(); it != json.end(); ++it) keys.push_back(it.key());
  std::sort(keys.begin(), keys.end());
  Json out = Json::object();
  for (const std::string& key : keys) out[key] = SortedKeys(json[key]);
  return out;
}

std::vector<std::string> SortedItems(const std::string& json_array) {
  Json json = Json::parse(json_array, nullptr, false);
  std::vector<std::string> items;
  if (!json.is_array()) {
    ADD_FAILURE() << "not a JSON array: " << json_array.substr(0, 200);
    return items;
  }
  for (const Json& item : json) items.push_back(SortedKeys(item).dump());
  std::sort(items.begin(), items.end());
  return items;
}

rpc::TypedValue StringValue(const std::string& v) {
  rpc::TypedValue value;
  value.__set_stringValue(v);
  return value;
}

rpc::TypedValue IntValue(int32_t v) {
  rpc::TypedValue value;
  value.__set_intValue(v);
  return value;
}

rpc::Element Entity(const std::string& group, const std::string& vertex,
                    std::map<std::string, rpc::TypedValue> properties) {
  rpc::Element e;
  e.kind = rpc::ElementKind::ENTITY;
  e.group = group;
  e.__set_vertex(StringValue(vertex));
  e.properties = std::move(properties);
  return e;
}

rpc::Element Edge(const std::string& group, const std::string& source,
                  const std::string& destination, bool directed,
                  std::map<std::string, rpc::TypedValue> properties) {
  rpc::Element e;
  e.kind = rpc::ElementKind::EDGE;
  e.group = group;
  e.__set_source(StringValue(source));
  e.__set_destination(StringValue(destination));
  e.__set_directed(directed);
  e.properties = std::move(properties);
  return e;
}

}  // namespace quarry::testing_rpc
