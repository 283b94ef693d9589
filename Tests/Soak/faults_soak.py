#!/usr/bin/env python3
"""A soak of the WireMock fault, delay and dribble stubs against the real binary: nothing leaks.

    python3 Tests/Soak/faults_soak.py PATH/TO/shortcut-serve [--seconds 60] [--threads 20]

Starts `BIN --port 0 --store TMP --quiet` (the journal at its defaults), adds through POST /__admin/mappings
a plain 200 JSON stub, one with fixedDelayMilliseconds, one with a uniform delayDistribution, one with
chunkedDribbleDelay and one per fault (EMPTY_RESPONSE, MALFORMED_RESPONSE_CHUNK, RANDOM_DATA_THEN_CLOSE,
CONNECTION_RESET_BY_PEER). Then --threads client threads (raw sockets) each loop over a random mix of them:
the 200 stubs on a kept-alive connection (now and then with Connection: close, then a new one), each fault
on a connection of its own. Every answer is checked: a 200 stub must answer 200 with its own body; a fault
must end as that fault does (EMPTY_RESPONSE: no byte, then EOF; MALFORMED_RESPONSE_CHUNK: a 200 head with
Transfer-Encoding: chunked, then no chunk size, then EOF; RANDOM_DATA_THEN_CLOSE: bytes that are no status
line, then EOF; CONNECTION_RESET_BY_PEER: ECONNRESET). Anything else (another answer, a timeout, a refused
connection) is a wrong answer.

The server's open fds (/proc/PID/fd) and VmRSS are sampled at the start (after a 2 s warm-up of the same
mix), every 5 s during the run, and at the end. At the start and the end no client connection is open:
every thread ends its kept-alive connection with Connection: close and reads to EOF, and a fault's
connection is closed by the server before the client sees its end, so the server has closed its side of
each before the sample is taken. Asserted at the end: fds within +2 of the start, VmRSS within 10% of the
start, zero wrong answers, GET /__admin/health answers 200. Exit 0 with a summary; otherwise 1 with a
one-line reason (the summary and both series printed first).
"""
import argparse
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

JSON = {"Content-Type": "application/json"}
# name: (mapping's response, what is expected: "answer" or the fault)
STUBS = {
    "plain": ({"status": 200, "jsonBody": {"kind": "plain", "items": list(range(10))}, "headers": JSON}, "answer"),
    "fixed": ({"status": 200, "jsonBody": {"kind": "fixed"}, "headers": JSON, "fixedDelayMilliseconds": 10}, "answer"),
    "uniform": ({"status": 200, "jsonBody": {"kind": "uniform"}, "headers": JSON,
                 "delayDistribution": {"type": "uniform", "lower": 5, "upper": 15}}, "answer"),
    "dribble": ({"status": 200, "jsonBody": {"kind": "dribble", "text": "x" * 200}, "headers": JSON,
                 "chunkedDribbleDelay": {"numberOfChunks": 4, "totalDuration": 20}}, "answer"),
    "empty": ({"fault": "EMPTY_RESPONSE"}, "EMPTY_RESPONSE"),
    "malformed": ({"fault": "MALFORMED_RESPONSE_CHUNK"}, "MALFORMED_RESPONSE_CHUNK"),
    "random": ({"fault": "RANDOM_DATA_THEN_CLOSE"}, "RANDOM_DATA_THEN_CLOSE"),
    "reset": ({"fault": "CONNECTION_RESET_BY_PEER"}, "CONNECTION_RESET_BY_PEER"),
}
TIMEOUT = 10  # seconds a request may take before it counts as wrong (the slowest stub takes 20 ms)


def body_of(name):
    """The exact body a 200 stub answers: its jsonBody, compact, as the server writes it."""
    return json.dumps(STUBS[name][0]["jsonBody"], separators=(",", ":")).encode()


