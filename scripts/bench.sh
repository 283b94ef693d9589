#!/usr/bin/env bash
# scripts/bench.sh: measure the release build under wrk on loopback (a benchmark, not a test).
#   scripts/bench.sh                 ours alone: the cases below, 5 s each
#   scripts/bench.sh --compare       ours beside nginx, Hummingbird and FlyingFox (../shared/peers/compare.sh),
#                                    same bytes, ratios from one run (takes 4-8 minutes; builds the peers once)
#   scripts/bench.sh --idle          1,000 idle keep-alive connections: RSS, and a fresh request's latency
#   scripts/bench.sh --startup       process start to first answered request (20 starts; median and max)
# Options: --duration 5s, --mode data|page (how /s answers; default data, a 301 with a data: Location).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
what=alone duration=5s mode=data
while [ $# -gt 0 ]; do
  case $1 in
    --compare) what=compare; shift ;;
    --idle) what=idle; shift ;;
    --startup) what=startup; shift ;;
    --duration) duration=$2; shift 2 ;;
    --mode) mode=$2; shift 2 ;;
    -h | --help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "Error: unknown argument $1" >&2; exit 64 ;;
  esac
done
command -v wrk > /dev/null || { apt-get update -q > /dev/null && apt-get install -y -q wrk curl > /dev/null; }
swift build -c release -Xswiftc -warnings-as-errors > /dev/null
BIN=$PWD/.build/release/shortcut-serve
STORE=$(mktemp -d)
trap 'kill $PID 2> /dev/null; rm -rf "$STORE"' EXIT
PID=

if [ "$what" = compare ]; then
  exec ../shared/peers/compare.sh --ours "$BIN --port {port} --store $STORE --mode $mode --quiet" \
    --redirect /s --page /p/demo --duration "$duration"
fi

PORT=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
if [ "$what" = startup ]; then
  python3 - "$BIN" "$PORT" "$STORE" <<'PY'
import socket, subprocess, sys, time
binary, port, store = sys.argv[1], int(sys.argv[2]), sys.argv[3]
times = []
for _ in range(20):
    started = time.perf_counter()
    server = subprocess.Popen([binary, "--port", str(port), "--store", store, "--quiet"], stdout=subprocess.DEVNULL)
    while True:  # a measurement: try to connect until the port answers
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=1)
            break
        except OSError:
            time.sleep(0.0005)
    s.sendall(b"GET /s HTTP/1.1\r\nHost: localhost\r\n\r\n")
    assert s.recv(65536).startswith(b"HTTP/1.1 301")
    times.append((time.perf_counter() - started) * 1000)
    s.close()
    server.terminate()
    server.wait()
times.sort()
print(f"start to first answered request: median {times[10]:.1f} ms, max {times[-1]:.1f} ms (20 starts)")
PY
  exit 0
fi
"$BIN" --port "$PORT" --store "$STORE" --mode "$mode" --quiet > "$STORE.out" &
PID=$!
until grep -q listening "$STORE.out" 2> /dev/null; do kill -0 $PID; sleep 0.05; done
base=http://127.0.0.1:$PORT
rss() { awk '/VmRSS/ { printf "%.1f MiB", $2 / 1024 }' /proc/$PID/status; }
echo "idle RSS: $(rss)"

if [ "$what" = idle ]; then
  python3 - "$PORT" "$PID" <<'PY'
import socket, sys, time
port, pid = int(sys.argv[1]), sys.argv[2]
conns = []
for _ in range(1000):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(b"GET /s HTTP/1.1\r\nHost: a\r\n\r\n")
    conns.append(s)
for s in conns:
    s.recv(65536)
rss = [l for l in open(f"/proc/{pid}/status") if l.startswith("VmRSS")]
times = []
for _ in range(50):
    t = time.perf_counter()
    f = socket.create_connection(("127.0.0.1", port))
    f.sendall(b"GET /s HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
    while f.recv(65536): pass
    times.append((time.perf_counter() - t) * 1000)
    f.close()
times.sort()
print(f"1000 idle keep-alive connections held; {rss[0].strip()}; fresh request p50 {times[25]:.2f} ms, max {times[-1]:.2f} ms")
PY
  exit 0
fi

ID=bench3k
python3 - "$PORT" <<'PY'
import json, sys, urllib.request
port = sys.argv[1]
body = json.dumps({"id": "bench3k", "status": 200, "content_type": "text/html", "content": "<p>" + "x" * 3000 + "</p>"}).encode()
req = urllib.request.Request(f"http://127.0.0.1:{port}/api/mock", body, {"Content-Type": "application/json"})
urllib.request.urlopen(req).read()
PY
run() { printf '%-40s ' "$1"; shift; wrk --latency "$@" | awk '/Requests\/sec/ { r = $2 } $1 == "99%" { p = $2 } END { printf "%10.0f req/s  p99 %s\n", r, p }'; }
run "/s 301 ($mode) keep-alive c100" -t2 -c100 -d"$duration" "$base/s"
run "/s 301 ($mode) keep-alive c256" -t2 -c256 -d"$duration" "$base/s"
run "/p/demo 200 keep-alive c100" -t2 -c100 -d"$duration" "$base/p/demo"
run "/v3/$ID 200 (3 KB) keep-alive c100" -t2 -c100 -d"$duration" "$base/v3/$ID"
run "/s Connection: close c10" -t2 -c10 -d"$duration" -H 'Connection: close' "$base/s"
echo "peak RSS: $(awk '/VmHWM/ { printf "%.1f MiB", $2 / 1024 }' /proc/$PID/status)"
