#!/usr/bin/env bash
# scripts/oracle.sh [BIN]: the stubs against the real WireMock 2.35.1, case by case (issue 48, point 4).
# Starts WireMock 2.35.1 (the jar inside PyPI's wiremock 2.7.0 wheel) and BIN (.build/release/shortcut-serve by
# default), each on a free port with a store of its own, then Tests/Oracle/oracle.py sends every case of
# Tests/Oracle/cases/*.json to both and compares status, body and the headers the mapping sets. A difference not
# in Tests/Oracle/differences.json fails the run. Installs what it needs when missing: Java (apt-get, as root)
# and the wheel (a venv in .build/oracle-venv).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
BIN=${1:-$ROOT/.build/release/shortcut-serve}
[ -x "$BIN" ] || { echo "error: $BIN is not an executable (build it: swift build -c release)" >&2; exit 1; }

if ! command -v java > /dev/null; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openjdk-17-jre-headless > /dev/null
  else
    echo "error: java is missing (apt-get install openjdk-17-jre-headless, as root)" >&2
    exit 1
  fi
fi

# The wheel carries the standalone jar: pinning the wheel pins WireMock's version.
VENV=$ROOT/.build/oracle-venv
JAR=$(ls "$VENV"/lib/python3*/site-packages/wiremock/server/wiremock-standalone-2.35.1.jar 2> /dev/null | head -1 || true)
if [ -z "$JAR" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q wiremock==2.7.0
  JAR=$(ls "$VENV"/lib/python3*/site-packages/wiremock/server/wiremock-standalone-2.35.1.jar | head -1)
fi

free_port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }
WORK=$(mktemp -d)
WM_PID=""
SS_PID=""
stop_both() {
  [ -n "$WM_PID" ] && kill "$WM_PID" 2> /dev/null || true
  [ -n "$SS_PID" ] && kill "$SS_PID" 2> /dev/null || true
  wait 2> /dev/null || true
  rm -rf "$WORK"
}
trap stop_both EXIT

mkdir -p "$WORK/wiremock/mappings" "$WORK/wiremock/__files" "$WORK/store"
WM_PORT=$(free_port)
java -jar "$JAR" --port "$WM_PORT" --root-dir "$WORK/wiremock" --local-response-templating --disable-banner \
  > "$WORK/wiremock.log" 2>&1 &
WM_PID=$!

# The binary says its port on its first line: port 0 cannot be taken by another process in between.
mkfifo "$WORK/ss.out"
"$BIN" --port 0 --store "$WORK/store" --quiet > "$WORK/ss.out" 2> "$WORK/ss.err" &
SS_PID=$!
exec 3< "$WORK/ss.out"
SS_URL=""
while IFS= read -r -t 20 line <&3; do
  case $line in
    *"listening on http://"*) SS_URL=http://${line#*http://}; break ;;
  esac
done
[ -n "$SS_URL" ] || { echo "error: $BIN did not say 'listening on http://…' within 20 s" >&2; cat "$WORK/ss.err" >&2; exit 1; }
# Keep reading its standard output, so that a full pipe never blocks it.
cat <&3 > /dev/null &
SS_URL=${SS_URL%%[[:space:]]*}
SS_URL=${SS_URL%/}

python3 Tests/Oracle/oracle.py --wiremock "http://127.0.0.1:$WM_PORT" --ours "$SS_URL" --wait 60 || {
  status=$?
  [ "$status" = 2 ] && tail -20 "$WORK/wiremock.log" >&2
  exit "$status"
}