class Client(threading.Thread):
    """Loops over random stubs until `deadline`; counts requests and wrong answers by stub."""

    def __init__(self, port, deadline, seed):
        super().__init__(daemon=True)
        self.port, self.deadline, self.random = port, deadline, random.Random(seed)
        self.done = {name: 0 for name in STUBS}
        self.wrong = {name: 0 for name in STUBS}
        self.reasons = []
        self.sock, self.buffered = None, b""

    def connect(self):
        return socket.create_connection(("127.0.0.1", self.port), timeout=TIMEOUT)

    def recv(self):
        more = self.sock.recv(65536)
        if not more:
            raise ConnectionError("EOF before the answer's end")
        self.buffered += more

    def answer(self, name, close):
        """One request on the kept-alive connection: None when the stub's 200 and body came, else why not."""
        if self.sock is None:
            self.sock, self.buffered = self.connect(), b""
        connection = b"Connection: close\r\n" if close else b""
        self.sock.sendall(b"GET /soak/" + name.encode() + b" HTTP/1.1\r\nHost: soak\r\n" + connection + b"\r\n")
        while b"\r\n\r\n" not in self.buffered:
            self.recv()
        head, _, self.buffered = self.buffered.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        fields = {n.strip().lower(): v.strip() for n, _, v in (line.partition(":") for line in lines[1:])}
        length = int(fields.get("content-length", "-1"))
        if length < 0:
            return f"no Content-Length: {lines[0]!r}"
        while len(self.buffered) < length:
            self.recv()
        body, self.buffered = self.buffered[:length], self.buffered[length:]
        if close:
            # The server closes after this answer: EOF, and its side of the connection is gone.
            if self.buffered or self.sock.recv(65536):
                return "bytes after the answer to Connection: close"
            self.sock.close()
            self.sock = None
        if not lines[0].startswith("HTTP/1.1 200 "):
            return f"status line {lines[0]!r}"
        if body != body_of(name):
            return f"body {body[:80]!r}"
        return None

    def fault(self, name):
        """One request on a connection of its own: None when it ended as its fault does, else why not."""
        expected = STUBS[name][1]
        sock = self.connect()
        got, reset = b"", False
        try:
            sock.sendall(b"GET /soak/" + name.encode() + b" HTTP/1.1\r\nHost: soak\r\n\r\n")
            while True:
                more = sock.recv(65536)
                if not more:
                    break
                got += more
        except ConnectionResetError:
            reset = True
        finally:
            sock.close()
        ended = "ECONNRESET" if reset else "EOF"
        what = f"{len(got)} bytes ({got[:40]!r}), then {ended}"
        if expected == "CONNECTION_RESET_BY_PEER":
            return None if reset and not got else what
        if expected == "EMPTY_RESPONSE":
            return None if not got else what
        if expected == "RANDOM_DATA_THEN_CLOSE":
            return None if got and not got.startswith(b"HTTP/") else what
        # MALFORMED_RESPONSE_CHUNK: a chunked 200 head, then something that is no chunk size.
        head, _, rest = got.partition(b"\r\n\r\n")
        chunked = head.startswith(b"HTTP/1.1 200") and b"transfer-encoding: chunked" in head.lower()
        size_line = rest.split(b"\r\n", 1)[0]
        return None if chunked and not re.fullmatch(rb"[0-9A-Fa-f]+", size_line) else what

    def run(self):
        names = list(STUBS)
        while time.monotonic() < self.deadline:
            name = self.random.choice(names)
            try:
                if STUBS[name][1] == "answer":
                    why = self.answer(name, close=self.random.random() < 0.1)
                else:
                    why = self.fault(name)
            except OSError as error:
                why = repr(error)
                if self.sock is not None:
                    self.sock.close()
                    self.sock = None
            self.done[name] += 1
            if why is not None:
                self.wrong[name] += 1
                if len(self.reasons) < 3:
                    self.reasons.append(f"/soak/{name}: {why}")
        if self.sock is not None:
            # The last request closes: after its EOF the server holds nothing of this thread's.
            try:
                why = self.answer("plain", close=True)
            except OSError as error:
                why = repr(error)
            self.done["plain"] += 1
            if why is not None:
                self.wrong["plain"] += 1
                self.reasons.append(f"/soak/plain (closing): {why}")


def run_clients(port, threads, seconds, seed):
    deadline = time.monotonic() + seconds
    clients = [Client(port, deadline, seed * 1000 + i) for i in range(threads)]
    for client in clients:
        client.start()
    return clients


def join(clients):
    for client in clients:
        client.join(TIMEOUT * 3)
        if client.is_alive():
            raise SystemExit("FAIL: a client thread did not finish (a request hung past its timeout?)")


