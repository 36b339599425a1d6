// What the service says about itself: /graph/status, /graph/version,
// /properties (Gaffer's StatusController, VersionController and
// PropertiesController) and /openapi.json.
#include "server/rest/internal/rest_routes.h"

namespace quarry::rest_internal {
namespace {

// The Gaffer release whose REST API (spring-rest) Quarry speaks; Gaffer's
// /graph/version and gaffer.version report it, as clients check them.
constexpr char kGafferVersion[] = "2.3.2";
constexpr char kKorypheVersion[] = "2.6.0";  // Gaffer 2.3.2's koryphe.version.
constexpr char kApiRoot[] = "/rest";

// Gaffer's exposed display properties (PropertiesUtil's core set, in its
// order) with Quarry's values, then quarry.version.
Json DisplayProperties(const RestServiceInfo& info) {
  const std::string quarry_docs = "https://gchq.github.io/gaffer-doc/latest/";
  Json properties = Json::object();
  properties["gaffer.properties.app.title"] = info.title;
  properties["gaffer.properties.app.description"] =
      "The Quarry REST service: Gaffer's REST API over a Quarry graph.";
  properties["gaffer.properties.app.banner.description"] = "";
  properties["gaffer.properties.app.banner.colour"] = "";
  properties["gaffer.properties.app.doc.url"] = quarry_docs;
  properties["gaffer.properties.app.logo.link"] = "https://github.com/gchq/Gaffer";
  properties["gaffer.properties.app.logo.src"] = "images/logo.png";
  properties["gaffer.properties.app.logo.favicon.small"] = "images/logo.png";
  properties["gaffer.properties.app.logo.favicon.large"] = "images/logo.png";
  properties["gaffer.version"] = kGafferVersion;
  properties["koryphe.version"] = kKorypheVersion;
  properties["quarry.version"] = info.version;
  return properties;
}

// branch service (issue 19): UP only when the store is open and writable
// (server/service/health.h). Gaffer's SystemStatus follows Spring Boot
// Actuator, which answers DOWN with 503 so that load balancers and probes
// see it; the reason is Quarry's addition.
RestResponse GraphStatus(const RouteCall& call) {
  const ServiceHealth health = call.info.health ? call.info.health() : ServiceHealth{};
  Json status;
  status["status"] = health.up ? "UP" : "DOWN";
  if (!health.up) status["reason"] = health.reason;
  RestResponse response = JsonResponse(status);
  if (!health.up) response.status = 503;
  return response;
}

RestResponse GafferVersion(const RouteCall&) { return TextResponse(kGafferVersion); }

RestResponse AllProperties(const RouteCall& call) {
  return JsonResponse(DisplayProperties(call.info));
}

RestResponse OneProperty(const RouteCall& call) {
  const Json properties = DisplayProperties(call.info);
  auto it = properties.find(call.params[0]);
  if (it == properties.end()) {
    return GafferErrorResponse(404, "Property: " + call.params[0] + " could not be found.");
  }
  return TextResponse(it->get<std::string>());
}

RestResponse OpenApi(const RouteCall& call) {
  return JsonResponse(OpenApiDocument(AllRestRoutes(), call.info, kApiRoot));
}

}  // namespace

std::vector<RestRoute> ServiceRoutes() {
  return {
      {"GET",
       "/graph/status",
       GraphStatus,
       "status",
       "Retrieves the status of the graph",
       200,
       RouteBody::kJsonObject,
       false,
       {503}},  // branch service: DOWN.
      {"GET", "/graph/version", GafferVersion, "version",
       "Retrieves the version of the Gaffer Graph", 200, RouteBody::kText},
      {"GET", "/properties", AllProperties, "properties", "Get all the Gaffer System properties"},
      {"GET",
       "/properties/{property}",
       OneProperty,
       "properties",
       "Gets the value of a provided property",
       200,
       RouteBody::kText,
       false,
       {404}},
      {"GET", "/openapi.json", OpenApi, "openapi", "This OpenAPI 3 document"},
  };
}

}  // namespace quarry::rest_internal
