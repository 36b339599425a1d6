#include "server/rest/ui_files.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <system_error>
#include <utility>

namespace quarry {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kPrefix = "/ui";
constexpr uintmax_t kMaxFileBytes = 32u << 20;  // The bundle is well under 1 MiB.

struct TypeByExtension {
  std::string_view extension;
  std::string_view content_type;
};
constexpr std::array<TypeByExtension, 10> kTypes = {{
    {".html", "text/html; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".map", "application/json"},
    {".json", "application/json"},
    {".png", "image/png"},
    {".svg", "image/svg+xml"},
    {".ico", "image/x-icon"},
    {".txt", "text/plain; charset=utf-8"},
    {".woff2", "font/woff2"},
}};

RestResponse NotFound(std::string_view path) {
  return GafferErrorResponse(404, "no such file in the explorer page: " + std::string(path));
}

// The relative path below "/ui/" when every segment is a plain name; nullopt
// otherwise. "" is the page itself.
std::optional<std::string> SafeRelativePath(std::string_view below) {
  std::string out;
  size_t start = 0;
  while (start <= below.size()) {
    size_t end = below.find('/', start);
    if (end == std::string_view::npos) end = below.size();
    std::string_view segment = below.substr(start, end - start);
    start = end + 1;
    if (segment.empty()) continue;
    if (segment.front() == '.' || segment.find('\\') != std::string_view::npos ||
        segment.find('\0') != std::string_view::npos) {
      return std::nullopt;
    }
    if (!out.empty()) out += '/';
    out += segment;
  }
  return out;
}

// Whether `file`, with links resolved, is a regular file inside `root`.
bool IsRegularFileInside(const fs::path& root, const fs::path& file) {
  std::error_code error;
  const fs::path real_root = fs::canonical(root, error);
  if (error) return false;
  const fs::path real_file = fs::canonical(file, error);
  if (error || !fs::is_regular_file(real_file, error)) return false;
  auto [root_end, ignored] =
      std::mismatch(real_root.begin(), real_root.end(), real_file.begin(), real_file.end());
  return root_end == real_root.end();
}

RestResponse FileResponse(const fs::path& file, std::string_view relative,
                          std::string_view content_type) {
  std::error_code error;
  const uintmax_t size = fs::file_size(file, error);
  if (error || size > kMaxFileBytes) return NotFound(relative);
  std::ifstream in(file, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in.good() && !in.eof()) return GafferErrorResponse(500, "cannot read the explorer page");
  RestResponse response;
  response.content_type = std::string(content_type);
  response.body = std::move(bytes).str();
  const bool hashed = relative.rfind("assets/", 0) == 0;
  response.headers.emplace_back("Cache-Control",
                                hashed ? "public, max-age=31536000, immutable" : "no-cache");
  response.headers.emplace_back("X-Content-Type-Options", "nosniff");
  return response;
}

}  // namespace

std::string_view UiContentType(std::string_view file_name) {
  const size_t dot = file_name.rfind('.');
  const size_t slash = file_name.rfind('/');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) return {};
  const std::string_view extension = file_name.substr(dot);
  for (const TypeByExtension& type : kTypes) {
    if (type.extension == extension) return type.content_type;
  }
  return {};
}

RestResponse ServeUiFile(const std::string& ui_dir, const RestRequest& request) {
  if (request.method != "GET") {
    RestResponse refused = GafferErrorResponse(405, "the explorer page is read with GET");
    refused.headers.emplace_back("Allow", "GET, HEAD");
    return refused;
  }
  if (request.path == kPrefix) {
    RestResponse moved;
    moved.status = 301;
    moved.content_type = "text/plain";
    moved.headers.emplace_back("Location", "/ui/");
    return moved;
  }
  std::optional<std::string> relative = SafeRelativePath(request.path.substr(kPrefix.size()));
  if (!relative) return NotFound(request.path);
  if (relative->empty()) *relative = "index.html";
  const std::string_view content_type = UiContentType(*relative);
  if (content_type.empty()) return NotFound(request.path);
  std::error_code error;
  if (!fs::is_directory(ui_dir, error)) {
    return GafferErrorResponse(404, "the explorer page was not built (" + ui_dir +
                                        " is missing: install nodejs and npm, e.g. with "
                                        "scripts/setup.sh, and build again)");
  }
  const fs::path file = fs::path(ui_dir) / *relative;
  if (!IsRegularFileInside(ui_dir, file)) return NotFound(request.path);
  return FileResponse(file, *relative, content_type);
}

HttpPathHandler UiPathHandler(std::string ui_dir) {
  return HttpPathHandler{std::string(kPrefix), /*authenticate=*/false,
                         [ui_dir = std::move(ui_dir)](const RestRequest& request) {
                           return ServeUiFile(ui_dir, request);
                         }};
}

}  // namespace quarry
