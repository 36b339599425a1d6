#!/usr/bin/python3
"""Writes the fuzz targets' seed corpora (fuzz/README.md) into OUT_DIR/<target>/.

Seeds come from the repository: the Gaffer conformance cases and schemas
(tests/conformance, a copy of shared/conformance), the example schemas under
tests/data, and a few hand-written inputs per format. Nothing is committed:
run this before fuzzing (scripts/fuzz.sh and the ctest smoke do).

Usage: make_seeds.py OUT_DIR [REPO]
"""
import glob
import hashlib
import json
import os
import struct
import sys


def write(out, target, data):
    if isinstance(data, str):
        data = data.encode()
    folder = os.path.join(out, target)
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def conformance_cases(repo):
    for path in sorted(glob.glob(os.path.join(repo, "tests/conformance/cases/*.json"))):
        with open(path) as f:
            yield json.load(f)


def schema_seeds(repo, out):
    for path in glob.glob(os.path.join(repo, "tests/conformance/schemas/*.json")):
        write(out, "schema_json_fuzzer", open(path).read())
    for example in glob.glob(os.path.join(repo, "tests/data/gaffer-examples/*/")):
        parts = [open(os.path.join(example, n)).read() for n in ("elements.json", "types.json")
                 if os.path.exists(os.path.join(example, n))]
        write(out, "schema_json_fuzzer", "\0".join(parts))
    write(out, "schema_json_fuzzer", open(os.path.join(repo, "fuzz/fuzz_schema_extra.json")).read())


def json_seeds(repo, out):
    for case in conformance_cases(repo):
        write(out, "operation_json_fuzzer", json.dumps(case["operation"]))
        for element in (case.get("graph_input") or [])[:20]:
            write(out, "element_json_fuzzer", json.dumps(element))
        expected = case.get("expected")
        if isinstance(expected, list):
            for item in expected[:5]:
                write(out, "element_json_fuzzer", json.dumps(item))


def text_seeds(out):
    for seed in ["A", "A&B", "A|B", "(A|B)&C", '"a b"&C', "A&(B|(C&D))", "", "A\0A,B",
                 "(A\0B\0C", '"\\"q"\0"q'.replace("\\\\", "\\")]:
        write(out, "visibility_fuzzer", seed)
    for seed in ["a.*b\0aXXb", "[a-z]+\\d{2,3}\0abc123", "(?i)foo|bar\0FOO", "^\\p{Alpha}*$\0abc",
                 "(a|b)*?c\0ababc", "\\w+@\\w+\\.com\0x@y.com", "[^\\s]{1,4}\\b\0abc d",
                 "(?:x+)+y\0xxxxxxxxxxxxxxxxxxxz"]:
        write(out, "regex_fuzzer", seed)
    for seed in ["2017-01-02", "2017-01-02 10:11:12", "1483315200000", "2017-01-02T10:11:12.123Z",
                 "2017-01-02\0yyyy-MM-dd", "02/01/2017 10:11\0dd/MM/yyyy HH:mm\0Europe/London",
                 "Jan 2, 2017 10:11:12 PM\0MMM d, yyyy hh:mm:ss a\0GMT+01:00",
                 "2017-001\0yyyy-DDD\0UTC", "12:34\0HH:mm"]:
        write(out, "date_fuzzer", seed)


def binary_seeds(out):
    patterns = [b"", b"\x00", b"\x01", b"\x7f", b"\x80\x00\x00\x00\x00\x00\x00\x05",
                b"\x08abcdefgh", b"\x03\x01a\x01b", b"\xff" * 9, b"\x02\x01x\x02\x03"]
    for index in range(34):
        for pattern in patterns:
            write(out, "serialiser_fuzzer", bytes([index]) + pattern)
    for package in (0, 1):
        for key in [b"\x01\x00\x01entity\x00", b"\x00\x00\x00\x01\x00\x01\x00\x00\x00\x02",
                    b"\x80\x00\x00\x01\x00\x01\x00\x01\x01\x00edge"]:
            write(out, "key_package_fuzzer", bytes([package]) + key + b"\0" + b"\x01\x02\x03")


def thrift_string(text):
    data = text.encode()
    return struct.pack(">i", len(data)) + data


def thrift_element(group, vertex_field):
    # Element{1: kind ENTITY, 2: group, 3: vertex TypedValue, 7: properties}
    body = b"\x08" + struct.pack(">h", 1) + struct.pack(">i", 1)
    body += b"\x0b" + struct.pack(">h", 2) + thrift_string(group)
    body += b"\x0c" + struct.pack(">h", 3) + vertex_field + b"\x00"
    body += b"\x0d" + struct.pack(">h", 7) + b"\x0b\x0c" + struct.pack(">i", 1)
    body += thrift_string("count") + b"\x08" + struct.pack(">h", 2) + struct.pack(">i", 3) + b"\x00"
    return body + b"\x00"


def thrift_seeds(out):
    int_vertex = b"\x08" + struct.pack(">h", 2) + struct.pack(">i", 1)
    json_vertex = b"\x0b" + struct.pack(">h", 15) + thrift_string('{"java.lang.Long": 5}')
    for vertex in (int_vertex, json_vertex):
        write(out, "thrift_elements_fuzzer",
              b"\x0c" + struct.pack(">i", 1) + thrift_element("entity", vertex))


def http_seeds(repo, out):
    def request(method, path, body=b"", headers=()):
        head = "%s %s HTTP/1.1\r\nHost: localhost\r\n" % (method, path)
        for h in headers:
            head += h + "\r\n"
        if body:
            head += "Content-Type: application/json\r\nContent-Length: %d\r\n" % len(body)
        return head.encode() + b"\r\n" + body

    for path in ["/rest/graph/status", "/rest/v2/graph/config/schema", "/rest/graph/operations",
                 "/rest/graph/operations/details", "/rest/latest/properties",
                 "/rest/graph/operations/GetAllElements", "/ui/", "/rest/graph/jobs",
                 "/rest/graph/config/description?x=%20y", "/rest/../etc/passwd"]:
        write(out, "http_request_fuzzer", request("GET", path))
    write(out, "http_request_fuzzer",
          request("GET", "/rest/graph/status", headers=["Authorization: Basic dXNlcjpwYXNz"]))
    for case in list(conformance_cases(repo))[:8]:
        body = json.dumps(case["operation"]).encode()
        write(out, "http_request_fuzzer", request("POST", "/rest/graph/operations/execute", body))
        write(out, "http_request_fuzzer",
              request("POST", "/rest/graph/operations/execute/chunked", body))
    chunked = (b"POST /rest/graph/operations/execute HTTP/1.1\r\nHost: x\r\n"
               b"Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n"
               b"1b\r\n{\"class\":\"GetAllElements\"}\r\n0\r\n\r\n")
    write(out, "http_request_fuzzer", chunked)


def regression_seeds(repo, out):
    """Inputs that once made a target fail (fuzz/regressions/TARGET/*), kept
    so every campaign and the ctest smoke replay them."""
    for path in sorted(glob.glob(os.path.join(repo, "fuzz/regressions/*/*"))):
        target = os.path.basename(os.path.dirname(path))
        with open(path, "rb") as f:
            write(out, target, f.read())


def main():
    out = sys.argv[1]
    repo = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "..")
    schema_seeds(repo, out)
    json_seeds(repo, out)
    text_seeds(out)
    binary_seeds(out)
    thrift_seeds(out)
    http_seeds(repo, out)
    regression_seeds(repo, out)


if __name__ == "__main__":
    main()
