#!/usr/bin/python3
"""Queries a road-traffic graph served by `quarry serve` over Thrift.

Runs every operation in the queries directory with `execute`, then one paged
query (openQuery / nextPage / closeQuery): the busiest junctions over all
time, summed at query time from the JunctionUse entities.

Usage:
  PYTHONPATH=build/server/gen-py /usr/bin/python3 \
      examples/road_traffic/python/query_road_traffic.py --port 9191 \
      [--host 127.0.0.1] [--queries examples/road_traffic/queries] \
      [--user anonymous] [--token TOKEN] [--page-size 25] [--top 5]
      [--tls-ca CA.pem [--tls-cert CLIENT.pem --tls-key CLIENT.key]]

Over TLS (a server started with --tls-cert/--tls-key), give the CA that
signed the server's certificate with --tls-ca: the client then refuses a
server whose certificate is expired, is for another host, or was not signed
by that CA. --tls-cert/--tls-key present a client certificate (mutual TLS,
`quarry serve --tls-client-ca`); its common name may stand for --user and
--token.

The Thrift bindings come from `thrift --gen py server/quarry.thrift` (the
CMake target quarry_rpc_py writes them to build/server/gen-py); the Thrift
runtime is Debian's python3-thrift, installed for /usr/bin/python3.
Transport: framed; protocol: binary (the server accepts nothing else).
Exit status: 0 on success, 1 if the server refuses a query.
"""
import argparse
import datetime
import glob
import json
import os
import socket
import ssl
import sys

from thrift.protocol import TBinaryProtocol
from thrift.transport import TSocket, TTransport

from quarry_rpc import Quarry
from quarry_rpc.ttypes import Credentials, QuarryError

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_QUERIES = os.path.join(HERE, "..", "queries")

# Every JunctionUse entity summed over all dates: one total per junction.
BUSIEST_JUNCTIONS = {
    "class": "GetAllElements",
    "view": {"entities": {"JunctionUse": {"groupBy": [], "properties": ["count"]}}},
}


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--queries", default=DEFAULT_QUERIES,
                        help="directory of Gaffer operation JSON files")
    parser.add_argument("--user", default="anonymous")
    parser.add_argument("--token", default=None)
    parser.add_argument("--page-size", type=int, default=25)
    parser.add_argument("--top", type=int, default=5)
    parser.add_argument("--tls-ca", help="connect over TLS, trusting this CA (PEM)")
    parser.add_argument("--tls-cert", help="client certificate (PEM) for mutual TLS")
    parser.add_argument("--tls-key", help="client certificate's private key (PEM)")
    parser.add_argument("--connect-only", action="store_true",
                        help="only check the connection (one Count), then exit")
    return parser.parse_args()


def tls_context(ca_file, cert_file, key_file):
    """A client TLS context: TLS 1.2 or later, the server's certificate
    checked against ca_file and the host name."""
    context = ssl.create_default_context(ssl.Purpose.SERVER_AUTH, cafile=ca_file)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    if cert_file:
        context.load_cert_chain(cert_file, key_file)
    return context


def connect(host, port, tls=None):
    """A framed/binary Thrift client; over TLS when `tls` (an ssl.SSLContext)
    is given. The TLS handshake happens here, so that a refused server
    certificate raises ssl.SSLCertVerificationError with OpenSSL's reason
    ("certificate has expired", "self-signed certificate", ...)."""
    thrift_socket = TSocket.TSocket(host, port)
    if tls is not None:
        plain = socket.create_connection((host, port), timeout=60)
        try:
            thrift_socket.handle = tls.wrap_socket(plain, server_hostname=host)
        except Exception:
            plain.close()
            raise
    thrift_socket.setTimeout(60000)
    transport = TTransport.TFramedTransport(thrift_socket)
    client = Quarry.Client(TBinaryProtocol.TBinaryProtocol(transport))
    if tls is None:
        transport.open()
    return transport, client


