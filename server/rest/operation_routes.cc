// /graph/operations: execute an operation or chain (whole result or one
// item per chunk) and describe the supported operations, as Gaffer's
// OperationController does.
//
// Gaffer adds no job-id header to /execute (its OperationControllerIT and
// OperationServiceV2IT assert the header is absent); only POST /graph/jobs
// carries one.
#include "operations/operation_catalogue.h"
#include "server/rest/internal/rest_routes.h"

namespace quarry::rest_internal {
namespace {

RestResponse Execute(const RouteCall& call) {
  RestResponse error;
  if (!AcceptOperationBody(call.request, &error)) return error;
  return StreamOperation(call, call.request.body, RestBodyKind::kResult);
}

RestResponse ExecuteChunked(const RouteCall& call) {
  RestResponse error;
  if (!AcceptOperationBody(call.request, &error)) return error;
  return StreamOperation(call, call.request.body, RestBodyKind::kChunkedItems);
}

// The operations the caller may run: the admin operations are listed only
// for users holding the admin auth, so a client that tries every listed
// operation (gafferpy's tests do) meets no 403.
std::vector<const OperationInfo*> RunnableOperations(const RouteCall& call) {
  const bool admin = call.executor.MayRunAdminOperations(*call.request.user);
  std::vector<const OperationInfo*> out;
  for (const OperationInfo& info : SupportedOperationInfos()) {
    if (admin || !RequiresAdminAuth(info.class_name)) out.push_back(&info);
  }
  return out;
}

RestResponse OperationClassNames(const RouteCall& call) {
  Json names = Json::array();
  for (const OperationInfo* info : RunnableOperations(call)) names.push_back(info->class_name);
  return JsonResponse(names);
}

RestResponse AllOperationDetails(const RouteCall& call) {
  Json details = Json::array();
  for (const OperationInfo* info : RunnableOperations(call)) {
    details.push_back(OperationDetailJson(*info));
  }
  return JsonResponse(details);
}

// Gaffer lists every operation class on its classpath here, supported or
// not; Quarry has no classes it does not run, so it says so rather than
// pass its supported list off as that.
RestResponse EveryOperationClassDetails(const RouteCall&) {
  return GafferErrorResponse(501,
                             "Quarry knows only the operations it runs: see "
                             "/graph/operations/details");
}

// Gaffer's 404 for a class it cannot load; Quarry knows no class it does not
// run, so an unsupported class gets the same answer.
RestResponse ClassNotFound(const std::string& class_name) {
  return GafferErrorResponse(404, "Class: " + class_name + " was not found on the classpath.");
}

RestResponse OperationDetails(const RouteCall& call) {
  const OperationInfo* info = FindOperationInfo(call.params[0]);
  if (info == nullptr) return ClassNotFound(call.params[0]);
  return JsonResponse(OperationDetailJson(*info));
}

RestResponse NextOperations(const RouteCall& call) {
  const OperationInfo* info = FindOperationInfo(call.params[0]);
  if (info == nullptr) {
    return GafferErrorResponse(404, "Operation class was not found: " + call.params[0]);
  }
  const bool admin = call.executor.MayRunAdminOperations(*call.request.user);
  Json next = Json::array();
  for (const std::string& name : NextOperationClassNames(*info)) {
    if (admin || !RequiresAdminAuth(name)) next.push_back(name);  // As RunnableOperations.
  }
  return JsonResponse(next);
}

RestResponse OperationExample(const RouteCall& call) {
  const OperationInfo* info = FindOperationInfo(call.params[0]);
  if (info == nullptr) return ClassNotFound(call.params[0]);
  return JsonResponse(info->example);
}

}  // namespace

std::vector<RestRoute> OperationRoutes() {
  constexpr std::string_view kTag = "operations";
  return {
      {"POST",
       "/graph/operations/execute",
       Execute,
       kTag,
       "Executes an operation against a Store",
       200,
       RouteBody::kJsonAny,
       true,
       {400, 415}},
      {"POST",
       "/graph/operations/execute/chunked",
       ExecuteChunked,
       kTag,
       "Executes an operation against a Store, returning a chunked output",
       200,
       RouteBody::kJsonLines,
       true,
       {400, 415}},
      {"GET", "/graph/operations", OperationClassNames, kTag,
       "Retrieves a list of supported operations", 200, RouteBody::kJsonArray},
      {"GET", "/graph/operations/all", OperationClassNames, kTag,
       "Retrieves a list of all operations (Quarry lists only those it runs)", 200,
       RouteBody::kJsonArray},
      {"GET", "/graph/operations/details", AllOperationDetails, kTag,
       "Returns the details of every operation supported by the store", 200, RouteBody::kJsonArray},
      {"GET", "/graph/operations/details/all", EveryOperationClassDetails, kTag,
       "Gaffer's details of every operation class, supported or not: 501 in Quarry, which "
       "knows only the operations it runs (/graph/operations/details)",
       501, RouteBody::kJsonArray},
      {"GET",
       "/graph/operations/{className}",
       OperationDetails,
       kTag,
       "Gets details about the specified operation class",
       200,
       RouteBody::kJsonObject,
       false,
       {404}},
      {"GET",
       "/graph/operations/{className}/next",
       NextOperations,
       kTag,
       "Gets the operations that can be chained after a given operation",
       200,
       RouteBody::kJsonArray,
       false,
       {404}},
      {"GET",
       "/graph/operations/{className}/example",
       OperationExample,
       kTag,
       "Gets an example of an operation class",
       200,
       RouteBody::kJsonObject,
       false,
       {404}},
  };
}

}  // namespace quarry::rest_internal
