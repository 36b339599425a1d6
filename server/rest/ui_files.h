// The explorer page (web/, built into <build>/web/dist) as static files under
// /ui/ beside the REST API: index.html, its bundled JavaScript and CSS, and
// nothing else. The page is a client of the REST API only; these files carry
// no data, so they are served without authentication (the page signs in to
// the API itself).
//
// What is served, from `ui_dir`:
// * "/ui" redirects (301) to "/ui/", so that the page's relative URLs work;
//   "/ui/" is index.html;
// * "/ui/PATH" is ui_dir/PATH when every segment is a plain name (no "..",
//   ".", hidden names, backslashes or NULs), the file is a regular file inside
//   ui_dir once symbolic links are resolved, and its extension is one of the
//   known types (html, js, css, map, json, png, svg, ico, txt, woff2);
// * anything else is 404 (a Gaffer error body), GET and HEAD only (405).
// Caching: files under "assets/" have content hashes in their names and are
// immutable for a year; everything else (index.html) is "no-cache", so a
// rebuilt page is seen at once.
//
// Files are read per request, so a rebuilt page needs no restart.
// Thread safety: the handler may run on many threads at once.
#pragma once

#include <string>
#include <string_view>

#include "server/rest/http_server.h"
#include "server/rest/rest_api.h"

namespace quarry {

// The response for `request` (whose path is the full decoded path, "/ui/...").
RestResponse ServeUiFile(const std::string& ui_dir, const RestRequest& request);

// The content type for a file name by its extension; empty when the
// extension is not one that is served.
std::string_view UiContentType(std::string_view file_name);

// A path handler for HttpServer::Start serving `ui_dir` at "/ui".
HttpPathHandler UiPathHandler(std::string ui_dir);

}  // namespace quarry
