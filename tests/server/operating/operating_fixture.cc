#include "tests/server/operating/operating_fixture.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/server/e2e/e2e_fixture.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::testing_rpc {

rpc::Credentials AliceCredentials() { return Alice(); }

rpc::Credentials CarolCredentials() {
  rpc::Credentials c;
  c.userId = "carol";
  c.__set_token("carol-secret");
  return c;
}

const std::string& AliceBasic() {
  static const std::string header = BasicAuthorization("alice", "alice-secret");
  return header;
}

void OperatingTest::SetUp() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  root_ =
      ::testing::TempDir() + "/quarry_operating_" + info->name() + "_" + std::to_string(::getpid());
  std::filesystem::remove_all(root_);
  std::filesystem::create_directories(root_);
  graph_dir_ = root_ + "/graph";
  users_file_ = root_ + "/users.json";
  std::ofstream(users_file_) << kUsersFile;
  const std::string examples = quarry::testing::SharedDir() + "/gaffer-examples/basic/";
  CommandResult created =
      RunCommand(QUARRY_BINARY, {"create", graph_dir_, "--schema", examples + "elements.json",
                                 "--schema", examples + "types.json"});
  ASSERT_EQ(created.exit_code, 0) << created.out;
}

void OperatingTest::TearDown() {
  std::error_code ec;  // The graph may be missing when SetUp failed.
  std::filesystem::permissions(graph_dir_, std::filesystem::perms::owner_all,
                               std::filesystem::perm_options::add, ec);
  if (server_.pid() > 0) {
    EXPECT_EQ(server_.Stop(), 0) << server_.log();
  }
  std::filesystem::remove_all(root_);
}

void OperatingTest::Serve(const std::vector<std::string>& extra, bool with_http, bool with_thrift) {
  std::vector<std::string> args = {"serve", graph_dir_, "--users", users_file_};
  args.insert(args.end(), extra.begin(), extra.end());
  ASSERT_TRUE(server_.Start(QUARRY_BINARY, args, with_thrift ? 0 : -1, with_http ? 0 : -1))
      << server_.log();
}

void OperatingTest::AddTwoOverHttp() {
  HttpTestResponse added = Execute(kAddSecretVertices, AliceBasic());
  ASSERT_EQ(added.status, 200) << added.body;
}

HttpTestResponse OperatingTest::Execute(std::string_view operation,
                                        const std::string& authorization) {
  HttpTestClient client(server_.http_port());
  return client.Call(HttpRequest("POST", kExecutePath, operation, authorization));
}

HttpTestResponse OperatingTest::Get(const std::string& path, int port, const std::string& auth) {
  HttpTestClient client(port == 0 ? server_.http_port() : port);
  return client.Call(HttpRequest("GET", path, {}, auth));
}

bool OperatingTest::WaitForLog(const std::string& text) {
  return Eventually([&] { return server_.log().find(text) != std::string::npos; });
}

std::vector<Json> ReadJsonLines(const std::string& path) {
  std::ifstream in(path);
  std::vector<Json> lines;
  std::string line;
  while (std::getline(in, line)) {
    Json json = Json::parse(line, nullptr, false);
    EXPECT_TRUE(json.is_object()) << "not a JSON object line: " << line;
    if (json.is_object()) lines.push_back(std::move(json));
  }
  return lines;
}

double MetricValue(const std::string& text, const std::string& series) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.size() > series.size() && line.compare(0, series.size(), series) == 0 &&
        line[series.size()] == ' ') {
      return std::stod(line.substr(series.size() + 1));
    }
  }
  return -1;
}

bool Eventually(const std::function<bool()>& condition) {
  for (int i = 0; i < 200; ++i) {
    if (condition()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return condition();
}

}  // namespace quarry::testing_rpc
