#!/usr/bin/env python3
"""The explorer page (/ui/) in Debian's headless Chromium, driven by Selenium,
against `quarry serve` over Gaffer's road-traffic graph (the 10,390-row sample
loaded through REST as Gaffer's demo loads it).

The graph's schema is the road-traffic schema with a "visibility" property on
RoadUse (the schema's visibilityProperty), so that one extra RoadUse edge,
M32:1 -> SECRET:1 with count 5000 and visibility "private", is restricted.
Users (a users file, so the page must sign in): bob holds auths "public" and
"private", carol none.

Steps, each with a screenshot under SCREENSHOT_DIR:
 1. sign in as bob; the schema view lists the seven groups;
 2. build "RoadUse edges out of M32:1 with count > 1000" in the builder: the
    operation JSON is the one Gaffer's docs give for that query, and the
    table's rows (every page) are the rows the same operation returns over
    REST, each with source M32:1 and count > 1000;
 3. draw it: one node per distinct vertex, one link per edge;
 4. click a node to expand it: the drawing grows;
 5. paste a GetAllElements: the count bar shows the whole sample's count
    (REST's Count) and the pages go through all of it; pasted bad JSON and an
    operation the server refuses show their errors;
 6. the history lists what ran; the named operation "road-junctions" runs
    from its form (input M32, parameter limit 3) with REST's rows;
 7. sign in as carol (no auths): the same query shows no restricted row, and
    an admin operation shows the server's 403.
Usage: explorer_browser_test.py QUARRY_BINARY SOURCE_DIR SCREENSHOT_DIR
"""
import base64
import hashlib
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

QUARRY, SOURCE, SHOTS = sys.argv[1:4]
ROAD = os.path.join(SOURCE, "examples/gaffer-examples/road-traffic")
GENERATOR = "uk.gov.gchq.gaffer.traffic.generator.RoadTrafficStringElementGenerator"
OPS = "uk.gov.gchq.gaffer.operation.impl"
SEVEN_GROUPS = {"RoadUse", "RoadHasJunction", "RegionContainsLocation", "LocationContainsRoad",
                "JunctionLocatedAt", "Cardinality", "JunctionUse"}
USERS = {"bob": ("bob-secret", ["public", "private"]), "carol": ("carol-secret", [])}
# "RoadUse edges out of M32:1 with count > 1000", as Gaffer's operation JSON.
M32_QUERY = {
    "class": OPS + ".get.GetElements",
    "input": [{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": "M32:1"}],
    "includeIncomingOutGoing": "OUTGOING",
    "view": {"edges": {"RoadUse": {"preAggregationFilterFunctions": [{
        "selection": ["count"],
        "predicate": {"class": "uk.gov.gchq.koryphe.impl.predicate.IsMoreThan",
                      "value": {"java.lang.Long": 1000}}}]}}}}
SECRET_EDGE = {
    "class": "uk.gov.gchq.gaffer.data.element.Edge", "group": "RoadUse", "source": "M32:1",
    "destination": "SECRET:1", "directed": True,
    "properties": {"startDate": {"java.util.Date": 1000000000000},
                   "endDate": {"java.util.Date": 1000003599999},
                   "count": {"java.lang.Long": 5000},
                   "countByVehicleType": {"uk.gov.gchq.gaffer.types.FreqMap": {"CAR": 5000}},
                   "visibility": "private"}}

# A named operation with a parameter: the junctions on the input roads, at most
# `limit` of them.
ROAD_JUNCTIONS = {
    "class": "uk.gov.gchq.gaffer.named.operation.AddNamedOperation",
    "operationName": "road-junctions", "description": "Junctions on the input roads",
    "operationChain": {"operations": [
        {"class": OPS + ".get.GetAdjacentIds", "includeIncomingOutGoing": "OUTGOING",
         "view": {"edges": {"RoadHasJunction": {}}}},
        {"class": OPS + ".Limit", "resultLimit": "${limit}", "truncate": True}]},
    "parameters": {"limit": {"description": "at most this many junctions", "defaultValue": 2,
                             "valueClass": "java.lang.Integer", "required": False}},
    "overwriteFlag": True}


def write_schema(directory):
    with open(os.path.join(ROAD, "elements.json"), encoding="utf-8") as f:
        elements = json.load(f)
    elements["edges"]["RoadUse"]["properties"]["visibility"] = "visibility.string"
    elements["visibilityProperty"] = "visibility"
    with open(os.path.join(ROAD, "types.json"), encoding="utf-8") as f:
        types = json.load(f)
    types["types"]["visibility.string"] = {
        "class": "java.lang.String",
        "aggregateFunction": {"class": "uk.gov.gchq.koryphe.impl.binaryoperator.StringConcat"}}
    paths = [os.path.join(directory, "elements.json"), os.path.join(directory, "types.json")]
    for path, schema in zip(paths, [elements, types]):
        with open(path, "w", encoding="utf-8") as f:
            json.dump(schema, f)
    return paths


def write_users(path):
    users = [{"userId": user, "tokenSha256": hashlib.sha256(token.encode()).hexdigest(),
              "dataAuths": auths} for user, (token, auths) in USERS.items()]
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"users": users}, f)


