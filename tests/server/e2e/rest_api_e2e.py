"""End-to-end checks of Quarry's Gaffer REST API over real HTTP.

Usage: /usr/bin/python3 rest_api_e2e.py API_ROOT [--user U --token T] [--graph-id ID]
                                          [--data JSONL]
  API_ROOT  e.g. http://127.0.0.1:8080/rest, a `quarry serve --http-port`
            over an EMPTY graph with the road-traffic schema; the script
            loads --data (default: data/tiny_road_traffic.jsonl beside it).

Uses Debian's python3-requests. Expected values come from Gaffer 2.3.2's
spring-rest controllers and their *IT tests, and by hand from the tiny
road-traffic data:
  3 RegionContainsLocation, 4 LocationContainsRoad, 4 RoadHasJunction,
  2 RoadUse (two hours, one edge M32:1 -> M32:M4 (19)) and 5 JunctionUse
  (M32:1 x2, M5:10 x2, M5:11: one per hour): 18 elements in all.
Prints one line per check and "rest e2e ok" at the end; exits 1 on failure.
"""
import argparse
import json
import os
import re
import sys
import time
from urllib.parse import urljoin

import requests

GET_ALL = "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"
VIEW_CLASS = "uk.gov.gchq.gaffer.data.elementdefinition.view.View"
ROAD_GENERATOR = "uk.gov.gchq.gaffer.traffic.generator.RoadTrafficStringElementGenerator"
MEDIA_TYPE = "gaffer.v2; format=json"
TOTAL_ELEMENTS = 18

FAILURES = []


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else ": " + str(detail)))
    if not condition:
        FAILURES.append(name)
    return condition


class Api:
    def __init__(self, root, auth):
        self.root = root.rstrip("/")
        self.session = requests.Session()
        self.session.auth = auth

    def get(self, path, **kwargs):
        return self.session.get(self.root + path, timeout=60, **kwargs)

    def post(self, path, body, **kwargs):
        data = body if isinstance(body, (str, bytes)) else json.dumps(body)
        headers = kwargs.pop("headers", {"Content-Type": "application/json"})
        return self.session.post(self.root + path, data=data, headers=headers, timeout=60,
                                 **kwargs)

    def execute(self, operation):
        return self.post("/graph/operations/execute", operation)


def gaffer_error(name, response, status, message=None):
    """Checks a Gaffer error body (uk.gov.gchq.gaffer.core.exception.Error)."""
    try:
        body = response.json()
    except ValueError:
        return check(name, False, "%d, not JSON: %r" % (response.status_code, response.text))
    ok = (response.status_code == status and body.get("statusCode") == status
          and isinstance(body.get("status"), str) and "simpleMessage" in body
          and "detailMessage" in body)
    if message is not None:
        ok = ok and message in (body.get("simpleMessage") or "")
    return check(name, ok, "%d %s" % (response.status_code, response.text[:300]))


def is_text(response):
    return response.headers.get("Content-Type", "").startswith("text/plain")


