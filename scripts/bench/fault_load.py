#!/usr/bin/env python3
"""A client load of WireMock fault, delayed and dribbled stubs, which wrk cannot make: raw sockets, threads.

    fault_load.py PORT --seconds S [--threads 16] PATH:KIND ...
    fault_load.py PORT --connections N [--threads 20] PATH:KIND ...

KIND is `fault` (a fresh connection, one request, read until EOF or ECONNRESET: whatever comes is the
fault's) or `answer` (a kept-alive connection, a 200 framed by Content-Length is expected). Each thread
picks a random PATH:KIND for every request. With --seconds it runs that long and prints one line:
"REQ req/s p99 MS ms, FIRST N ... unexpected U" (FIRST:
the paths' first segment, N: requests to those); with --connections it makes that many requests in all (every
KIND is to be `fault`: this counts connections) and prints "N connections, unexpected U". An unexpected
outcome (a fault answered 200, an answer that is not 200, a timeout, a refused connection) is counted, its
first reason printed to standard error; `scripts/bench.sh --faults` reads these lines.
"""
import argparse
import random
import socket
import sys
import threading
import time

parser = argparse.ArgumentParser()
parser.add_argument("port", type=int)
parser.add_argument("cases", nargs="+", help="PATH:KIND, KIND fault or answer")
parser.add_argument("--seconds", type=float)
parser.add_argument("--connections", type=int)
parser.add_argument("--threads", type=int, default=16)
args = parser.parse_args()
cases = [tuple(c.rsplit(":", 1)) for c in args.cases]
assert all(kind in ("fault", "answer") for _, kind in cases), "KIND is fault or answer"
assert (args.seconds is None) != (args.connections is None), "--seconds or --connections"
ADDRESS = ("127.0.0.1", args.port)


def read_answer(sock, pending):
    """One 200 framed by Content-Length from `sock` (bytes already read in pending[0]); its status."""
    data = pending[0]
    while b"\r\n\r\n" not in data:
        more = sock.recv(65536)
        if not more:
            raise ConnectionError("EOF before the head's end")
        data += more
    head, _, rest = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    while len(rest) < length:
        more = sock.recv(65536)
        if not more:
            raise ConnectionError("EOF inside the body")
        rest += more
    pending[0] = rest[length:]
    return int(head.split(b" ", 2)[1])


def fault(path):
    """A fault stub on a connection of its own: True when it ends as a fault does (no 200 with a body)."""
    sock = socket.create_connection(ADDRESS, timeout=10)
    try:
        sock.sendall(b"GET " + path.encode() + b" HTTP/1.1\r\nHost: bench\r\n\r\n")
        got = b""
        try:
            while True:
                more = sock.recv(65536)
                if not more:
                    break
                got += more
        except ConnectionResetError:
            pass
        return not (got.startswith(b"HTTP/1.1 200") and b"Content-Length" in got)
    finally:
        sock.close()


class Worker(threading.Thread):
    def __init__(self, deadline, quota):
        super().__init__(daemon=True)
        self.deadline, self.quota = deadline, quota
        self.latencies, self.counts, self.unexpected, self.reason = [], {}, 0, None
        self.sock, self.pending = None, [b""]

    def answer(self, path):
        if self.sock is None:
            self.sock = socket.create_connection(ADDRESS, timeout=10)
            self.pending = [b""]
        self.sock.sendall(b"GET " + path.encode() + b" HTTP/1.1\r\nHost: bench\r\n\r\n")
        return read_answer(self.sock, self.pending) == 200

    def run(self):
        done = 0
        while (time.monotonic() < self.deadline) if self.quota is None else done < self.quota:
            path, kind = random.choice(cases)
            started = time.perf_counter()
            try:
                ok = fault(path) if kind == "fault" else self.answer(path)
                why = f"{path}: not what a {kind} stub gives"
            except OSError as error:
                ok, why = False, f"{path}: {error!r}"
                if self.sock is not None:
                    self.sock.close()
                    self.sock = None
            self.latencies.append(time.perf_counter() - started)
            group = path.split("/")[1]
            self.counts[group] = self.counts.get(group, 0) + 1
            if not ok:
                self.unexpected += 1
                self.reason = self.reason or why
            done += 1
        if self.sock is not None:
            self.sock.close()


started = time.monotonic()
if args.seconds is not None:
    workers = [Worker(started + args.seconds, None) for _ in range(args.threads)]
else:
    share, extra = divmod(args.connections, args.threads)
    workers = [Worker(None, share + (i < extra)) for i in range(args.threads)]
for w in workers:
    w.start()
for w in workers:
    w.join()
elapsed = time.monotonic() - started
latencies = sorted(x for w in workers for x in w.latencies)
unexpected = sum(w.unexpected for w in workers)
reason = next((w.reason for w in workers if w.reason), None)
if reason:
    print(f"fault_load.py: {unexpected} unexpected, the first: {reason}", file=sys.stderr)
if args.seconds is not None:
    counts = {}
    for w in workers:
        for kind, n in w.counts.items():
            counts[kind] = counts.get(kind, 0) + n
    p99 = latencies[int(len(latencies) * 0.99)] * 1000 if latencies else 0
    groups = " ".join(f"{group} {n}" for group, n in sorted(counts.items()))
    print(f"{len(latencies) / elapsed:.0f} req/s p99 {p99:.2f} ms, {groups}, unexpected {unexpected}")
else:
    print(f"{len(latencies)} connections, unexpected {unexpected}")
