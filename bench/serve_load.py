#!/usr/bin/env python3
"""Load run of `grundy serve` (a bench, not a test).

50 clients at once, each sending 20 mixed requests (solve, table, sequence,
and play moves in a game against the engine) to one server on loopback.
Reports how many requests were answered (every one must be: none lost),
and the median and 99th-percentile latency.

    python3 bench/serve_load.py [--binary target/release/grundy] [--clients 50] [--requests 20]

Starts its own server on a free loopback port and stops it at the end;
traffic goes to 127.0.0.1 only. Standard library only.
"""

import argparse
import http.client
import json
import statistics
import subprocess
import sys
import threading
import time


def call(address, method, path, body=None):
    host, port = address
    connection = http.client.HTTPConnection(host, port, timeout=60)
    started = time.perf_counter()
    payload = json.dumps(body).encode() if body is not None else None
    connection.request(method, path, body=payload, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    data = response.read()
    elapsed = time.perf_counter() - started
    connection.close()
    return response.status, data, elapsed


def client(index, address, requests, results, failures):
    """One client: a game of Nim against the engine, with solves, tables and
    sequences in between; every request's latency is recorded."""
    session = None
    state = None
    for k in range(requests):
        kind = ("play", "solve", "table", "sequence")[k % 4]
        try:
            if kind == "play":
                if session is None or state.get("over"):
                    if session is not None:  # a finished game is ended, as the page does
                        call(address, "DELETE", f"/api/play/{session}")
                    status, data, elapsed = call(address, "POST", "/api/play", {"game": "nim", "position": ["3", "4", "5"]})
                else:
                    move = state["moves"][(index + k) % len(state["moves"])]["move"]
                    status, data, elapsed = call(address, "POST", f"/api/play/{session}/move", {"move": move})
                if status == 200:
                    state = json.loads(data)
                    session = state["session"]
            elif kind == "solve":
                body = [
                    {"game": "kayles", "position": [str(5 + index % 30), "7"], "play": "misere"},
                    {"game": "cram", "position": ["3x5"]},
                    {"game": "wythoff", "position": [f"{index},{k + 3}"]},
                    {"game": "0.137", "position": [str(20 + index)]},
                ][(index + k) % 4]
                status, data, elapsed = call(address, "POST", "/api/solve", body)
            elif kind == "table":
                status, data, elapsed = call(address, "POST", "/api/table", {"game": "wythoff", "rows": "0..60", "cols": "0..60"})
            else:
                status, data, elapsed = call(address, "POST", "/api/sequence", {"game": "0.07", "to": 5000 + 100 * index})
            if status != 200:
                failures.append((kind, status, data[:200]))
            results.append((kind, elapsed))
        except Exception as error:  # a lost request
            failures.append((kind, "lost", repr(error)))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default="target/release/grundy")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--requests", type=int, default=20)
    arguments = parser.parse_args()

    server = subprocess.Popen([arguments.binary, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        url = next(w for w in line.split() if w.startswith("http://"))
        host, port = url[len("http://"):].rstrip("/").rsplit(":", 1)
        address = (host, int(port))
        results, failures = [], []
        threads = [
            threading.Thread(target=client, args=(i, address, arguments.requests, results, failures))
            for i in range(arguments.clients)
        ]
        started = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - started
    finally:
        server.terminate()
        server.wait(timeout=10)

    expected = arguments.clients * arguments.requests
    latencies = sorted(e for _, e in results)
    p99 = latencies[max(0, int(round(0.99 * len(latencies))) - 1)] if latencies else float("nan")
    print(f"{arguments.clients} clients x {arguments.requests} requests: {len(results)} of {expected} answered, "
          f"{len(failures)} failed or lost, in {wall:.2f} s")
    print(f"latency: median {1000 * statistics.median(latencies):.1f} ms, p99 {1000 * p99:.1f} ms, "
          f"max {1000 * latencies[-1]:.1f} ms")
    for kind in ("solve", "table", "sequence", "play"):
        mine = sorted(e for k, e in results if k == kind)
        if mine:
            print(f"  {kind:9} {len(mine):4} requests, median {1000 * statistics.median(mine):.1f} ms")
    for failure in failures[:10]:
        print("failure:", failure, file=sys.stderr)
    sys.exit(0 if len(results) == expected and not failures else 1)


if __name__ == "__main__":
    main()