def wait_until_up(api, seconds=60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            if api.get("/graph/status").status_code == 200:
                return True
        except requests.ConnectionError:
            pass
        time.sleep(0.2)
    return False


def load(api, data_path):
    with open(data_path) as lines:
        elements = [json.loads(line) for line in lines if line.strip()]
    response = api.execute({"class": "AddElements", "input": elements})
    check("load: AddElements is 200", response.status_code == 200, response.text[:300])


def check_service(api, server_root):
    status = api.get("/graph/status")
    check("status: {\"status\": \"UP\"}", status.status_code == 200
          and status.json() == {"status": "UP"}, status.text)
    check("status: X-Gaffer-Media-Type", status.headers.get("X-Gaffer-Media-Type") == MEDIA_TYPE,
          status.headers)
    for alias in ("/rest/v2", "/rest/latest"):
        response = api.session.get(server_root + alias + "/graph/status", timeout=30)
        check("alias %s: status UP" % alias, response.status_code == 200
              and response.json() == {"status": "UP"}, response.text)
    version = api.get("/graph/version")
    check("version: 2.3.2 as text/plain", version.status_code == 200 and is_text(version)
          and version.text == "2.3.2", (version.headers, version.text))
    properties = api.get("/properties")
    body = properties.json() if properties.status_code == 200 else {}
    check("properties: Gaffer's display keys", all(
        key in body for key in ("gaffer.properties.app.title", "gaffer.properties.app.description",
                                "gaffer.properties.app.banner.colour", "gaffer.version",
                                "koryphe.version")), properties.text)
    title = api.get("/properties/gaffer.properties.app.title")
    check("properties/{name}: the value as text", title.status_code == 200 and is_text(title)
          and title.text == body.get("gaffer.properties.app.title"), title.text)
    gaffer_error("properties/{unknown}: 404", api.get("/properties/gaffer.random.property"), 404,
                 "Property: gaffer.random.property could not be found.")


def check_execute(api):
    count = api.execute({"class": "OperationChain", "operations": [
        {"class": GET_ALL}, {"class": "uk.gov.gchq.gaffer.operation.impl.Count"}]})
    check("execute: Count of all is 18", count.status_code == 200
          and count.json() == TOTAL_ELEMENTS, count.text)
    check("execute: no job-id header (OperationControllerIT)", "job-id" not in count.headers,
          count.headers)
    groups = api.execute({"class": "OperationChain", "operations": [
        {"class": GET_ALL}, {"class": "uk.gov.gchq.gaffer.operation.impl.CountGroups"}]})
    body = groups.json() if groups.status_code == 200 else {}
    check("execute: CountGroups", body.get("entityGroups") == {"JunctionUse": 5}
          and body.get("edgeGroups") == {"RegionContainsLocation": 3, "LocationContainsRoad": 4,
                                         "RoadHasJunction": 4, "RoadUse": 2}, groups.text)
    edges = api.execute({"class": "GetElements",
                         "input": [{"class": "EntitySeed", "vertex": "M5:10"}],
                         "view": {"edges": {"RoadHasJunction": {}}}})
    result = edges.json() if edges.status_code == 200 else []
    check("execute: GetElements M5:10 RoadHasJunction", len(result) == 1
          and result[0].get("source") == "M5" and result[0].get("destination") == "M5:10"
          and result[0].get("matchedVertex") == "DESTINATION", edges.text)
    chunked = api.post("/graph/operations/execute/chunked", {"class": GET_ALL}, stream=True)
    raw = b"".join(chunked.iter_content(chunk_size=None)).decode()
    items = [json.loads(part) for part in raw.split("\r\n") if part]
    check("execute/chunked: 18 items, each ending CRLF", chunked.status_code == 200
          and len(items) == TOTAL_ELEMENTS and raw.endswith("\r\n"), raw[:300])
    check("execute/chunked: chunked transfer encoding",
          chunked.headers.get("Transfer-Encoding", "").lower() == "chunked", chunked.headers)


def check_execute_errors(api):
    gaffer_error("execute: malformed JSON is 400", api.execute('{"class""GetAllElements"}'), 400)
    gaffer_error("execute: unknown class is 400 naming it",
                 api.execute({"class": "uk.gov.gchq.NoSuchOperation"}), 400, "NoSuchOperation")
    gaffer_error("execute/chunked: unknown class is 400",
                 api.post("/graph/operations/execute/chunked", {"class": "NoSuchOperation"}), 400)
    gaffer_error("execute: text/plain is 415",
                 api.post("/graph/operations/execute", '{"class": "GetAllElements"}',
                          headers={"Content-Type": "text/plain"}), 415)
    wrong = api.get("/graph/operations/execute")
    gaffer_error("execute: GET is 405", wrong, 405)
    check("execute: 405 names POST in Allow", "POST" in wrong.headers.get("Allow", ""),
          wrong.headers)
    gaffer_error("unknown path is 404", api.get("/graph/no-such-endpoint"), 404)


def check_operation_details(api):
    names = api.get("/graph/operations")
    check("operations: lists GetAllElements", names.status_code == 200 and GET_ALL in names.json(),
          names.text[:300])
    details = api.get("/graph/operations/details")
    listed = details.json() if details.status_code == 200 else []
    check("operations/details: one per operation, Gaffer's fields",
          len(listed) == len(names.json()) and all(
              {"name", "fields", "next", "exampleJson"} <= set(d) for d in listed),
          details.text[:300])
    for path in ("/graph/operations/" + GET_ALL, "/graph/operations/GetAllElements"):
        one = api.get(path)
        detail = one.json() if one.status_code == 200 else {}
        view = [f for f in detail.get("fields", []) if f.get("name") == "view"]
        check("operations/{className} " + path.rsplit("/", 1)[1],
              detail.get("name") == GET_ALL and view and view[0].get("className") == VIEW_CLASS
              and detail.get("outputClassName")
              == "java.lang.Iterable<uk.gov.gchq.gaffer.data.element.Element>", one.text[:300])
    nxt = api.get("/graph/operations/%s/next" % GET_ALL)
    check("operations/{className}/next: supported operations", nxt.status_code == 200
          and set(nxt.json()) <= set(names.json()), nxt.text[:300])
    example = api.get("/graph/operations/%s/example" % GET_ALL)
    check("operations/{className}/example", example.status_code == 200
          and example.json().get("class") == GET_ALL, example.text)
    gaffer_error("operations/{unknown}: 404", api.get("/graph/operations/uk.gov.Nope"), 404,
                 "Class: uk.gov.Nope was not found on the classpath.")
    gaffer_error("operations/{unknown}/example: 404",
                 api.get("/graph/operations/uk.gov.Nope/example"), 404)
    gaffer_error("operations/{unknown}/next: 404", api.get("/graph/operations/uk.gov.Nope/next"),
                 404, "Operation class was not found: uk.gov.Nope")


def check_config(api, graph_id):
    schema = api.get("/graph/config/schema")
    body = schema.json() if schema.status_code == 200 else {}
    check("config/schema: road-traffic groups", "JunctionUse" in body.get("entities", {})
          and "RoadUse" in body.get("edges", {}), schema.text[:300])
    for name in ("graphId", "description", "storeType", "graphCreatedTime"):
        response = api.get("/graph/config/" + name)
        check("config/%s: text/plain" % name, response.status_code == 200 and is_text(response)
              and response.text != "", (response.status_code, response.headers, response.text))
    if graph_id:
        check("config/graphId: " + graph_id, api.get("/graph/config/graphId").text == graph_id)
    created = api.get("/graph/config/graphCreatedTime").text
    check("config/graphCreatedTime: a LocalDateTime",
          re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", created) is not None, created)
    for name in ("storeTraits", "filterFunctions", "transformFunctions", "aggregationFunctions",
                 "elementGenerators", "objectGenerators"):
        response = api.get("/graph/config/" + name)
        check("config/%s: a JSON list of names" % name, response.status_code == 200
              and isinstance(response.json(), list)
              and all(isinstance(n, str) for n in response.json()), response.text[:300])
    check("config/filterFunctions: not empty", len(api.get("/graph/config/filterFunctions").json()))
    check("config/elementGenerators: road-traffic string generator",
          ROAD_GENERATOR in api.get("/graph/config/elementGenerators").json())
    longs = api.get("/graph/config/filterFunctions/java.lang.Long")
    check("config/filterFunctions/java.lang.Long: a subset", longs.status_code == 200 and set(
        longs.json()) <= set(api.get("/graph/config/filterFunctions").json()), longs.text[:300])
    gaffer_error("config/filterFunctions/{unknown}: Gaffer's 500",
                 api.get("/graph/config/filterFunctions/a.random.thing"), 500,
                 "Could not find input class: a.random.thing")
    fields = api.get("/graph/config/serialisedFields/" + GET_ALL)
    check("config/serialisedFields/GetAllElements: has view", fields.status_code == 200
          and "view" in fields.json(), fields.text)
    classes = api.get("/graph/config/serialisedFields/%s/classes" % GET_ALL)
    check("config/serialisedFields/GetAllElements/classes: view is a View",
          classes.status_code == 200 and classes.json().get("view") == VIEW_CLASS, classes.text)
    gaffer_error("config/serialisedFields/{unknown}: Gaffer's 500",
                 api.get("/graph/config/serialisedFields/a.random.class"), 500,
                 "Class name was not recognised: a.random.class")


def check_jobs(api):
    started = api.post("/graph/jobs", {"class": GET_ALL})
    detail = started.json() if started.status_code == 201 else {}
    job_id = detail.get("jobId", "")
    check("jobs: POST is 201 with the JobDetail", started.status_code == 201 and job_id
          and "status" in detail and "opChain" in detail, started.text[:300])
    check("jobs: job-id header", started.headers.get("job-id") == job_id, started.headers)
    location = urljoin(started.url, started.headers.get("Location", ""))
    check("jobs: Location is the job's URL", location == api.root + "/graph/jobs/" + job_id,
          location)
    status = "RUNNING"
    for _ in range(300):
        polled = api.get("/graph/jobs/" + job_id)
        status = polled.json().get("status") if polled.status_code == 200 else polled.text
        if status != "RUNNING":
            break
        time.sleep(0.1)
    check("jobs/{id}: FINISHED", status == "FINISHED", status)
    results = api.get("/graph/jobs/%s/results" % job_id)
    check("jobs/{id}/results: 18 elements", results.status_code == 200
          and len(results.json()) == TOTAL_ELEMENTS, results.text[:300])
    everything = api.get("/graph/jobs")
    check("jobs: GET lists the job", everything.status_code == 200
          and job_id in [d.get("jobId") for d in everything.json()], everything.text[:300])
    gaffer_error("jobs/{unknown}: 404", api.get("/graph/jobs/no-such-job"), 404)
    gaffer_error("jobs: malformed operation is 400", api.post("/graph/jobs", '{"class"'), 400)


def check_openapi(api):
    response = api.get("/openapi.json")
    document = response.json() if response.status_code == 200 else {}
    check("openapi.json: OpenAPI 3", str(document.get("openapi", "")).startswith("3."),
          response.text[:300])
    paths = document.get("paths", {})
    wanted = {
        "/graph/operations/execute": "post", "/graph/operations/execute/chunked": "post",
        "/graph/operations": "get", "/graph/operations/details": "get",
        "/graph/operations/{className}": "get", "/graph/operations/{className}/next": "get",
        "/graph/operations/{className}/example": "get", "/graph/config/schema": "get",
        "/graph/config/filterFunctions/{inputClass}": "get",
        "/graph/config/serialisedFields/{className}/classes": "get", "/graph/status": "get",
        "/graph/version": "get", "/properties": "get", "/properties/{property}": "get",
        "/graph/jobs": "post", "/graph/jobs/{id}": "get", "/graph/jobs/{id}/results": "get"}
    missing = [p for p, m in wanted.items() if m not in paths.get(p, {})]
    check("openapi.json: documents every endpoint", not missing, missing)


def check_examples_execute(api):
    """Each operation's exampleJson runs without a 400 (last: examples may write)."""
    bad = []
    for detail in api.get("/graph/operations/details").json():
        response = api.execute(detail["exampleJson"])
        if response.status_code == 400:
            bad.append("%s: %s" % (detail["name"], response.text[:200]))
    check("operations: every exampleJson executes without a 400", not bad, bad)


def check_auth(root, server_root, user, token):
    if user is None:
        return
    anonymous = requests.get(root + "/graph/status", timeout=30)
    gaffer_error("auth: no credentials is 401", anonymous, 401)
    wrong = requests.get(root + "/graph/status", auth=(user, token + "x"), timeout=30)
    gaffer_error("auth: a wrong token is 401", wrong, 401)
    execute = requests.post(root + "/graph/operations/execute", data='{"class": "Count"}',
                            headers={"Content-Type": "application/json"}, timeout=30)
    gaffer_error("auth: execute without credentials is 401", execute, 401)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("api_root")
    parser.add_argument("--user")
    parser.add_argument("--token")
    parser.add_argument("--graph-id")
    parser.add_argument("--data", default=os.path.join(here, "data", "tiny_road_traffic.jsonl"))
    args = parser.parse_args()
    root = args.api_root.rstrip("/")
    server_root = root[:-len("/rest")] if root.endswith("/rest") else root
    api = Api(root, (args.user, args.token) if args.user else None)
    if not wait_until_up(api):
        print("FAIL server did not answer %s/graph/status" % root)
        return 1
    load(api, args.data)
    check_auth(root, server_root, args.user, args.token)
    check_service(api, server_root)
    check_execute(api)
    check_execute_errors(api)
    check_operation_details(api)
    check_config(api, args.graph_id)
    check_jobs(api)
    check_openapi(api)
    check_examples_execute(api)
    if FAILURES:
        print("rest e2e FAILED: %d check(s): %s" % (len(FAILURES), ", ".join(FAILURES)))
        return 1
    print("rest e2e ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