class Server:
    def __init__(self, work):
        graph = os.path.join(work, "roadTraffic")
        schema = write_schema(work)
        users = os.path.join(work, "users.json")
        write_users(users)
        subprocess.run([QUARRY, "create", graph, "--schema", schema[0], "--schema", schema[1]],
                       check=True, stdout=subprocess.DEVNULL)
        self.log = open(os.path.join(work, "serve.log"), "w+", encoding="utf-8")
        self.process = subprocess.Popen([QUARRY, "serve", graph, "--http-port", "0", "--users", users],
                                        stdout=subprocess.PIPE, stderr=self.log, text=True)
        line = self.process.stdout.readline()
        if not line.startswith("http listening on"):
            raise RuntimeError("quarry serve did not start: " + line)
        self.base = "http://" + line.split()[3]

    def rest(self, operation, user="bob"):
        token = USERS[user][0]
        request = urllib.request.Request(
            self.base + "/rest/latest/graph/operations/execute", data=json.dumps(operation).encode(),
            headers={"Content-Type": "application/json",
                     "Authorization": "Basic " + base64.b64encode(f"{user}:{token}".encode()).decode()})
        with urllib.request.urlopen(request, timeout=300) as response:
            text = response.read().decode()
        return json.loads(text) if text else None

    def example(self, operation, user="bob"):
        token = USERS[user][0]
        request = urllib.request.Request(
            f"{self.base}/rest/latest/graph/operations/{operation}/example",
            headers={"Authorization": "Basic " + base64.b64encode(f"{user}:{token}".encode()).decode()})
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())

    def load_sample(self):
        with open(os.path.join(ROAD, "roadTrafficSampleData.csv"), encoding="utf-8") as csv:
            lines = [line.rstrip("\r\n") for line in csv if line.strip()]
        for first in range(0, len(lines), 2000):
            self.rest({"class": "uk.gov.gchq.gaffer.operation.OperationChain", "operations": [
                {"class": OPS + ".generate.GenerateElements", "elementGenerator": {"class": GENERATOR},
                 "input": lines[first:first + 2000]},
                {"class": OPS + ".add.AddElements"}]})
        self.rest({"class": OPS + ".add.AddElements", "input": [SECRET_EDGE]})
        self.rest(ROAD_JUNCTIONS)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=20)


def row_key(element):
    """What identifies a RoadUse row in the table and in REST's JSON alike."""
    props = element["properties"]
    return (element["source"], element["destination"], unwrap(props["count"]),
            unwrap(props["startDate"]))


def unwrap(value):
    if isinstance(value, dict) and len(value) == 1 and next(iter(value)).startswith("java."):
        return next(iter(value.values()))
    return value


class ExplorerTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.mkdtemp(prefix="quarry_explorer_")
        shutil.rmtree(SHOTS, ignore_errors=True)
        os.makedirs(SHOTS)
        cls.server = Server(cls.work)
        cls.server.load_sample()
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                         "--window-size=1400,1000", "--disable-gpu"]:
            options.add_argument(argument)
        cls.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        cls.wait = WebDriverWait(cls.driver, 30)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()
        shutil.rmtree(cls.work, ignore_errors=True)

    # Helpers.
    def shot(self, name):
        self.driver.save_screenshot(os.path.join(SHOTS, name + ".png"))

    def by_id(self, element_id):
        return self.driver.find_element(By.ID, element_id)

    def sign_in(self, user):
        self.driver.get(self.server.base + "/ui/")
        self.driver.execute_script("sessionStorage.clear(); localStorage.clear();")
        self.driver.get(self.server.base + "/ui/")
        self.wait.until(lambda d: d.find_element(By.ID, "sign-in").is_displayed())
        self.by_id("user-id").send_keys(user)
        self.by_id("token").send_keys(USERS[user][0])
        self.by_id("sign-in-submit").click()
        self.wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))

    def build_m32_query(self):
        self.driver.find_element(By.CSS_SELECTOR, '[data-tab="query"]').click()
        self.by_id("builder-seeds").send_keys("M32:1")
        self.driver.find_element(By.CSS_SELECTOR, '#builder input[data-group="RoadUse"]').click()
        Select(self.by_id("builder-direction")).select_by_value("OUTGOING")
        self.by_id("add-filter").click()
        Select(self.by_id("filter-group-0")).select_by_value("RoadUse")
        Select(self.by_id("filter-property-0")).select_by_value("count")
        Select(self.by_id("filter-predicate-0")).select_by_visible_text("IsMoreThan")
        self.by_id("filter-value-0").send_keys("1000")

    def run_and_wait(self):
        self.by_id("run").click()
        self.wait.until(lambda d: d.find_element(By.ID, "result-bar").get_attribute("data-state"))
        state = self.by_id("result-bar").get_attribute("data-state")
        self.assertEqual(state, "done", self.by_id("result-bar").text + self.by_id("errors").text)

    def table_rows(self):
        """Every row of the table, page by page, as dicts by column."""
        while self.by_id("page-previous").is_enabled():
            self.by_id("page-previous").click()
        columns = [th.get_attribute("data-column")
                   for th in self.driver.find_elements(By.CSS_SELECTOR, "#results-table th")]
        rows = []
        while True:
            for tr in self.driver.find_elements(By.CSS_SELECTOR, "#results-table tbody tr"):
                cells = [td.get_attribute("textContent") for td in tr.find_elements(By.TAG_NAME, "td")]
                rows.append(dict(zip(columns, cells)))
            if not self.by_id("page-next").is_enabled():
                return rows
            self.by_id("page-next").click()

    def paste(self, text):
        editor = self.by_id("operation-json")
        self.driver.execute_script(
            "arguments[0].value = arguments[1];"
            "arguments[0].dispatchEvent(new Event('input'));", editor, text)

    def test_static_files(self):
        """/ui/ over plain HTTP: types, caching, 404s, no traversal, no sign-in."""
        with urllib.request.urlopen(self.server.base + "/ui/", timeout=10) as response:
            self.assertEqual(response.headers["Content-Type"], "text/html; charset=utf-8")
            self.assertEqual(response.headers["Cache-Control"], "no-cache")
            page = response.read().decode()
        script = page.split('src="./assets/')[1].split('"')[0]
        with urllib.request.urlopen(self.server.base + "/ui/assets/" + script, timeout=10) as response:
            self.assertEqual(response.headers["Content-Type"], "text/javascript; charset=utf-8")
            self.assertIn("immutable", response.headers["Cache-Control"])
        for path in ["/ui/no-such-file.js", "/ui/%2e%2e/%2e%2e/CMakeCache.txt", "/ui/..%2fweb.stamp"]:
            with self.assertRaises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(self.server.base + path, timeout=10)
            self.assertEqual(refused.exception.code, 404, path)
            self.assertEqual(json.loads(refused.exception.read())["statusCode"], 404)

    def test_explorer(self):
        started = time.time()
        # 1. Sign in; the schema's seven groups. The page paints within 1 s.
        self.sign_in("bob")
        paint = self.driver.execute_script(
            "const p = performance.getEntriesByName('first-contentful-paint')[0];"
            "return p ? p.startTime : null;")
        print(f"first contentful paint after sign-in: {paint:.0f} ms")
        self.assertLess(paint, 1000)
        cards = self.driver.find_elements(By.CSS_SELECTOR, "#panel-schema .group-card")
        self.assertEqual({card.get_attribute("data-group") for card in cards}, SEVEN_GROUPS)
        road_use = self.driver.find_element(By.CSS_SELECTOR, '.group-card[data-group="RoadUse"]')
        # count.long's validator: IsMoreThan 0, orEqualTo.
        self.assertIn(">= 0", road_use.text)
        self.assertIn("groupBy: startDate, endDate", road_use.text)
        self.shot("1-schema")

        # 2. The builder's query, its JSON, its rows against REST's.
        self.build_m32_query()
        self.assertEqual(json.loads(self.by_id("operation-json").get_attribute("value")), M32_QUERY)
        self.run_and_wait()
        self.shot("2-table")
        expected = self.server.rest(M32_QUERY, "bob")
        self.assertGreater(len(expected), 25)  # More than one page.
        for element in expected:
            self.assertEqual((element["group"], element["source"]), ("RoadUse", "M32:1"))
            self.assertGreater(unwrap(element["properties"]["count"]), 1000)
        self.assertIn("SECRET:1", {e["destination"] for e in expected})
        rows = self.table_rows()
        self.assertEqual(
            sorted((r["source"], r["destination"], int(r["count"])) for r in rows),
            sorted((e["source"], e["destination"], unwrap(e["properties"]["count"])) for e in expected))
        self.assertTrue(self.by_id("result-bar").text.startswith(f"{len(expected)} results"))

        # 3. Draw it.
        self.by_id("show-draw").click()
        destinations = {e["destination"] for e in expected}
        self.wait.until(lambda d: d.execute_script("return explorer.graph.cy.nodes().length") > 0)
        self.assertEqual(self.driver.execute_script("return explorer.graph.cy.nodes().length"),
                         1 + len(destinations))
        # Parallel RoadUse edges (one per hour) are one link per destination.
        self.assertEqual(self.driver.execute_script("return explorer.graph.cy.edges().length"),
                         len(destinations))
        self.assertEqual(self.driver.execute_script(
            "return explorer.graph.cy.edges().map(e => e.data('edges')).reduce((a, b) => a + b, 0)"),
            len(expected))
        Select(self.by_id("size-by")).select_by_value("count")
        self.shot("3-graph")

        # 4. Click a node (not M32:1) to expand it.
        before = self.driver.execute_script("return explorer.graph.cy.elements().length")
        x, y = self.driver.execute_script(
            "const n = explorer.graph.cy.nodes().filter(n => n.data('vertex') !== 'M32:1'"
            " && n.data('vertex') !== 'SECRET:1')[0];"
            "const p = n.renderedPosition(); return [p.x, p.y];")
        canvas = self.by_id("graph-canvas")
        self.driver.execute_script("arguments[0].scrollIntoView()", canvas)
        x, y = self.driver.execute_script(
            "const n = explorer.graph.cy.nodes().filter(n => n.data('vertex') !== 'M32:1'"
            " && n.data('vertex') !== 'SECRET:1')[0];"
            "const p = n.renderedPosition(); return [p.x, p.y];")
        ActionChains(self.driver).move_to_element_with_offset(
            canvas, int(x - canvas.size["width"] / 2), int(y - canvas.size["height"] / 2)).click().perform()
        self.wait.until(lambda d: d.execute_script("return explorer.graph.cy.elements().length") > before)
        self.assertIn("expanded", self.by_id("draw-note").text)
        self.shot("4-expanded")

        # 5. Errors, then the whole sample paged.
        self.by_id("show-table").click()
        self.paste('{"class": "' + OPS + '.get.GetAllElements",}')
        self.assertIn("line 1", self.by_id("json-errors").text)
        self.paste('{"class": "uk.gov.gchq.gaffer.operation.OperationChain", "operations": [{}]}')
        self.assertIn("$.operations[0].class", self.by_id("json-errors").text)
        self.paste('{"class": "NoSuchOperation"}')
        self.by_id("run").click()
        self.wait.until(lambda d: d.find_element(By.ID, "errors").text)
        self.assertIn("400", self.by_id("errors").text)
        self.shot("5-error")
        self.paste(json.dumps({"class": OPS + ".get.GetAllElements"}))
        self.run_and_wait()
        total = self.server.rest({"class": "uk.gov.gchq.gaffer.operation.OperationChain", "operations": [
            {"class": OPS + ".get.GetAllElements"}, {"class": OPS + ".Count"}]}, "bob")
        self.assertGreater(total, 10000)
        self.assertTrue(self.by_id("result-bar").text.startswith(f"{total} results"),
                        self.by_id("result-bar").text)
        pages = math.ceil(total / 25)
        self.assertEqual(self.by_id("page-label").text.strip(), f"page 1 of {pages}")
        for _ in range(3):
            self.by_id("page-next").click()
        self.assertEqual(self.by_id("page-label").text.strip(), f"page 4 of {pages}")
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#results-table tbody tr")), 25)
        self.shot("5-all-elements")

        # 6. History keeps what ran; a named operation runs from its form.
        self.driver.find_element(By.CSS_SELECTOR, '[data-tab="history"]').click()
        history = self.by_id("panel-history").text
        self.assertIn("GetAllElements", history)
        self.assertIn("GetElements", history)
        self.driver.find_element(By.CSS_SELECTOR, '[data-tab="named"]').click()
        card = self.wait.until(lambda d: d.find_element(
            By.CSS_SELECTOR, '[data-named="road-junctions"]'))
        limit = card.find_element(By.CSS_SELECTOR, 'input[data-parameter="limit"]')
        self.assertEqual(limit.get_attribute("value"), "2")  # The default.
        limit.clear()
        limit.send_keys("3")
        card.find_element(By.CSS_SELECTOR, "textarea.named-input").send_keys("M32")
        self.shot("6-named-operation")
        card.find_element(By.TAG_NAME, "button").click()
        self.wait.until(lambda d: d.find_element(By.ID, "result-bar").get_attribute("data-state"))
        self.assertEqual(self.by_id("result-bar").get_attribute("data-state"), "done")
        junctions = self.server.rest({
            "class": "uk.gov.gchq.gaffer.named.operation.NamedOperation",
            "operationName": "road-junctions", "parameters": {"limit": 3},
            "input": [{"class": "uk.gov.gchq.gaffer.operation.data.EntitySeed", "vertex": "M32"}]})
        self.assertEqual(len(junctions), 3)
        for seed in junctions:
            self.assertTrue(seed["vertex"].startswith("M32:"), seed)
        self.assertEqual(sorted(json.loads(r["value"])["vertex"] for r in self.table_rows()),
                         sorted(seed["vertex"] for seed in junctions))

        # 7. carol, without auths, sees nothing restricted.
        self.sign_in("carol")
        self.build_m32_query()
        self.run_and_wait()
        rows = self.table_rows()
        as_carol = self.server.rest(M32_QUERY, "carol")
        self.assertEqual(len(rows), len(expected) - 1)
        self.assertEqual(len(as_carol), len(expected) - 1)
        self.assertNotIn("SECRET:1", {r["destination"] for r in rows})
        self.assertIn("signed in as carol", self.by_id("user").text)
        self.shot("7-carol")
        # An operation her auths deny shows the server's error (403, Gaffer's body).
        self.paste(json.dumps(self.server.example("SplitStoreFromIterable")))
        self.by_id("run").click()
        self.wait.until(lambda d: d.find_element(By.ID, "errors").text)
        self.assertIn("403", self.by_id("errors").text)
        self.assertIn("lacks the admin operation auth", self.by_id("errors").text)
        self.shot("7-carol-denied")
        print(f"browser steps took {time.time() - started:.1f} s")


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]], verbosity=2)
