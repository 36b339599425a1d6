"""Python client smoke test against a running `quarry serve` (basic schema).

Usage: /usr/bin/python3 python_smoke.py PORT   (PYTHONPATH: the gen-py dir)
Uses Debian's python3-thrift with framed transport and binary protocol.
"""
import json
import sys

from thrift.protocol import TBinaryProtocol
from thrift.transport import TSocket, TTransport

from quarry_rpc import Quarry
from quarry_rpc.ttypes import Credentials, QuarryError


def main():
    port = int(sys.argv[1])
    socket = TSocket.TSocket("127.0.0.1", port)
    socket.setTimeout(10000)
    transport = TTransport.TFramedTransport(socket)
    client = Quarry.Client(TBinaryProtocol.TBinaryProtocol(transport))
    transport.open()
    alice = Credentials(userId="alice", token="alice-secret")
    count = client.execute(alice, json.dumps({
        "class": "uk.gov.gchq.gaffer.operation.OperationChain",
        "operations": [
            {"class": "uk.gov.gchq.gaffer.operation.impl.get.GetAllElements"},
            {"class": "uk.gov.gchq.gaffer.operation.impl.Count"}]}))
    # Three elements: entity 1 (aggregated), edges 1->2 and 2->3.
    assert json.loads(count) == 3, count
    try:
        client.execute(Credentials(userId="alice", token="wrong"), "{}")
        raise AssertionError("wrong token accepted")
    except QuarryError as error:
        assert error.code == "UNAUTHENTICATED", error
    transport.close()
    print("python smoke ok")


if __name__ == "__main__":
    main()