def fd_count(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise SystemExit("FAIL: no VmRSS in /proc/PID/status")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("bin", help="the shortcut-serve binary")
    parser.add_argument("--seconds", type=float, default=60, help="how long the clients run (default 60)")
    parser.add_argument("--threads", type=int, default=20, help="client threads (default 20)")
    parser.add_argument("--interval", type=float, default=5, help="seconds between samples (default 5)")
    parser.add_argument("--seed", type=int, default=int(time.time()), help="the mix's random seed")
    args = parser.parse_args()

    store = tempfile.TemporaryDirectory(prefix="faults-soak-")
    server = subprocess.Popen([args.bin, "--port", "0", "--store", store.name, "--quiet"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # Standard error is drained all along (a full pipe would stall the server) and shown on failure.
    errors = []
    threading.Thread(target=lambda: errors.extend(server.stderr), daemon=True).start()
    failures = []
    try:
        line = b""
        for line in server.stdout:
            if b"listening on" in line:
                break
        found = re.search(rb":(\d+)\s*$", line)
        if not found:
            raise SystemExit(f"FAIL: the server printed no 'listening on' line (exit {server.poll()}): "
                             f"{b''.join(errors)[:300]!r}")
        threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
        port, pid = int(found.group(1)), server.pid
        base = f"http://127.0.0.1:{port}"

        for name, (response, _) in STUBS.items():
            mapping = {"request": {"method": "GET", "url": "/soak/" + name}, "response": response}
            request = urllib.request.Request(base + "/__admin/mappings", json.dumps(mapping).encode(), JSON)
            with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
                if answer.status != 201:
                    raise SystemExit(f"FAIL: POST /__admin/mappings for /soak/{name} answered {answer.status}")

        # Warm-up (a measurement period): the journal fills and every path runs once before the first sample.
        warmup = run_clients(port, args.threads, 2, args.seed)
        join(warmup)
        fds, rss, times = [fd_count(pid)], [rss_kib(pid)], ["start"]

        started = time.monotonic()
        clients = run_clients(port, args.threads, args.seconds, args.seed + 1)
        next_sample = started + args.interval
        while next_sample < started + args.seconds:
            time.sleep(next_sample - time.monotonic())  # the sampling interval
            fds.append(fd_count(pid))
            rss.append(rss_kib(pid))
            times.append(f"{next_sample - started:.0f}s")
            next_sample += args.interval
        join(clients)
        elapsed = time.monotonic() - started
        fds.append(fd_count(pid))
        rss.append(rss_kib(pid))
        times.append("end")

        done = {name: sum(c.done[name] for c in warmup + clients) for name in STUBS}
        wrong = {name: sum(c.wrong[name] for c in warmup + clients) for name in STUBS}
        total = sum(sum(c.done.values()) for c in clients)
        print("fds: " + ", ".join(f"{t} {n}" for t, n in zip(times, fds)))
        print("VmRSS MiB: " + ", ".join(f"{t} {n / 1024:.1f}" for t, n in zip(times, rss)))
        print(f"requests ({args.threads} threads, {elapsed:.0f} s and the 2 s warm-up; {total / elapsed:.0f}/s after "
              f"the warm-up): " + ", ".join(f"{name} {done[name]}" for name in STUBS)
              + f"; wrong {sum(wrong.values())}; seed {args.seed}")

        if sum(wrong.values()):
            reasons = [r for c in warmup + clients for r in c.reasons][:3]
            failures.append(f"{sum(wrong.values())} wrong answers ("
                            + ", ".join(f"{n} {k}" for k, n in wrong.items() if n) + "), e.g. " + " | ".join(reasons))
        if fds[-1] > fds[0] + 2:
            failures.append(f"open fds grew from {fds[0]} to {fds[-1]} (more than +2)")
        if abs(rss[-1] - rss[0]) > rss[0] * 0.10:
            failures.append(f"VmRSS moved from {rss[0] / 1024:.1f} to {rss[-1] / 1024:.1f} MiB (more than 10%)")
        try:
            with urllib.request.urlopen(base + "/__admin/health", timeout=TIMEOUT) as answer:
                if answer.status != 200:
                    failures.append(f"GET /__admin/health answered {answer.status}")
        except OSError as error:
            failures.append(f"GET /__admin/health failed: {error!r} (server exit {server.poll()})")
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        store.cleanup()
    if failures:
        print("FAIL: " + "; ".join(failures))
        return 1
    print("faults soak: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
