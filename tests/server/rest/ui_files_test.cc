// ServeUiFile: the explorer page's static files under /ui/. Expected values
// from the contract in server/rest/ui_files.h and RFC 9110 (301 with a
// Location, 405 with an Allow header).
#include "server/rest/ui_files.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace quarry {
namespace {

namespace fs = std::filesystem;

std::string Header(const RestResponse& response, const std::string& name) {
  for (const auto& [key, value] : response.headers) {
    if (key == name) return value;
  }
  return "<absent>";
}

class UiFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::path(::testing::TempDir()) / ("quarry_ui_files_" + std::to_string(getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_ / "dist" / "assets");
    std::ofstream(root_ / "dist" / "index.html") << "<!doctype html><title>x</title>";
    std::ofstream(root_ / "dist" / "assets" / "app-1A2B.js") << "console.log(1)";
    std::ofstream(root_ / "dist" / "assets" / "app-1A2B.css") << "body{}";
    std::ofstream(root_ / "dist" / ".hidden.txt") << "hidden";
    std::ofstream(root_ / "dist" / "notes.md") << "not a served type";
    std::ofstream(root_ / "secret.txt") << "outside";
    fs::create_symlink(root_ / "secret.txt", root_ / "dist" / "escape.txt");
    dir_ = (root_ / "dist").string();
  }
  void TearDown() override { fs::remove_all(root_); }

  RestResponse Get(std::string_view path, std::string_view method = "GET") {
    RestRequest request;
    request.method = method;
    request.path = path;
    request.user = &user_;
    return ServeUiFile(dir_, request);
  }

  fs::path root_;
  std::string dir_;
  User user_;
};

TEST_F(UiFilesTest, RootIsIndexHtmlNotCached) {
  RestResponse response = Get("/ui/");
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.content_type, "text/html; charset=utf-8");
  EXPECT_EQ(response.body, "<!doctype html><title>x</title>");
  EXPECT_EQ(Header(response, "Cache-Control"), "no-cache");
  EXPECT_EQ(Header(response, "X-Content-Type-Options"), "nosniff");
}

TEST_F(UiFilesTest, BareUiRedirectsToTheSlash) {
  RestResponse response = Get("/ui");
  EXPECT_EQ(response.status, 301);
  EXPECT_EQ(Header(response, "Location"), "/ui/");
}

TEST_F(UiFilesTest, HashedAssetsAreImmutableWithTheirTypes) {
  RestResponse js = Get("/ui/assets/app-1A2B.js");
  EXPECT_EQ(js.status, 200);
  EXPECT_EQ(js.content_type, "text/javascript; charset=utf-8");
  EXPECT_EQ(js.body, "console.log(1)");
  EXPECT_EQ(Header(js, "Cache-Control"), "public, max-age=31536000, immutable");
  RestResponse css = Get("/ui/assets/app-1A2B.css");
  EXPECT_EQ(css.content_type, "text/css; charset=utf-8");
  EXPECT_EQ(css.body, "body{}");
}

TEST_F(UiFilesTest, UnknownFilesAndTypesAre404) {
  EXPECT_EQ(Get("/ui/missing.js").status, 404);
  EXPECT_EQ(Get("/ui/notes.md").status, 404);     // Not a served type.
  EXPECT_EQ(Get("/ui/assets").status, 404);       // A directory.
  EXPECT_EQ(Get("/ui/.hidden.txt").status, 404);  // Hidden names.
  EXPECT_NE(Get("/ui/missing.js").body.find("\"statusCode\":404"), std::string::npos);
}

TEST_F(UiFilesTest, NoDirectoryTraversal) {
  // The transport percent-decodes, so "%2e%2e" arrives as "..".
  EXPECT_EQ(Get("/ui/../secret.txt").status, 404);
  EXPECT_EQ(Get("/ui/assets/../../secret.txt").status, 404);
  EXPECT_EQ(Get("/ui/./index.html").status, 404);
  EXPECT_EQ(Get("/ui/..\\secret.txt").status, 404);
  EXPECT_EQ(Get(std::string_view("/ui/index.html\0x", 16)).status, 404);
  EXPECT_EQ(Get("/ui/escape.txt").status, 404);  // A link out of the directory.
}

TEST_F(UiFilesTest, ExtraSlashesAreIgnored) {
  RestResponse response = Get("/ui//assets//app-1A2B.js");
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.body, "console.log(1)");
}

TEST_F(UiFilesTest, OnlyGetIsAllowed) {
  RestResponse response = Get("/ui/index.html", "POST");
  EXPECT_EQ(response.status, 405);
  EXPECT_EQ(Header(response, "Allow"), "GET, HEAD");
}

TEST_F(UiFilesTest, AMissingBuildSaysHowToGetThePage) {
  dir_ = (root_ / "not-built").string();
  RestResponse response = Get("/ui/");
  EXPECT_EQ(response.status, 404);
  EXPECT_NE(response.body.find("explorer page was not built"), std::string::npos) << response.body;
  EXPECT_NE(response.body.find("nodejs"), std::string::npos) << response.body;
}

TEST(UiContentTypeTest, ByExtension) {
  EXPECT_EQ(UiContentType("index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(UiContentType("a/b.svg"), "image/svg+xml");
  EXPECT_EQ(UiContentType("logo.png"), "image/png");
  EXPECT_EQ(UiContentType("a.map"), "application/json");
  EXPECT_EQ(UiContentType("a.exe"), "");
  EXPECT_EQ(UiContentType("dir.js/file"), "");
  EXPECT_EQ(UiContentType("noextension"), "");
}

}  // namespace
}  // namespace quarry