def unwrap(value):
    """A Gaffer typed value ({"java.lang.Long": 5}) as its bare value."""
    if isinstance(value, dict) and len(value) == 1:
        return next(iter(value.values()))
    return value


def show(value):
    """A property value for people: dates in ISO 8601 UTC, other values bare."""
    if isinstance(value, dict) and "java.util.Date" in value:
        when = datetime.datetime.fromtimestamp(value["java.util.Date"] / 1000,
                                               tz=datetime.timezone.utc)
        return when.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    return json.dumps(unwrap(value), sort_keys=True)


def describe_item(item):
    """One result item on one line: elements and seeds compactly, values as JSON."""
    if not isinstance(item, dict) or "class" not in item:
        return json.dumps(item)
    kind = item["class"].rsplit(".", 1)[-1]
    props = item.get("properties", {})
    prop_text = ", ".join(f"{k}={show(v)}" for k, v in sorted(props.items()))
    if kind == "Edge":
        arrow = "->" if item.get("directed") else "--"
        text = f"Edge {item['group']} {item['source']} {arrow} {item['destination']}"
    elif kind == "Entity":
        text = f"Entity {item['group']} {item['vertex']}"
    else:
        text = f"{kind} {json.dumps(unwrap(item.get('vertex', item)))}"
    return f"{text} {{{prop_text}}}" if props else text


def print_result(result):
    if isinstance(result, list):
        print(f"  {len(result)} item(s)")
        for item in result:
            print("  " + describe_item(item))
    elif isinstance(result, dict):
        for key in sorted(result):
            print(f"  {key}: {json.dumps(result[key], sort_keys=True)}")
    else:
        print("  " + json.dumps(result))


def run_queries(client, credentials, directory):
    paths = sorted(glob.glob(os.path.join(directory, "*.json")))
    if not paths:
        raise SystemExit(f"no *.json operations in {directory}")
    for path in paths:
        with open(path, encoding="utf-8") as f:
            operation = f.read()
        print(f"== execute {os.path.basename(path)[:-5]}")
        print_result(json.loads(client.execute(credentials, operation)))


def run_paged(client, credentials, page_size, top):
    print(f"== paged: busiest junctions over all time (page size {page_size})")
    handle = client.openQuery(credentials, json.dumps(BUSIEST_JUNCTIONS), page_size)
    totals, pages = [], 0
    try:
        while True:
            page = client.nextPage(credentials, handle)
            pages += 1
            for entity in json.loads(page.itemsJson):
                totals.append((unwrap(entity["properties"]["count"]), entity["vertex"]))
            if page.done:
                break
    finally:
        client.closeQuery(credentials, handle)  # A no-op once the last page was read.
    totals.sort(key=lambda t: (-t[0], t[1]))
    print(f"  {len(totals)} junction(s) in {pages} page(s); the busiest:")
    for count, junction in totals[:top]:
        print(f"  {junction}: {count:,} vehicles")


def main():
    args = parse_args()
    tls = tls_context(args.tls_ca, args.tls_cert, args.tls_key) if args.tls_ca else None
    try:
        transport, client = connect(args.host, args.port, tls)
    except Exception as error:  # e.g. ssl.SSLCertVerificationError, TTransportException
        print(f"cannot connect to {args.host}:{args.port}: {error}", file=sys.stderr)
        return 1
    credentials = Credentials(userId=args.user, token=args.token)
    try:
        if args.connect_only:
            count = client.execute(credentials, json.dumps({"operations": [
                {"class": "GetAllElements"}, {"class": "Count"}]}))
            print(f"connected; {count} element(s)")
            return 0
        run_queries(client, credentials, args.queries)
        run_paged(client, credentials, args.page_size, args.top)
    except QuarryError as error:
        print(f"quarry error {error.code}: {error.message}", file=sys.stderr)
        return 1
    finally:
        transport.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
