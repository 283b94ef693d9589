"""A flood of requests no stub matches, beside a matched one (issue 47, point 7): BIN serves a stubs folder of
5,000 POST stubs (distinct urlPath, a 300-byte equalTo body) and one GET /plain; 8 threads send unmatched POSTs
with 4 KB paths and 4 KB bodies (each answered with a near-miss report) for SECONDS, while the main thread times
GET /plain, one at a time, 20 a second. Prints the count of unmatched answers and the matched GET's p50, p99, max.

    python3 scripts/bench/near_miss_flood.py BIN [SECONDS]
"""
import json, os, shutil, socket, subprocess, sys, tempfile, threading, time

binary = sys.argv[1]
seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 10
root, store = tempfile.mkdtemp(), tempfile.mkdtemp()
os.makedirs(root + "/mappings")
body = "x" * 300
mappings = [{"request": {"method": "POST", "urlPath": f"/items/{i}", "bodyPatterns": [{"equalTo": body}]}, "response": {"body": "ok"}}
            for i in range(5000)]
mappings.append({"request": {"method": "GET", "url": "/plain"}, "response": {"body": "plain"}})
with open(root + "/mappings/all.json", "w") as f:
    json.dump({"mappings": mappings}, f)
server = subprocess.Popen([binary, "--port", "0", "--stubs", root, "--quiet", "--store", store],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
port = None
for line in server.stdout:
    if "listening on" in line:
        port = int(line.strip().rsplit(":", 1)[1].split("/")[0])
        break
threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()


def exchange(data):
    """One request on its own connection (Connection: close); the whole answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        s.sendall(data)
        out = b""
        while chunk := s.recv(65536):
            out += chunk
        return out


end = time.time() + seconds
unmatched = [0]


def flood():
    path, payload = "/items/" + "z" * 4000, b"y" * 4000
    head = f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Length: {len(payload)}\r\nConnection: close\r\n\r\n".encode()
    while time.time() < end:
        assert b" 404 " in exchange(head + payload)[:20]
        unmatched[0] += 1


threads = [threading.Thread(target=flood) for _ in range(8)]
for t in threads:
    t.start()
latencies = []
try:
    while time.time() < end:
        start = time.perf_counter()
        answer = exchange(b"GET /plain HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        latencies.append((time.perf_counter() - start) * 1000)
        assert answer.endswith(b"plain"), answer[:200]
        time.sleep(0.05)  # the pace of the probe, not a wait for the server
    for t in threads:
        t.join()
finally:
    server.terminate()
    server.wait()
    shutil.rmtree(root, ignore_errors=True)
    shutil.rmtree(store, ignore_errors=True)
latencies.sort()
print(f"5,000 stubs, 8 clients of unmatched POSTs (4 KB path and body): {unmatched[0]} near-miss 404s in {seconds:.0f} s; "
      f"GET /plain beside them: n={len(latencies)} p50 {latencies[len(latencies) // 2]:.1f} ms, "
      f"p99 {latencies[int(len(latencies) * 0.99)]:.1f} ms, max {latencies[-1]:.1f} ms")
