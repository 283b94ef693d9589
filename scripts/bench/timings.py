"""Timings the unit tests assert only functionally (issue 10: no wall-clock bounds in unit tests).

Usage: timings.py BINARY STORE

Starts the release binary with 0.3 s header and idle timeouts and prints how long after its limit each
timeout acts, and how soon another connection is answered while one waits on a 600 ms delayed answer
(`?mocky-delay=`); STORE must hold the record `bench3k`. Timings on a shared machine: read them, do not
gate on them.
"""
import re, socket, subprocess, sys, time

binary, store = sys.argv[1], sys.argv[2]
server = subprocess.Popen([binary, "--port", "0", "--store", store, "--quiet", "--header-timeout", "0.3",
                           "--idle-timeout", "0.3"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
port = int(re.search(r":(\d+)$", server.stdout.readline().decode().strip()).group(1))


def connect():
    return socket.create_connection(("127.0.0.1", port), timeout=10)


def read_head(s):
    data = b""
    while b"\r\n\r\n" not in data:
        more = s.recv(65536)
        if not more:
            break
        data += more
    return data


def closed_after(s):
    started = time.perf_counter()
    while s.recv(65536):
        pass
    return time.perf_counter() - started


try:
    s = connect()
    started = time.perf_counter()
    s.sendall(b"GET /s HTTP/1.1\r\nHost: a\r\n")
    head = read_head(s)
    print(f"header timeout 0.3 s: {head.split(b' ')[1].decode()} after {time.perf_counter() - started:.3f} s")
    s.close()

    s = connect()
    s.sendall(b"GET /s HTTP/1.1\r\nHost: a\r\n\r\n")
    read_head(s)
    print(f"idle timeout 0.3 s: closed {closed_after(s):.3f} s after the answer")

    slow, other = connect(), connect()
    started = time.perf_counter()
    slow.sendall(b"GET /v3/bench3k?mocky-delay=600ms HTTP/1.1\r\nHost: a\r\n\r\n")
    other.sendall(b"GET /s HTTP/1.1\r\nHost: a\r\n\r\n")
    read_head(other)
    fast = time.perf_counter() - started
    read_head(slow)
    print(f"during a 600 ms delayed answer another connection was answered after {fast * 1000:.1f} ms; "
          f"the delayed one after {(time.perf_counter() - started) * 1000:.0f} ms")
finally:
    server.send_signal(2)
    server.wait()
