#!/usr/bin/env python3
"""Open time of a big store, and plays of distinct records (fill_store.py's ids r000000...).

    store_open.py BIN STORE COUNT          5 starts: start to the 'listening' line, and to the first
                                           answered GET /v3/<random id> (body checked); each stopped
    store_open.py --play N PORT COUNT      GET /v3/<id> for N distinct random ids of COUNT on one
                                           keep-alive connection, every body checked; time per play
    store_open.py --settle PID             waits until the server's CPU time stops growing (the start's
                                           background read of every record, ShortcutApp.reportStoreProblems,
                                           is done); prints how long that took and the RSS then
"""
import random
import socket
import statistics
import subprocess
import sys
import time


def get(s, path):
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: a\r\n\r\n".encode())
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(65536)
        if not chunk:
            raise ConnectionError("closed")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(next(l.split(b":")[1] for l in head.split(b"\r\n") if l.lower().startswith(b"content-length")))
    while len(body) < length:
        body += s.recv(65536)
    return head.split(b" ")[1], body


def check(status, body, rid):
    assert status == b"200" and body.startswith(f"<p>{rid}</p>".encode()) and len(body) == 3000, (rid, status, body[:40])


def open_times(binary, store, count):
    listening, first = [], []
    for _ in range(5):
        started = time.perf_counter()
        server = subprocess.Popen([binary, "--port", "0", "--store", store, "--quiet"], stdout=subprocess.PIPE, text=True)
        line = server.stdout.readline()
        listening.append((time.perf_counter() - started) * 1000)
        s = socket.create_connection(("127.0.0.1", int(line.rsplit(":", 1)[1])))
        rid = f"r{random.randrange(count):06d}"
        status, body = get(s, f"/v3/{rid}")
        first.append((time.perf_counter() - started) * 1000)
        check(status, body, rid)
        s.close()
        server.terminate()
        server.wait()
    listening.sort()
    first.sort()
    print(f"open ({count} records, 5 starts): start to 'listening' median {statistics.median(listening):.0f} ms "
          f"(min {listening[0]:.0f}, max {listening[-1]:.0f}); start to first answered /v3/<random id> "
          f"median {statistics.median(first):.0f} ms (min {first[0]:.0f}, max {first[-1]:.0f})")


def play(n, port, count):
    s = socket.create_connection(("127.0.0.1", port))
    times = []
    for k in random.sample(range(count), n):
        rid = f"r{k:06d}"
        t = time.perf_counter()
        status, body = get(s, f"/v3/{rid}")
        times.append(time.perf_counter() - t)
        check(status, body, rid)
    s.close()
    times.sort()
    print(f"{n} distinct random records played (one keep-alive connection, each a first read of its file, bodies "
          f"checked): {sum(times):.2f} s, p50 {times[n // 2] * 1e6:.0f} us, p99 {times[n * 99 // 100] * 1e6:.0f} us")


def settle(pid):
    hz = __import__("os").sysconf("SC_CLK_TCK")
    def cpu():
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    def rss():
        return next(int(l.split()[1]) for l in open(f"/proc/{pid}/status") if l.startswith("VmRSS")) / 1024
    start, first, last, quiet_since = time.perf_counter(), cpu(), cpu(), None
    while time.perf_counter() - start < 300:
        time.sleep(0.25)
        now = cpu()
        if now - last <= 1:  # under 4% of a core for a quarter second
            if quiet_since is None:
                quiet_since = time.perf_counter()
            elif time.perf_counter() - quiet_since >= 1:
                break
        else:
            quiet_since = None
        last = now
    took = (quiet_since or time.perf_counter()) - start
    print(f"background read of every record after start: busy for {took:.1f} s more, {(last - first) / hz:.1f} s of CPU; "
          f"RSS once idle: {rss():.1f} MiB")


if __name__ == "__main__":
    if sys.argv[1] == "--settle":
        settle(int(sys.argv[2]))
    elif sys.argv[1] == "--play":
        play(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
    else:
        open_times(sys.argv[1], sys.argv[2], int(sys.argv[3]))
